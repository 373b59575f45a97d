import { type MapBasemap } from '@kanat360/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCompany, makeUser, PASSWORD } from './factories.js';
import { call, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

// The fleet map's basemap: the embedded one by default, MAP_STYLE_URL's with its origin allowed by the CSP.

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function basemapAndCsp(env: Record<string, string>) {
  app = await startTestApp({ WORKER: 'off', ...env });
  const company = await makeCompany(app.dataSource);
  const user = await makeUser(app.dataSource, { role: 'customer', companyId: company.id });
  const reply = await call<{ data: MapBasemap }>(app, 'GET', '/api/map/basemap', {
    as: (await signIn(app, user.email, PASSWORD)).bearer,
  });
  expect(reply.status, reply.text).toBe(200);
  const directives = (reply.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/));
  const csp: Record<string, string[]> = Object.fromEntries(
    directives.map(([name, ...sources]) => [name ?? '', sources]),
  );
  return { data: reply.body.data, csp };
}

describe('GET /api/map/basemap', () => {
  it('is the embedded basemap by default, and the CSP lets nothing else in', async () => {
    const { data, csp } = await basemapAndCsp({});
    expect(data).toEqual({ kind: 'embedded' });
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it("is MAP_STYLE_URL's style or archive, whose origin the CSP allows", async () => {
    const style = await basemapAndCsp({ MAP_STYLE_URL: 'https://tiles.example.com/styles/light.json' });
    expect(style.data).toEqual({ kind: 'style', url: 'https://tiles.example.com/styles/light.json' });
    expect(style.csp['connect-src']).toEqual(["'self'", 'https://tiles.example.com']);
    expect(style.csp['img-src']).toContain('https://tiles.example.com');
    await app?.close();
    app = undefined;
    const archive = await basemapAndCsp({ MAP_STYLE_URL: 'pmtiles://https://maps.example.org/turkey.pmtiles' });
    expect(archive.data).toEqual({ kind: 'pmtiles', url: 'https://maps.example.org/turkey.pmtiles' });
    expect(archive.csp['connect-src']).toEqual(["'self'", 'https://maps.example.org']);
  });
});
