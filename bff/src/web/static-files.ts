import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';

/** The site's error pages by address: /500/, /401/ and their English twins. */
const STATUS_PAGES = /^\/(en\/)?(500|401)\/?$/;
/**
 * An address of a panel file rather than a client-side route: the build's assets, or a name with an extension. Missing,
 * it is a 404, never the panel's HTML: a chunk of an older build asked for after a deploy must fail as a script, so
 * the panel knows to reload (panel/src/stale-chunks.ts), and a crawler or a cache never keeps HTML as JavaScript.
 */
const PANEL_FILE = /^\/assets\/|\.[A-Za-z0-9]+$/;

/** Hashed build assets never change under the same name; everything else is revalidated. */
function cacheHeaders(response: Response, path: string): void {
  const hashed = /[\\/](assets|_astro)[\\/]/.test(path);
  response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * The built panel under /dashboard (index.html for every client-side route) and the built site for everything
 * else (its 404 page for unknown paths). /api never reaches here.
 */
export function webApps(dirs: { siteDir: string; panelDir: string }) {
  const router = express.Router();
  const panelIndex = join(dirs.panelDir, 'index.html');
  const siteNotFound = join(dirs.siteDir, '404.html');
  const englishNotFound = join(dirs.siteDir, 'en', '404', 'index.html');
  const staticOptions = { setHeaders: cacheHeaders };

  // HTML, CSS, JS and SVG shrink to a fraction over the wire (brotli or gzip); images and videos are skipped.
  router.use(compression());
  router.use('/dashboard', express.static(dirs.panelDir, { ...staticOptions, index: false, redirect: false }));
  router.use('/dashboard', (request: Request, response: Response, next: NextFunction): void => {
    if (!['GET', 'HEAD'].includes(request.method) || !existsSync(panelIndex)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    if (PANEL_FILE.test(request.path)) {
      response.status(404).type('text/plain').send('Not found');
      return;
    }
    response.sendFile(panelIndex);
  });
  // The error pages answer with their own status, so a crawler or a monitor never takes them for content.
  router.get(STATUS_PAGES, (request: Request, response: Response, next: NextFunction): void => {
    const [, english, status] = STATUS_PAGES.exec(request.path) ?? [];
    const page = join(dirs.siteDir, english ? 'en' : '', String(status), 'index.html');
    if (!existsSync(page)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.status(Number(status)).sendFile(page);
  });
  // /login redirects to /login/ (where Astro put login/index.html); /about.html-style files need no slash.
  router.use(express.static(dirs.siteDir, { ...staticOptions, extensions: ['html'] }));
  router.use((request: Request, response: Response, next: NextFunction): void => {
    if (!['GET', 'HEAD'].includes(request.method)) return next();
    // An unknown address under /en/ gets the English page; any other the Turkish one (which offers English too).
    const english = /^\/en(\/|$)/.test(request.path) && existsSync(englishNotFound);
    const page = english ? englishNotFound : siteNotFound;
    if (!existsSync(page)) {
      response.status(404).type('text/plain').send('Not found');
      return;
    }
    response.setHeader('Cache-Control', 'no-cache');
    response.status(404).sendFile(page);
  });

  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.path === '/api' || request.path.startsWith('/api/')) return next();
    router(request, response, next);
  };
}
