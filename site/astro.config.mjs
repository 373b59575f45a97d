// @ts-check
import { copyFile, mkdir } from 'node:fs/promises';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';

/**
 * Astro writes the page /500 as dist/500.html (it treats 404 and 500 as status-code pages). Every other page,
 * /en/500 included, is a folder with an index.html, and the server links to /500 like any page: copy it there too.
 * @returns {import('astro').AstroIntegration}
 */
function serverErrorPageFolder() {
  return {
    name: 'kanat360:server-error-page-folder',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        await mkdir(new URL('500/', dir), { recursive: true });
        await copyFile(new URL('500.html', dir), new URL('500/index.html', dir));
      },
    },
  };
}

// Static bilingual site: Turkish (the default locale) at /…, English at /en/…. The BFF serves site/dist as-is,
// with dist/404.html for unknown paths.
export default defineConfig({
  output: 'static',
  outDir: './dist',
  i18n: {
    locales: ['tr', 'en'],
    defaultLocale: 'tr',
    routing: { prefixDefaultLocale: false },
  },
  integrations: [react(), serverErrorPageFolder()],
  vite: {
    plugins: [tailwindcss()],
    // `pnpm dev` against a BFF started with `npm start` (port 3000): same-origin cookies through the proxy.
    server: { proxy: { '/api': 'http://localhost:3000' } },
  },
});
