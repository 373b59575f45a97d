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
  // Absolute addresses for hreflang alternates, canonical links and the sitemap: the same PUBLIC_URL the server
  // uses for mailed links (read at build time), with the default `npm start` address otherwise.
  site: process.env.PUBLIC_URL || 'http://localhost:3000',
  image: {
    // The scene pictures are SVG files drawn by scripts/draw-scenes.mjs in this repository (no third-party
    // SVG is ever processed): sharp rasterises them to sized AVIF and WebP.
    dangerouslyProcessSVG: true,
    // AVIF at sharp's default effort takes many seconds per picture on a small machine; effort 2 is a few
    // times faster for files a few kilobytes larger.
    service: { entrypoint: 'astro/assets/services/sharp', config: { avif: { effort: 2 } } },
  },
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
