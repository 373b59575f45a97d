import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CATALOG_AREAS, catalogChunk, type CatalogArea } from './src/i18n/panel-catalog.ts';

const LANGUAGE_CATALOGS = { tr: '../locales/tr.json', en: '../locales/en.json' } as const;
const CATALOG_MAP_ID = 'virtual:panel-catalogs';
/** A chunk's module: `panel-catalog-<language>-<area>` (its file name keeps it: scripts/check-bundle.mjs reads it). */
const CATALOG_CHUNK = /^\0?panel-catalog-(tr|en)-(\w+)$/;

/**
 * The panel's copy of the message catalogs: its share only, one chunk per language and area (src/i18n/panel-catalog.ts),
 * and `virtual:panel-catalogs`, the map from language and area to that chunk's import that src/i18n/language.ts reads.
 */
function panelCatalogs(): Plugin {
  return {
    name: 'kanat360-panel-catalogs',
    resolveId(id) {
      if (id === CATALOG_MAP_ID) return `\0${CATALOG_MAP_ID}`;
      return CATALOG_CHUNK.test(id) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${CATALOG_MAP_ID}`) {
        const languages = Object.keys(LANGUAGE_CATALOGS).map(
          (language) =>
            `${language}: {${CATALOG_AREAS.map((area) => `${area}: () => import('panel-catalog-${language}-${area}')`).join(', ')}}`,
        );
        return `export const CATALOG_CHUNKS = {${languages.join(', ')}};`;
      }
      const chunk = CATALOG_CHUNK.exec(id);
      if (!chunk) return null;
      const [, language, area] = chunk as unknown as [string, keyof typeof LANGUAGE_CATALOGS, CatalogArea];
      const file = fileURLToPath(new URL(LANGUAGE_CATALOGS[language], import.meta.url));
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      // JSON.parse of a string: parsed faster than the same object as a literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalogChunk(catalog, area)))});`;
    },
  };
}

/** The BFF serves panel/dist under /dashboard/ (DESIGN.md, "Runtime defaults"). */
export default defineConfig({
  base: '/dashboard/',
  plugins: [
    // Before the React plugin: it generates src/routeTree.gen.ts and splits each route's component into its chunk.
    // The loaders too (issue #23): the API modules and URL readers of every other screen stay out of the first load.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['component'], ['errorComponent'], ['notFoundComponent'], ['loader']],
      },
      quoteStyle: 'single',
    }),
    panelCatalogs(),
    react(),
    tailwindcss(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5174,
    // `pnpm dev` against a BFF started with `npm start` (port 3000): same-origin cookies through the proxy.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/check-bundle.mjs to weigh what the first load of /dashboard downloads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework every screen needs, in one chunk that stays cached across releases of the panel's own code.
          // An explicit list: heavy libraries of later screens (viewers) must stay in their routes' lazy chunks.
          // TanStack Virtual only serves the turbine screen's long lists: it stays in that screen's chunk. zod too
          // stays out: only the forms use it (the first load reads its addresses by hand, src/search/url-values.ts).
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!react-virtual|virtual-core)[^\\/]+|jotai)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
