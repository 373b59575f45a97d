import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { turkishCatalog as tr } from '@kanat360/i18n';
import { describe, expect, it } from 'vitest';
import { PANEL_OMITS_MESSAGE_PREFIXES, panelShare } from './panel-catalog';

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
    expect(share['panel.turbine.notFound']).toBe('Türbin bulunamadı');
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
