import { type Page, expect, request } from '@playwright/test';
import { type Company, type LoginResponse, type Role, SESSION_USER_STORAGE_KEY } from '@kanat360/contracts';
import { type TypedApi, type TypedResponse, typedApi } from './api.js';
import { demo, DEMO_PASSWORD } from './fixtures.js';
import { SERVER_URL } from './server.js';
import { LANGUAGE_KEY, type Language, THEME_KEY } from './site.js';

// Helpers of the panel's browser tests: sign in and seed through the API (STYLE 15), check accessibility.

export type DemoAccount = 'superadmin' | 'admin' | 'manager' | 'operator' | 'customer' | 'operator2';

/** The demo company every demo account but operator2 belongs to. */
export const DEMO_COMPANY = 'Anadolu Rüzgar Enerji A.Ş.';

/** A name no other test (or earlier run against the same server) has used. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

async function login(email: string, password = DEMO_PASSWORD): Promise<LoginResponse> {
  const api = typedApi(await request.newContext({ baseURL: SERVER_URL }));
  const response = await api.post('/auth/login', { body: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const body = await response.json();
  await api.dispose();
  return body;
}

/** An API client signed in as `email` with a bearer token (no cookie, so no XSRF header needed). */
export async function apiAs(email: string, password = DEMO_PASSWORD): Promise<TypedApi> {
  const { token } = await login(email, password);
  return typedApi(
    await request.newContext({ baseURL: SERVER_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } }),
  );
}

/**
 * Signs `page` in through the API, as the login page would: the session cookies land in the browser context and
 * the non-secret profile in local storage. Then opens `path` (default the turbine list).
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  {
    language = 'tr',
    theme = 'light',
    path = '/dashboard',
  }: { language?: Language; theme?: 'light' | 'dark'; path?: string } = {},
): Promise<LoginResponse['user']> {
  const response = await typedApi(page.request).post('/auth/login', { body: { email, password: DEMO_PASSWORD } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  const { user } = await response.json();
  // Local storage belongs to the origin: set it from a light page of the same origin first.
  await page.goto('/api/health');
  await page.evaluate(
    ([userKey, userValue, languageKey, languageValue, themeKey, themeValue]) => {
      localStorage.setItem(userKey, userValue);
      localStorage.setItem(languageKey, languageValue);
      localStorage.setItem(themeKey, themeValue);
    },
    [SESSION_USER_STORAGE_KEY, JSON.stringify(user), LANGUAGE_KEY, language, THEME_KEY, theme] as const,
  );
  await page.goto(path);
  return user;
}

/** Signs in as one of the demo accounts. */
export function signInAs(page: Page, account: DemoAccount, options?: Parameters<typeof signInThroughApi>[2]) {
  return signInThroughApi(page, demo(account), options);
}

/** The `data` of a successful answer (a failure fails the test, with the answer). */
export async function data<T>(response: TypedResponse<{ data: T }>): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()).data;
}

/** Seeding through the API as the demo superadmin. */
export async function seeder() {
  const api = await apiAs(demo('superadmin'));
  return {
    api,
    createCompany: (body: Partial<Company> & { name: string }) => api.post('/companies', { body }).then(data),
    createUser: (body: {
      first_name: string;
      last_name: string;
      email: string;
      password: string;
      role: Role;
      company_id: number;
    }) => api.post('/users', { body }).then(data),
    companies: () => api.get('/companies').then(data),
    /** A new turbine of the demo company (or `companyId`), so a test's photos and comments are its own. */
    createTurbine: async (body: { code?: string; companyId?: number } = {}) => {
      const companyId =
        body.companyId ?? (await api.get('/companies').then(data)).find((company) => company.name === DEMO_COMPANY)!.id;
      return api
        .post('/turbines', {
          body: {
            code: body.code ?? unique('T').replace(' ', '-'),
            city: 'izmir',
            location: 'Aliağa',
            rooms: 9,
            company_id: companyId,
          },
        })
        .then(data);
    },
    dispose: () => api.dispose(),
  };
}

/** The smallest real JPEG (1×1), so hundreds of photos upload in a moment. */
export const PIXEL = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
  'base64',
);

/**
 * Photos through the API's multipart upload, many files a request: `count` of `category` (blade A, `room`, 2025),
 * named prefix_0001.jpg …
 */
export async function seedPhotos(
  api: TypedApi,
  turbineId: number,
  count: number,
  category: string,
  prefix: string,
  { room = 1 }: { room?: number } = {},
) {
  for (let start = 0; start < count; start += 100) {
    const form = new FormData();
    form.append('category', category);
    form.append('year', '2025');
    form.append('blade', 'A');
    form.append('room', String(room));
    for (let index = start; index < Math.min(count, start + 100); index += 1) {
      form.append(
        'photos',
        new Blob([new Uint8Array(PIXEL)], { type: 'image/jpeg' }),
        `${prefix}_${String(index + 1).padStart(4, '0')}.jpg`,
      );
    }
    const response = await api.post('/turbines/{id}/photos', { path: { id: turbineId }, body: form });
    expect(response.status(), await response.text()).toBe(201);
  }
}
