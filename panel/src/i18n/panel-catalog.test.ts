import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { turkishCatalog as tr } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';
import {
  isScreenKey,
  PANEL_OMITS_MESSAGE_PREFIXES,
  panelPart,
  panelShare,
  SCREEN_MESSAGE_PREFIXES,
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

describe('the two parts of the panel’s share', () => {
  it('holds every key of the share in exactly one part', () => {
    const shell = panelPart(tr, 'shell');
    const screens = panelPart(tr, 'screens');
    expect({ ...shell, ...screens }).toEqual(panelShare(tr));
    expect(Object.keys(shell).filter((key) => key in screens)).toEqual([]);
  });

  it('keeps the shell’s texts (navigation, errors, the turbine list) in the first part, the other screens’ after', () => {
    const shell = panelPart(tr, 'shell');
    expect(shell['errors.TURBINE_NOT_FOUND']).toBeDefined();
    expect(Object.keys(shell).some((key) => key.startsWith('panel.turbines.'))).toBe(true);
    expect(Object.keys(shell).some(isScreenKey)).toBe(false);
    const screens = panelPart(tr, 'screens');
    expect(screens['panel.turbine.notFound']).toBe('Türbin bulunamadı');
    // Every prefix names keys that exist: a renamed area would otherwise drift back into the first load unseen.
    expect(
      SCREEN_MESSAGE_PREFIXES.filter((prefix) => !Object.keys(screens).some((key) => key.startsWith(prefix))),
    ).toEqual([]);
  });
});
