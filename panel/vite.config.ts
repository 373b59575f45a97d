import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { type CatalogPart, panelPart } from './src/i18n/panel-catalog.ts';

/**
 * The panel's copy of the message catalogs: its share only, in two parts (`tr.json?shell`, `tr.json?screens`:
 * src/i18n/panel-catalog.ts).
 */
function panelCatalogs(): Plugin {
  return {
    name: 'kanat360-panel-catalogs',
    // Before Vite's own JSON plugin would read the file.
    enforce: 'pre',
    transform(code, id) {
      const part = /[\\/]locales[\\/](?:tr|en)\.json\?(shell|screens)$/.exec(id)?.[1] as CatalogPart | undefined;
      if (!part) return null;
      // A module, not JSON: with a query in its name the file is no longer taken for JSON.
      const messages = panelPart(JSON.parse(code) as Record<string, string>, part);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(messages))});`, map: null };
    },
  };
}

/** The BFF serves panel/dist under /dashboard/ (DESIGN.md, "Runtime defaults"). */
export default defineConfig({
  base: '/dashboard/',
  plugins: [
    // Before the React plugin: it generates src/routeTree.gen.ts and splits each route's component into its chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
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
