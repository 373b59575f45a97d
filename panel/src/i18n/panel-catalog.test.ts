import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { turkishCatalog as tr } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';
import {
  CATALOG_AREAS,
  type CatalogArea,
  catalogArea,
  catalogChunk,
  LAZY_CATALOG_AREAS,
  PANEL_OMITS_MESSAGE_PREFIXES,
  panelShare,
} from './panel-catalog';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the panel’s share of the catalogs', () => {
  it('keeps every key but the site’s, the mails’ and the report PDF’s', () => {
    const share = panelShare(tr);
    expect(share['panel.turbine.notFound']).toBe(tr['panel.turbine.notFound']);
    expect(share['errors.TURBINE_NOT_FOUND']).toBeDefined();
    expect(share['findings.type.erosion']).toBeDefined();
    const dropped = Object.keys(tr).filter((key) => !(key in share));
    expect(dropped.length).toBeGreaterThan(Object.keys(tr).length / 4);
    expect(dropped.every((key) => PANEL_OMITS_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix)))).toBe(true);
    expect(Object.keys(share).some((key) => /^(site|mail|findings\.report|findings\.reportReady)\./.test(key))).toBe(
      false,
    );
  });

  it('holds every key the panel’s code names (none of the dropped ones is used)', () => {
    const used = sources(SOURCE).flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /['"`]((?:site|mail|findings\.report|findings\.reportReady|repairs\.mail|repairs\.calendar|repairs\.export)\.[\w.]+)['"`]/g,
        ),
      ].map((match) => `${file}: ${match[1]}`),
    );
    expect(PANEL_OMITS_MESSAGE_PREFIXES).toEqual([
      'site.',
      'mail.',
      'findings.report.',
      'findings.reportReady.',
      'repairs.mail.',
      'repairs.calendar.',
      'repairs.export.',
    ]);
    expect(used).toEqual([]);
  });
});

/** The panel's own modules a file imports, statically (the ones a route's chunks are made of). */
function localImports(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*?from '((?:@\/|\.)[^']+)'/gm)].flatMap(
    ([, specifier = '']) => {
      const base = specifier.startsWith('@/') ? join(SOURCE, specifier.slice(2)) : resolve(dirname(file), specifier);
      const found = ['', '.ts', '.tsx', '/index.ts']
        .map((ending) => base + ending)
        .find((path) => existsSync(path) && statSync(path).isFile());
      return found && !found.endsWith('.json') ? [found] : [];
    },
  );
}

/** Every message key (or a template's known beginning) a file and what it imports name. */
function keysUsedFrom(files: string[]): Map<string, string> {
  const seen = new Set<string>();
  const keys = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file) || /(\.test\.tsx?|routeTree\.gen\.ts)$/.test(file)) return;
    seen.add(file);
    for (const [, key = ''] of readFileSync(file, 'utf8').matchAll(
      /['"`]((?:panel|findings|repairs|errors|common)\.[\w.]+)/g,
    ))
      keys.set(key, file);
    localImports(file).forEach(visit);
  };
  files.forEach(visit);
  return keys;
}

const ROUTES = join(SOURCE, 'routes');
/** The areas each route asks for in its beforeLoad (none: the shell only). */
function routeAreas(file: string): CatalogArea[] {
  const call = /loadCatalogAreas\(([^)]*)\)/.exec(readFileSync(file, 'utf8'));
  return [...(call?.[1] ?? '').matchAll(/'(\w+)'/g)].map(([, area]) => area as CatalogArea);
}

describe('the catalog’s chunks (issue #23: the first load carries the shell’s texts only)', () => {
  it('puts every key of the panel’s share in exactly one chunk, in both languages', () => {
    const share = Object.keys(panelShare(tr));
    const chunks = CATALOG_AREAS.map((area) => Object.keys(catalogChunk(tr, area)));
    expect(chunks.flat().sort()).toEqual([...share].sort());
    expect(new Set(chunks.flat()).size).toBe(share.length);
    expect(chunks.every((keys) => keys.length > 0)).toBe(true);
    expect(Object.keys(catalogChunk(tr, 'workspace'))).toContain('panel.findingViewer.title');
    expect(catalogChunk(tr, 'shell')['panel.findingViewer.title']).toBeUndefined();
  });

  it('names areas by prefixes that exist: a renamed one would otherwise drift back into the first load unseen', () => {
    const share = Object.keys(panelShare(tr));
    const stale = Object.values(LAZY_CATALOG_AREAS)
      .flat()
      .filter((prefix) => !share.some((key) => key.startsWith(prefix)));
    expect(stale).toEqual([]);
  });

  it('sends a key of a new prefix to the shell, so it is never missing', () => {
    expect(catalogArea('panel.somethingNew.title')).toBe('shell');
    expect(catalogArea('panel.users.title')).toBe('admin');
  });

  it('has in the shell every key the login, the nav and the turbine list name', () => {
    const used = keysUsedFrom([
      join(SOURCE, 'main.tsx'),
      join(ROUTES, '__root.tsx'),
      join(ROUTES, '_auth.tsx'),
      join(ROUTES, '_auth', 'index.tsx'),
    ]);
    expect(used.size).toBeGreaterThan(50);
    const elsewhere = [...used].filter(([key]) => catalogArea(key) !== 'shell').map(([key, file]) => `${file}: ${key}`);
    expect(elsewhere).toEqual([]);
  });

  it('has every key a route names in the shell or in an area its beforeLoad fetches', () => {
    const routeFiles = readdirSync(join(ROUTES, '_auth'))
      .filter((name) => name.endsWith('.tsx'))
      .map((name) => join(ROUTES, '_auth', name));
    // A route's children have its areas (a turbine's screens are children of turbine.$turbineId.tsx, a repair's
    // page of repairs.tsx): each dotted beginning of a file's name that is a route file itself is its layout.
    const layout = join(ROUTES, '_auth', 'turbine.$turbineId.tsx');
    const layoutsOf = (file: string) => {
      const parts = file.slice(join(ROUTES, '_auth').length + 1, -'.tsx'.length).split('.');
      return parts
        .slice(1)
        .map((_, end) => join(ROUTES, '_auth', `${parts.slice(0, end + 1).join('.')}.tsx`))
        .filter((candidate) => routeFiles.includes(candidate));
    };
    let named = 0;
    const missing = routeFiles.flatMap((file) => {
      const areas = new Set<CatalogArea>(['shell', ...routeAreas(file), ...layoutsOf(file).flatMap(routeAreas)]);
      const used = keysUsedFrom([file]);
      named += used.size;
      return [...used]
        .filter(([key]) => !areas.has(catalogArea(key)))
        .map(([key, from]) => `${file.slice(ROUTES.length)} → ${from.slice(SOURCE.length)}: ${key}`);
    });
    expect(routeAreas(layout)).toContain('workspace');
    expect(layoutsOf(join(ROUTES, '_auth', 'turbine.$turbineId.findings.$findingId.index.tsx'))).toContain(layout);
    expect(named).toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });
});
