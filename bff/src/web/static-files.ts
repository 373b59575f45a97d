import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';

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
  const staticOptions = { setHeaders: cacheHeaders };

  // HTML, CSS, JS and SVG shrink to a fraction over the wire (brotli or gzip); images and videos are skipped.
  router.use(compression());
  router.use('/dashboard', express.static(dirs.panelDir, { ...staticOptions, index: false, redirect: false }));
  router.use('/dashboard', (request: Request, response: Response, next: NextFunction) => {
    if (!['GET', 'HEAD'].includes(request.method) || !existsSync(panelIndex)) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(panelIndex);
  });
  // /login redirects to /login/ (where Astro put login/index.html); /about.html-style files need no slash.
  router.use(express.static(dirs.siteDir, { ...staticOptions, extensions: ['html'] }));
  router.use((request: Request, response: Response, next: NextFunction) => {
    if (!['GET', 'HEAD'].includes(request.method)) return next();
    if (!existsSync(siteNotFound)) return response.status(404).type('text/plain').send('Not found');
    response.setHeader('Cache-Control', 'no-cache');
    response.status(404).sendFile(siteNotFound);
  });

  return (request: Request, response: Response, next: NextFunction) => {
    if (request.path === '/api' || request.path.startsWith('/api/')) return next();
    router(request, response, next);
  };
}
