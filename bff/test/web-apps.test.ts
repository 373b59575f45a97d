import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApps } from '@/web/static-files.js';

/** The panel and the site as the BFF serves them, from build folders made here. */

let folder: string;
let server: Server;
let base: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'kanat360-web-apps-'));
  const panelDir = join(folder, 'panel');
  const siteDir = join(folder, 'site');
  mkdirSync(join(panelDir, 'assets'), { recursive: true });
  mkdirSync(siteDir, { recursive: true });
  writeFileSync(join(panelDir, 'index.html'), '<!doctype html><title>panel</title>');
  writeFileSync(join(panelDir, 'assets', 'index-abc123.js'), 'export const answer = 42;');
  writeFileSync(join(panelDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(siteDir, '404.html'), '<!doctype html><title>site 404</title>');
  const app = express();
  app.use(webApps({ siteDir, panelDir }));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

describe('the panel under /dashboard', () => {
  it('answers its files, hashed assets cached for a year', async () => {
    const script = await fetch(`${base}/dashboard/assets/index-abc123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toBe('export const answer = 42;');
  });

  it('answers index.html for every client-side route', async () => {
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/turbine/5/blade-photos', '/dashboard/users?page=2']) {
      const page = await fetch(base + path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(await page.text(), path).toContain('<title>panel</title>');
    }
  });

  it('answers a missing file with 404, never with the panel’s HTML', async () => {
    for (const path of [
      '/dashboard/assets/index-old999.js',
      '/dashboard/assets/style-old999.css',
      '/dashboard/assets/no-extension',
      '/dashboard/favicon.png',
      '/dashboard/turbine/5/chunk.js',
    ]) {
      const missing = await fetch(base + path);
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(await missing.text(), path).not.toContain('<title>panel</title>');
    }
  });
});
