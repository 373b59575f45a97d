import { createHash, randomBytes } from 'node:crypto';
import { can, type ErrorCode, type Permission, PERMISSIONS, type Role, ROLES } from '@kanat360/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCompany, makeUser, type MadeCompany, PASSWORD, unique } from './factories.js';
import { call, type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * Every API route × every role (and anonymous) × a target of the caller's own company and of another one,
 * with the expectation computed from the permission map of @kanat360/contracts.
 */

type Access = 'public' | 'signed-in' | Permission;
type Target = 'own' | 'foreign';
type Caller = Role | 'anonymous';

interface Context {
  app: TestApp;
  /** The callers' company. */
  own: MadeCompany;
  /** Another partner company. */
  foreign: MadeCompany;
  caller: Caller;
  /** A second, fresh session of the caller (for calls that end a session); null for anonymous. */
  freshSession(): Promise<Credentials | null>;
}

interface Built {
  path: string;
  body?: unknown;
  /** Credentials to use instead of the caller's standing session (still the caller, or anonymous for null). */
  as?: Credentials | null;
  /** Whether the call had its effect; checked to be true exactly when the call was allowed and succeeded. */
  took?: () => Promise<boolean>;
}

interface RouteCase {
  /** Method and OpenAPI path, e.g. `PUT /api/users/{id}`. */
  route: string;
  access: Access;
  /** The path carries the id of a row that belongs to a company. */
  scoped: boolean;
  /** The status of an allowed call. */
  ok: number;
  /** The answer to an id of another company, for a caller without tenant.all. */
  notFound?: ErrorCode;
  build(ctx: Context, target: Target): Built | Promise<Built>;
}

const email = () => `matrix.${unique()}@test.kanat360.local`;
const companyOf = (ctx: Context, target: Target) => (target === 'own' ? ctx.own : ctx.foreign);

function exists(ctx: Context, table: 'users' | 'companies', id: number): Promise<boolean> {
  return found(ctx, `SELECT 1 FROM ${table} WHERE id = $1`, [id]);
}

async function found(ctx: Context, sql: string, params: unknown[]): Promise<boolean> {
  const rows: unknown[] = await ctx.app.dataSource.query(sql, params);
  return rows.length > 0;
}

async function userField(
  ctx: Context,
  id: number,
  column: 'first_name' | 'password_hash',
): Promise<string | undefined> {
  const rows: Record<string, string>[] = await ctx.app.dataSource.query(`SELECT ${column} FROM users WHERE id = $1`, [
    id,
  ]);
  return rows[0]?.[column];
}

const ROUTES: RouteCase[] = [
  // health
  { route: 'GET /api/health', access: 'public', scoped: false, ok: 200, build: () => ({ path: '/api/health' }) },
  {
    route: 'GET /api/health/ready',
    access: 'public',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/health/ready' }),
  },

  // auth
  {
    route: 'POST /api/auth/login',
    access: 'public',
    scoped: false,
    ok: 200,
    build: async (ctx) => {
      const user = await makeUser(ctx.app.dataSource, { role: 'customer', companyId: ctx.own.id });
      return { path: '/api/auth/login', body: { email: user.email, password: PASSWORD } };
    },
  },
  {
    route: 'POST /api/auth/logout',
    access: 'public',
    scoped: false,
    ok: 200,
    build: async (ctx) => {
      // Never the caller's standing session: the other cells still need it.
      const as = await ctx.freshSession();
      return {
        path: '/api/auth/logout',
        as,
        took: async () => (as ? (await call(ctx.app, 'GET', '/api/auth/verify', { as })).status === 401 : true),
      };
    },
  },
  {
    route: 'GET /api/auth/verify',
    access: 'signed-in',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/auth/verify' }),
  },
  {
    route: 'GET /api/auth/profile',
    access: 'signed-in',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/auth/profile' }),
  },
  {
    route: 'GET /api/auth/validate-session',
    access: 'signed-in',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/auth/validate-session' }),
  },
  {
    route: 'POST /api/auth/refresh',
    access: 'signed-in',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/auth/refresh' }),
  },
  {
    route: 'POST /api/auth/password-reset',
    access: 'public',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/auth/password-reset', body: { email: email() } }),
  },
  {
    route: 'POST /api/auth/password-reset/confirm',
    access: 'public',
    scoped: false,
    ok: 200,
    build: async (ctx) => {
      // A fresh user with a live reset link (only the token's SHA-256 is stored, as the mail flow stores it).
      const user = await makeUser(ctx.app.dataSource, { role: 'customer', companyId: ctx.own.id });
      const token = randomBytes(32).toString('base64url');
      await ctx.app.dataSource.query(
        `INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`,
        [user.id, createHash('sha256').update(token).digest('hex')],
      );
      const before = await userField(ctx, user.id, 'password_hash');
      return {
        path: '/api/auth/password-reset/confirm',
        body: { token, password: 'matrix-reset-1' },
        took: async () => (await userField(ctx, user.id, 'password_hash')) !== before,
      };
    },
  },

  // companies
  {
    route: 'GET /api/companies',
    access: 'company.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/companies' }),
  },
  {
    route: 'POST /api/companies',
    access: 'company.create',
    scoped: false,
    ok: 201,
    build: (ctx) => {
      const name = `Matrix ${unique()}`;
      return {
        path: '/api/companies',
        body: { name },
        took: () => found(ctx, `SELECT 1 FROM companies WHERE name = $1`, [name]),
      };
    },
  },
  {
    route: 'PUT /api/companies/{id}',
    access: 'company.update',
    scoped: true,
    ok: 200,
    notFound: 'COMPANY_NOT_FOUND',
    build: (ctx, target) => {
      // The company itself is the target: the callers' own one, or another.
      const company = companyOf(ctx, target);
      const address = `Matrix ${unique()}`;
      return {
        path: `/api/companies/${company.id}`,
        body: { name: company.name, address },
        took: () => found(ctx, `SELECT 1 FROM companies WHERE id = $1 AND address = $2`, [company.id, address]),
      };
    },
  },
  {
    route: 'DELETE /api/companies/{id}',
    access: 'company.delete',
    scoped: true,
    ok: 200,
    notFound: 'COMPANY_NOT_FOUND',
    build: async (ctx) => {
      // A company with users cannot be deleted, and the callers' own company has them: both targets are fresh, empty
      // companies. Only superadmin holds company.delete, and it holds tenant.all, so no 404 is expected either way.
      const company = await makeCompany(ctx.app.dataSource);
      return { path: `/api/companies/${company.id}`, took: async () => !(await exists(ctx, 'companies', company.id)) };
    },
  },

  // users
  { route: 'GET /api/users', access: 'user.read', scoped: false, ok: 200, build: () => ({ path: '/api/users' }) },
  {
    route: 'POST /api/users',
    access: 'user.create',
    scoped: false,
    ok: 201,
    build: (ctx) => {
      const address = email();
      return {
        path: '/api/users',
        body: {
          first_name: 'Matrix',
          last_name: 'User',
          email: address,
          password: 'matrix-pass-1',
          role: 'customer',
          company_id: ctx.own.id,
          is_active: true,
        },
        took: () => found(ctx, `SELECT 1 FROM users WHERE email = $1`, [address]),
      };
    },
  },
  {
    route: 'PUT /api/users/{id}',
    access: 'user.update',
    scoped: true,
    ok: 200,
    notFound: 'USER_NOT_FOUND',
    build: async (ctx, target) => {
      const company = companyOf(ctx, target);
      const user = await makeUser(ctx.app.dataSource, { role: 'customer', companyId: company.id });
      return {
        path: `/api/users/${user.id}`,
        body: {
          first_name: 'Matrix',
          last_name: 'Edited',
          email: user.email,
          role: 'customer',
          company_id: company.id,
        },
        took: async () => (await userField(ctx, user.id, 'first_name')) === 'Matrix',
      };
    },
  },
  {
    route: 'PUT /api/users/{id}/password',
    access: 'user.changePassword',
    scoped: true,
    ok: 200,
    notFound: 'USER_NOT_FOUND',
    build: async (ctx, target) => {
      const user = await makeUser(ctx.app.dataSource, { role: 'customer', companyId: companyOf(ctx, target).id });
      const before = await userField(ctx, user.id, 'password_hash');
      return {
        path: `/api/users/${user.id}/password`,
        body: { password: 'matrix-pass-2' },
        took: async () => (await userField(ctx, user.id, 'password_hash')) !== before,
      };
    },
  },
  {
    route: 'DELETE /api/users/{id}',
    access: 'user.delete',
    scoped: true,
    ok: 200,
    notFound: 'USER_NOT_FOUND',
    build: async (ctx, target) => {
      const user = await makeUser(ctx.app.dataSource, { role: 'customer', companyId: companyOf(ctx, target).id });
      return { path: `/api/users/${user.id}`, took: async () => !(await exists(ctx, 'users', user.id)) };
    },
  },
];

const CALLERS: readonly Caller[] = ['anonymous', ...ROLES];

type Expected = { status: number; code?: ErrorCode };

/** What a caller must get, straight from the permission map. */
function expected(route: RouteCase, caller: Caller, target: Target | null): Expected {
  const allowed: Expected = { status: route.ok };
  if (route.access === 'public') return allowed;
  if (caller === 'anonymous') return { status: 401, code: 'UNAUTHENTICATED' };
  if (route.access === 'signed-in') return allowed;
  if (!can(caller, route.access)) return { status: 403, code: 'FORBIDDEN' };
  if (route.scoped && target === 'foreign' && !can(caller, 'tenant.all')) {
    return { status: 404, code: route.notFound ?? 'NOT_FOUND' };
  }
  return allowed;
}

function xAccess(access: Access): string {
  return access === 'public' || access === 'signed-in' ? access : `permission:${access}`;
}

interface Cell {
  name: string;
  route: RouteCase;
  caller: Caller;
  target: Target | null;
}

const CELLS: Cell[] = ROUTES.flatMap((route) =>
  CALLERS.flatMap((caller) =>
    (route.scoped ? (['own', 'foreign'] as const) : [null]).map((target) => {
      const want = expected(route, caller, target);
      return {
        name: `${route.route} as ${caller}${target ? ` [${target} company]` : ''} → ${want.status}${want.code ? ` ${want.code}` : ''}`,
        route,
        caller,
        target,
      };
    }),
  ),
);

let app: TestApp;
let own: MadeCompany;
let foreign: MadeCompany;
const users: Partial<Record<Role, { email: string }>> = {};
const sessions: Partial<Record<Role, Credentials>> = {};

beforeAll(async () => {
  app = await startTestApp();
  own = await makeCompany(app.dataSource);
  foreign = await makeCompany(app.dataSource);
  for (const role of ROLES) {
    const user = await makeUser(app.dataSource, { role, companyId: own.id });
    users[role] = user;
    sessions[role] = (await signIn(app, user.email, PASSWORD)).bearer;
  }
});
afterAll(async () => {
  await app.close();
});

describe('authorization matrix', () => {
  it('covers every route of the OpenAPI document with the access the document declares', async () => {
    const reply = await call<{ paths: Record<string, Record<string, { 'x-access'?: string }>> }>(
      app,
      'GET',
      '/api/openapi.json',
    );
    expect(reply.status).toBe(200);
    const documented = new Map<string, string | undefined>();
    for (const [path, operations] of Object.entries(reply.body.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) continue;
        documented.set(`${method.toUpperCase()} ${path}`, operation['x-access']);
      }
    }
    const table = new Map(ROUTES.map((route) => [route.route, xAccess(route.access)]));
    expect(table.size, 'a route is listed twice in the table').toBe(ROUTES.length);

    const missingFromTable = [...documented.keys()].filter((route) => !table.has(route));
    const missingFromDocument = [...table.keys()].filter((route) => !documented.has(route));
    expect(missingFromTable, 'routes of the OpenAPI document missing from the matrix table').toEqual([]);
    expect(missingFromDocument, 'routes of the matrix table the OpenAPI document lacks').toEqual([]);
    const differing = [...table]
      .filter(([route, access]) => documented.has(route) && documented.get(route) !== access)
      .map(([route, access]) => `${route}: document says ${String(documented.get(route))}, table says ${access}`);
    expect(differing, 'x-access differs from the table').toEqual([]);
  });

  it('uses only permissions of the permission map', () => {
    for (const route of ROUTES) {
      if (route.access !== 'public' && route.access !== 'signed-in')
        expect(Object.keys(PERMISSIONS)).toContain(route.access);
    }
  });

  it.each(CELLS)('$name', async ({ route, caller, target }) => {
    const ctx: Context = {
      app,
      own,
      foreign,
      caller,
      async freshSession() {
        if (caller === 'anonymous') return null;
        return (await signIn(app, users[caller]!.email, PASSWORD)).bearer;
      },
    };
    const built = await route.build(ctx, target ?? 'own');
    const standing = caller === 'anonymous' ? undefined : sessions[caller];
    const as = built.as === undefined ? standing : (built.as ?? undefined);
    const method = route.route.split(' ')[0]!;
    const reply = await call<{ success: boolean; code?: string }>(app, method, built.path, { as, body: built.body });

    const want = expected(route, caller, target);
    expect(reply.status, reply.text).toBe(want.status);
    if (want.code) {
      expect(reply.body).toMatchObject({ success: false, code: want.code });
    } else {
      expect(reply.body).toMatchObject({ success: true });
    }
    if (built.took) expect(await built.took(), 'whether the call took effect').toBe(want.status < 300);
  });

  it("kept every role's standing session alive (no cell ended one)", async () => {
    for (const role of ROLES) {
      const reply = await call(app, 'GET', '/api/auth/verify', { as: sessions[role]! });
      expect(reply.status, role).toBe(200);
    }
  });
});
