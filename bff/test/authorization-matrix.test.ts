import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type HttpMethod, type PathsWith } from '@kanat360/api-client/api-types';
import { can, type ErrorCode, type Permission, PERMISSIONS, type Role, ROLES } from '@kanat360/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileUrls } from '@/files/file-urls.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import {
  makeCompany,
  makeMedia as makeMediaRow,
  makeTurbine,
  makeUser,
  type MadeCompany,
  PASSWORD,
  unique,
} from './factories.js';
import { call, type CallPath, type Credentials, malformed, type RequestBody, signIn, unchecked } from './http.js';
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

interface Built<Body = unknown> {
  path: CallPath;
  /** A JSON body, of the type the document gives the route's operation. */
  body?: Body;
  /** A multipart/form-data body (uploads), sent instead of `body`. */
  form?: FormData;
  /** Credentials to use instead of the caller's standing session (still the caller, or anonymous for null). */
  as?: Credentials | null;
  /** Whether the call had its effect; checked to be true exactly when the call was allowed and succeeded. */
  took?: () => Promise<boolean>;
}

interface RouteCase<Body = unknown> {
  /** Method and OpenAPI path, e.g. `PUT /api/users/{id}`. */
  route: string;
  access: Access;
  /** The path carries the id of a row that belongs to a company. */
  scoped: boolean;
  /** The status of an allowed call. */
  ok: number;
  /** The answer to an id of another company, for a caller without tenant.all. */
  notFound?: ErrorCode;
  /** An allowed call answers a file's bytes (these; 'jpeg': an image; 'prometheus': metrics text), not the JSON envelope. */
  bytes?: string;
  /** An allowed call answers a file of this content type (an export, a generated PDF), not the JSON envelope. */
  contentType?: string;
  build(ctx: Context, target: Target): Built<Body> | Promise<Built<Body>>;
}

/** A row of the table for `method` on a path of the document: its route names both, its body is the operation's. */
type DocumentedCase<M extends HttpMethod> = {
  [P in PathsWith<M>]: RouteCase<RequestBody<M, P>> & { route: `${Uppercase<M>} /api${P}` };
}[PathsWith<M>];

const METRICS_TOKEN = 'matrix-metrics-token-0123456789';
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

const REPORT_BYTES = '%PDF-1.4\n%%EOF\n';

/** A report row of a turbine of the target's company, without a blob (deleting it queues a harmless job). */
async function makeReport(ctx: Context, target: Target): Promise<{ turbineId: number; reportId: number; key: string }> {
  const turbineId = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
  const key = `turbines/${turbineId}/reports/2024/matrix-${unique()}.pdf`;
  const rows: { id: number }[] = await ctx.app.dataSource.query(
    `INSERT INTO reports (turbine_id, year, original_filename, storage_key, file_size_bytes)
     VALUES ($1, 2024, 'Matrix.pdf', $2, $3) RETURNING id`,
    [turbineId, key, REPORT_BYTES.length],
  );
  return { turbineId, reportId: rows[0]!.id, key };
}

/**
 * A direct upload the caller opened (presigned, not confirmed) on a turbine of the target's company: its ledger
 * entry, and for a multipart one its upload in the store.
 */
async function makeDirectUpload(
  ctx: Context,
  target: Target,
  options: { turbineId?: number; size?: number; multipart?: boolean } = {},
): Promise<{ turbineId: number; key: string }> {
  const turbineId = options.turbineId ?? (await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id));
  const key = `turbines/${turbineId}/blade-A/room-1/2024/${randomUUID()}.${options.multipart ? 'mp4' : 'jpg'}`;
  const storage = ctx.app.app.get<ObjectStorage>(OBJECT_STORAGE);
  const partSize = 64 * 1024 * 1024;
  const uploadId = options.multipart ? await storage.createMultipartUpload(key, 'video/mp4') : null;
  await ctx.app.dataSource.query(
    `INSERT INTO upload_intents (id, turbine_id, kind, storage_key, original_name, size, target, multipart_upload_id,
                                 part_size, user_id, expires_at)
     VALUES ($1, $2, 'direct', $3, $4, $5, $6, $7, $8, $9, now() + interval '1 hour')`,
    [
      randomUUID(),
      turbineId,
      key,
      `direct-${unique()}.jpg`,
      options.multipart ? 10 * partSize : (options.size ?? 1000),
      { room: 1, year: 2024, blade: 'A', category: 'blade' },
      uploadId,
      options.multipart ? partSize : null,
      await callerId(ctx),
    ],
  );
  return { turbineId, key };
}

/** A photo row with its original and thumbnail in the store, and the address the list would sign for it. */
async function makeStoredMedia(ctx: Context): Promise<{ url: string }> {
  const { mediaId, key } = await makeMedia(ctx, 'own');
  const storage = ctx.app.app.get<ObjectStorage>(OBJECT_STORAGE);
  const bytes = await smallJpeg();
  await storage.put(key, bytes, 'image/jpeg');
  const rows: { turbineId: number; assetId: string }[] = await ctx.app.dataSource.query(
    `SELECT turbine_id AS "turbineId", asset_id AS "assetId" FROM media WHERE id = $1`,
    [mediaId],
  );
  const { turbineId, assetId } = rows[0]!;
  await storage.put(`turbines/${turbineId}/derivatives/${assetId}/thumb.jpg`, bytes, 'image/jpeg');
  return { url: ctx.app.app.get(FileUrls).signer().media(mediaId) };
}

/**
 * A turbine of the target's company with a fresh comment written by the caller (by another user of the callers'
 * company when the caller is anonymous).
 */
async function makeComment(ctx: Context, target: Target): Promise<{ turbineId: number; commentId: number }> {
  const turbineId = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
  const author =
    ctx.caller === 'anonymous'
      ? (await makeUser(ctx.app.dataSource, { role: 'operator', companyId: ctx.own.id })).email
      : users[ctx.caller]!.email;
  const rows: { id: number }[] = await ctx.app.dataSource.query(
    `INSERT INTO comments (turbine_id, user_id, comment)
     SELECT $1, id, 'Matrix comment' FROM users WHERE email = $2 RETURNING id`,
    [turbineId, author],
  );
  return { turbineId, commentId: rows[0]!.id };
}

/** A photo row (no blob needed for the metadata routes) on a turbine of the target company. */
async function makeMedia(
  ctx: Context,
  target: Target,
  extra: { originalId?: number; isCurrent?: boolean; turbineId?: number } = {},
): Promise<{ turbineId: number; mediaId: number; key: string }> {
  const turbineId = extra.turbineId ?? (await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id));
  const mediaId = await makeMediaRow(ctx.app, turbineId, { originalId: extra.originalId, current: extra.isCurrent });
  const [row] = await ctx.app.dataSource.query<{ storage_key: string }[]>(
    `SELECT storage_key FROM media WHERE id = $1`,
    [mediaId],
  );
  return { turbineId, mediaId, key: row!.storage_key };
}

/** The caller's own user id (the first user of its role in the callers' company: the one signed in). */
async function callerId(ctx: Context): Promise<number | null> {
  if (ctx.caller === 'anonymous') return null;
  const rows: { id: number }[] = await ctx.app.dataSource.query(
    `SELECT id FROM users WHERE company_id = $1 AND role = $2 ORDER BY id LIMIT 1`,
    [ctx.own.id, ctx.caller],
  );
  return rows[0]?.id ?? null;
}

/** A finding on a fresh photo of a turbine of the target's company (written by another user of that company). */
async function makeFinding(
  ctx: Context,
  target: Target,
  options: { stage?: 'draft' | 'released'; turbineId?: number; year?: number } = {},
): Promise<{ turbineId: number; findingId: number }> {
  const { turbineId, mediaId } = await makeMedia(ctx, target, { turbineId: options.turbineId });
  const rows: { id: number }[] = await ctx.app.dataSource.query(
    `INSERT INTO findings (turbine_id, media_id, media_version, year, blade, surface, zone, distance_from_root_m,
                           target, type, severity, action, stage)
     VALUES ($1, $2, 1, $3, 'A', 'leading_edge', 2, 10, $4, 'erosion', 2, 'follow_up', $5) RETURNING id`,
    [
      turbineId,
      mediaId,
      options.year ?? 2024,
      { selector: { type: 'FragmentSelector', value: 'xywh=pixel:1,1,4,4' } },
      options.stage ?? 'draft',
    ],
  );
  return { turbineId, findingId: rows[0]!.id };
}

/**
 * A repair of a turbine of the target's company over a released finding, in `status` (a done one with an after
 * photo), assigned to and made by the caller (by nobody when the caller is anonymous).
 */
async function makeRepair(
  ctx: Context,
  target: Target,
  status: 'planned' | 'in_progress' | 'done' = 'planned',
): Promise<{ turbineId: number; repairId: number; findingId: number }> {
  const { turbineId, findingId } = await makeFinding(ctx, target, { stage: 'released' });
  const caller = await callerId(ctx);
  const rows: { id: number }[] = await ctx.app.dataSource.query(
    `INSERT INTO repair_work_orders (turbine_id, title, method, priority, status, assignee_id, created_by, due_date)
     VALUES ($1, 'Matrix repair', 'coating', 2, $2, $3, $3, '2026-06-01') RETURNING id`,
    [turbineId, status, caller],
  );
  const repairId = rows[0]!.id;
  await ctx.app.dataSource.query(
    `INSERT INTO repair_findings (repair_id, finding_id, previous_status) VALUES ($1, $2, 'new')`,
    [repairId, findingId],
  );
  await ctx.app.dataSource.query(`UPDATE findings SET status = $2 WHERE id = $1`, [
    findingId,
    status === 'done' ? 'repaired' : 'repair_planned',
  ]);
  return { turbineId, repairId, findingId };
}

/** A repair photo (category `repair`, blade A) on the turbine, as an upload would have made it. */
async function makeRepairPhoto(ctx: Context, turbineId: number): Promise<number> {
  const { mediaId } = await makeMedia(ctx, 'own', { turbineId });
  await ctx.app.dataSource.query(`UPDATE media SET category = 'repair' WHERE id = $1`, [mediaId]);
  return mediaId;
}

async function repairStatus(ctx: Context, repairId: number): Promise<string | undefined> {
  const rows: { status: string }[] = await ctx.app.dataSource.query(
    `SELECT status FROM repair_work_orders WHERE id = $1`,
    [repairId],
  );
  return rows[0]?.status;
}

type FindingFields = RequestBody<'put', '/turbines/{id}/findings/{findingId}'>;

/** What PUT …/findings/{id} takes: a finding's writable fields. */
function findingBody(overrides: Partial<FindingFields> = {}): FindingFields {
  return {
    blade: 'A',
    surface: 'leading_edge',
    zone: 2,
    internal: false,
    distance_from_root_m: 10,
    target: { selector: { type: 'FragmentSelector', value: 'xywh=pixel:1,1,4,4' } },
    type: 'erosion',
    severity: 2,
    ...overrides,
  };
}

async function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: '#8ab' } })
    .jpeg()
    .toBuffer();
}

function photoForm(fields: Record<string, string>, field: string, bytes: Buffer, name: string): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  return form;
}

const ROUTES: (DocumentedCase<'get'> | DocumentedCase<'put'> | DocumentedCase<'post'> | DocumentedCase<'delete'>)[] = [
  // health
  { route: 'GET /api/health', access: 'public', scoped: false, ok: 200, build: () => ({ path: '/api/health' }) },
  {
    route: 'GET /api/health/ready',
    access: 'public',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/health/ready' }),
  },
  // metrics: not behind a session but behind METRICS_TOKEN (bff/test/metrics.test.ts has its refusals)
  {
    route: 'GET /api/metrics',
    access: 'public',
    scoped: false,
    ok: 200,
    bytes: 'prometheus',
    build: () => ({ path: '/api/metrics', as: { token: METRICS_TOKEN } }),
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

  // the site's contact form
  {
    route: 'POST /api/contact',
    access: 'public',
    scoped: false,
    ok: 201,
    build: (ctx) => {
      const subject = `Matrix ${unique()}`;
      return {
        path: '/api/contact',
        body: { name: 'Matrix', subject, message: 'A message from the authorization matrix' },
        took: () => found(ctx, `SELECT 1 FROM contact_messages WHERE subject = $1`, [subject]),
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

  // turbines
  {
    route: 'GET /api/turbines',
    access: 'turbine.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/turbines' }),
  },
  {
    route: 'POST /api/turbines',
    access: 'turbine.create',
    scoped: false,
    ok: 201,
    build: (ctx) => {
      const code = `M-${unique()}`;
      return {
        path: '/api/turbines',
        body: { city: 'izmir', code, location: 'Matrix', company_id: ctx.own.id },
        took: () => found(ctx, `SELECT 1 FROM turbines WHERE code = $1`, [code]),
      };
    },
  },
  {
    route: 'GET /api/turbines/{id}',
    access: 'turbine.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({
      path: `/api/turbines/${await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id)}`,
    }),
  },
  {
    route: 'PUT /api/turbines/{id}',
    access: 'turbine.update',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const id = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
      const location = `Matrix ${unique()}`;
      return {
        path: `/api/turbines/${id}`,
        body: { city: 'izmir', code: `M-${unique()}`, location },
        took: () => found(ctx, `SELECT 1 FROM turbines WHERE id = $1 AND location = $2`, [id, location]),
      };
    },
  },
  {
    route: 'DELETE /api/turbines/{id}',
    // Only superadmin holds turbine.delete, and it holds tenant.all: no 404 is expected for either target.
    access: 'turbine.delete',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const id = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
      return {
        path: `/api/turbines/${id}`,
        // Marked deleted, or already purged by the job: either way no longer live.
        took: async () => !(await found(ctx, `SELECT 1 FROM turbines WHERE id = $1 AND deleted_at IS NULL`, [id])),
      };
    },
  },

  {
    route: 'POST /api/turbines/import',
    access: 'turbine.import',
    scoped: false,
    ok: 200,
    build: (ctx) => {
      const code = `M-${unique()}`;
      const form = new FormData();
      form.append('file', new Blob([`code,city,location\n${code},izmir,Matrix\n`]), 'matrix.csv');
      return {
        path: `/api/turbines/import?dry_run=false&company_id=${ctx.own.id}`,
        form,
        took: () => found(ctx, `SELECT 1 FROM turbines WHERE code = $1`, [code]),
      };
    },
  },
  {
    route: 'GET /api/map/basemap',
    access: 'turbine.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/map/basemap' }),
  },
  {
    route: 'GET /api/turbines/{id}/coverage',
    access: 'coverage.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({
      path: `/api/turbines/${await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id)}/coverage?year=2025`,
    }),
  },
  {
    route: 'GET /api/coverage',
    access: 'coverage.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/coverage?year=2025' }),
  },

  // comments
  {
    route: 'GET /api/turbines/{id}/comments',
    access: 'comment.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({
      path: `/api/turbines/${(await makeComment(ctx, target)).turbineId}/comments`,
    }),
  },
  {
    route: 'POST /api/turbines/{id}/comments',
    access: 'comment.create',
    scoped: true,
    ok: 201,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const turbineId = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
      const comment = `Matrix ${unique()}`;
      return {
        path: `/api/turbines/${turbineId}/comments`,
        body: { comment },
        took: () => found(ctx, `SELECT 1 FROM comments WHERE turbine_id = $1 AND comment = $2`, [turbineId, comment]),
      };
    },
  },
  {
    // The caller's own fresh comment: anyone who may comment may edit it (others' comments: comments.test.ts).
    route: 'PUT /api/turbines/{id}/comments/{commentId}',
    access: 'comment.create',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, commentId } = await makeComment(ctx, target);
      const comment = `Matrix ${unique()}`;
      return {
        path: `/api/turbines/${turbineId}/comments/${commentId}`,
        body: { comment },
        took: () => found(ctx, `SELECT 1 FROM comments WHERE id = $1 AND comment = $2`, [commentId, comment]),
      };
    },
  },
  {
    route: 'DELETE /api/turbines/{id}/comments/{commentId}',
    access: 'comment.create',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, commentId } = await makeComment(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/comments/${commentId}`,
        took: async () => !(await found(ctx, `SELECT 1 FROM comments WHERE id = $1`, [commentId])),
      };
    },
  },

  // the local driver's presigned upload address: the signed token is the authorization
  {
    route: 'PUT /api/storage/uploads/{token}',
    access: 'public',
    scoped: false,
    ok: 200,
    build: async (ctx) => {
      // An open direct upload of an empty file (the matrix sends no body).
      const { key } = await makeDirectUpload(ctx, 'own', { size: 0 });
      const storage = ctx.app.app.get<ObjectStorage>(OBJECT_STORAGE);
      const put = await storage.presignPut(key, {
        contentType: 'application/octet-stream',
        size: 0,
        expiresInSeconds: 60,
      });
      return { path: unchecked(put.url), took: async () => (await storage.head(key)) !== null };
    },
  },

  // signed file addresses: the signature (one object's) is the authorization
  {
    route: 'GET /api/files/media/{id}/{expires}/{signature}',
    access: 'public',
    scoped: false,
    ok: 200,
    bytes: 'jpeg',
    build: async (ctx) => ({ path: unchecked((await makeStoredMedia(ctx)).url) }),
  },
  {
    route: 'GET /api/files/media/{id}/{expires}/{signature}/{path}',
    access: 'public',
    scoped: false,
    ok: 200,
    bytes: 'jpeg',
    build: async (ctx) => ({ path: unchecked(`${(await makeStoredMedia(ctx)).url}/thumb.jpg`) }),
  },
  {
    route: 'GET /api/files/reports/{id}/{expires}/{signature}',
    access: 'public',
    scoped: false,
    ok: 200,
    bytes: REPORT_BYTES,
    build: async (ctx) => {
      const { reportId, key } = await makeReport(ctx, 'own');
      await ctx.app.app.get<ObjectStorage>(OBJECT_STORAGE).put(key, Buffer.from(REPORT_BYTES), 'application/pdf');
      return { path: unchecked(ctx.app.app.get(FileUrls).signer().reports(reportId)) };
    },
  },

  // media
  {
    route: 'GET /api/turbines/{id}/photos',
    access: 'media.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({
      path: `/api/turbines/${(await makeMedia(ctx, target)).turbineId}/photos?view=all`,
    }),
  },
  {
    route: 'POST /api/turbines/{id}/photos/check-names',
    access: 'media.upload',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({
      path: `/api/turbines/${(await makeMedia(ctx, target)).turbineId}/photos/check-names`,
      body: { names: ['IMG_0001.jpg'] },
    }),
  },
  {
    route: 'GET /api/turbines/{id}/photos/summary',
    access: 'media.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId } = await makeMedia(ctx, target);
      return { path: `/api/turbines/${turbineId}/photos/summary` };
    },
  },
  {
    route: 'GET /api/turbines/{id}/photos/cameras',
    access: 'media.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId } = await makeMedia(ctx, target);
      return { path: `/api/turbines/${turbineId}/photos/cameras` };
    },
  },
  {
    route: 'GET /api/turbines/{id}/photos/versions',
    access: 'media.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, key } = await makeMedia(ctx, target);
      return { path: `/api/turbines/${turbineId}/photos/versions?key=${encodeURIComponent(key)}` };
    },
  },
  {
    route: 'POST /api/turbines/{id}/photos',
    access: 'media.upload',
    scoped: true,
    ok: 201,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const turbineId = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
      return {
        path: `/api/turbines/${turbineId}/photos`,
        form: photoForm({ room: '2', blade: 'B' }, 'photos', await smallJpeg(), 'matrix.jpg'),
        took: () => found(ctx, `SELECT 1 FROM media WHERE turbine_id = $1`, [turbineId]),
      };
    },
  },
  {
    route: 'POST /api/turbines/{id}/presigned-upload',
    access: 'media.upload',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const turbineId = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
      return {
        path: `/api/turbines/${turbineId}/presigned-upload`,
        body: { files: [{ name: 'direct.jpg', size: 1000, type: 'image/jpeg' }], room: '1', year: 2024, blade: 'A' },
        took: () => found(ctx, `SELECT 1 FROM upload_intents WHERE turbine_id = $1`, [turbineId]),
      };
    },
  },
  {
    route: 'POST /api/turbines/{id}/confirm-upload',
    access: 'media.upload',
    scoped: true,
    ok: 201,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      // An upload the caller itself announced and sent: the intent row and the blob, as presign and PUT leave them.
      const turbineId = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
      const bytes = await smallJpeg();
      const { key } = await makeDirectUpload(ctx, target, { turbineId, size: bytes.length });
      await ctx.app.app.get<ObjectStorage>(OBJECT_STORAGE).put(key, bytes, 'image/jpeg');
      return {
        path: `/api/turbines/${turbineId}/confirm-upload`,
        body: { uploads: [{ key, originalName: 'confirmed.jpg', size: bytes.length, type: 'image/jpeg' }] },
        took: () => found(ctx, `SELECT 1 FROM media WHERE storage_key = $1`, [key]),
      };
    },
  },
  {
    route: 'POST /api/turbines/{id}/upload-parts',
    access: 'media.upload',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, key } = await makeDirectUpload(ctx, target, { multipart: true });
      return { path: `/api/turbines/${turbineId}/upload-parts`, body: { key, from: 2, count: 3 } };
    },
  },
  {
    route: 'POST /api/turbines/{id}/cancel-upload',
    access: 'media.upload',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, key } = await makeDirectUpload(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/cancel-upload`,
        body: { keys: [key] },
        took: async () => !(await found(ctx, `SELECT 1 FROM upload_intents WHERE storage_key = $1`, [key])),
      };
    },
  },
  {
    route: 'DELETE /api/turbines/{id}/photos',
    access: 'media.delete',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, mediaId, key } = await makeMedia(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/photos?key=${encodeURIComponent(key)}`,
        took: async () => !(await found(ctx, `SELECT 1 FROM media WHERE id = $1`, [mediaId])),
      };
    },
  },
  {
    route: 'POST /api/turbines/{id}/save-edited-photo',
    access: 'media.edit',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, mediaId } = await makeMedia(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/save-edited-photo`,
        form: photoForm({ photoId: String(mediaId), replaceOriginal: 'true' }, 'photo', await smallJpeg(), 'edit.jpg'),
        took: () => found(ctx, `SELECT 1 FROM media WHERE original_id = $1 AND is_current`, [mediaId]),
      };
    },
  },
  {
    route: 'POST /api/turbines/{id}/photos/restore',
    access: 'media.edit',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const original = await makeMedia(ctx, target, { isCurrent: false });
      const edited = await makeMedia(ctx, target, { turbineId: original.turbineId, originalId: original.mediaId });
      return {
        path: `/api/turbines/${original.turbineId}/photos/restore`,
        body: { key: edited.key },
        took: () => found(ctx, `SELECT 1 FROM media WHERE id = $1 AND is_current`, [original.mediaId]),
      };
    },
  },

  // findings
  {
    route: 'GET /api/findings',
    access: 'finding.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/findings' }),
  },
  {
    route: 'GET /api/findings/summary',
    access: 'finding.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/findings/summary' }),
  },
  {
    route: 'GET /api/findings/export.csv',
    access: 'finding.read',
    scoped: false,
    ok: 200,
    contentType: 'text/csv',
    build: () => ({ path: '/api/findings/export.csv' }),
  },
  {
    route: 'GET /api/findings/export.xlsx',
    access: 'finding.read',
    scoped: false,
    ok: 200,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    build: () => ({ path: '/api/findings/export.xlsx' }),
  },
  {
    route: 'GET /api/findings/export.jsonld',
    access: 'finding.read',
    scoped: false,
    ok: 200,
    contentType: 'application/ld+json',
    build: () => ({ path: '/api/findings/export.jsonld' }),
  },
  {
    route: 'GET /api/ns/findings/v1.jsonld',
    access: 'public',
    scoped: false,
    ok: 200,
    contentType: 'application/ld+json',
    build: () => ({ path: '/api/ns/findings/v1.jsonld' }),
  },
  {
    route: 'GET /api/turbines/{id}/findings',
    access: 'finding.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({
      path: `/api/turbines/${(await makeFinding(ctx, target, { stage: 'released' })).turbineId}/findings`,
    }),
  },
  {
    route: 'POST /api/turbines/{id}/findings',
    access: 'finding.edit',
    scoped: true,
    ok: 201,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, mediaId } = await makeMedia(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/findings`,
        body: { media_id: mediaId, ...findingBody() },
        took: () => found(ctx, `SELECT 1 FROM findings WHERE media_id = $1`, [mediaId]),
      };
    },
  },
  {
    // A released finding: customers read those too (drafts: findings.test.ts).
    route: 'GET /api/turbines/{id}/findings/{findingId}',
    access: 'finding.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, findingId } = await makeFinding(ctx, target, { stage: 'released' });
      return { path: `/api/turbines/${turbineId}/findings/${findingId}` };
    },
  },
  {
    // A draft: whoever may edit findings may edit a draft (released ones: findings.test.ts).
    route: 'PUT /api/turbines/{id}/findings/{findingId}',
    access: 'finding.edit',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, findingId } = await makeFinding(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/findings/${findingId}`,
        body: findingBody({ severity: 4 }),
        took: () => found(ctx, `SELECT 1 FROM findings WHERE id = $1 AND severity = 4`, [findingId]),
      };
    },
  },
  {
    route: 'DELETE /api/turbines/{id}/findings/{findingId}',
    access: 'finding.edit',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, findingId } = await makeFinding(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/findings/${findingId}`,
        took: async () => !(await found(ctx, `SELECT 1 FROM findings WHERE id = $1`, [findingId])),
      };
    },
  },
  {
    route: 'POST /api/turbines/{id}/findings/{findingId}/link',
    access: 'finding.edit',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const earlier = await makeFinding(ctx, target, { year: 2023 });
      const { turbineId, findingId } = await makeFinding(ctx, target, { turbineId: earlier.turbineId });
      return {
        path: `/api/turbines/${turbineId}/findings/${findingId}/link`,
        body: { earlier_id: earlier.findingId },
        took: () =>
          found(ctx, `SELECT 1 FROM findings WHERE id = $1 AND track_id = $2`, [findingId, earlier.findingId]),
      };
    },
  },
  {
    route: 'GET /api/turbines/{id}/inspection-report',
    access: 'finding.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    contentType: 'application/pdf',
    build: async (ctx, target) => ({
      path: `/api/turbines/${(await makeFinding(ctx, target, { stage: 'released' })).turbineId}/inspection-report?year=2024`,
    }),
  },
  {
    route: 'GET /api/turbines/{id}/inspection-report/{requestId}',
    access: 'finding.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const turbineId = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
      const requestId = randomUUID();
      // A request finished long ago (failed), so no job is left to work on it.
      await ctx.app.dataSource.query(
        `INSERT INTO inspection_report_requests (id, turbine_id, year, language, status) VALUES ($1, $2, 2024, 'tr', 'failed')`,
        [requestId, turbineId],
      );
      return { path: `/api/turbines/${turbineId}/inspection-report/${requestId}` };
    },
  },

  // repairs
  {
    route: 'GET /api/repairs',
    access: 'repair.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/repairs' }),
  },
  {
    route: 'GET /api/repairs/summary',
    access: 'repair.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/repairs/summary' }),
  },
  {
    route: 'GET /api/repairs/export.csv',
    access: 'repair.read',
    scoped: false,
    ok: 200,
    contentType: 'text/csv',
    build: () => ({ path: '/api/repairs/export.csv' }),
  },
  {
    route: 'GET /api/repairs/export.xlsx',
    access: 'repair.read',
    scoped: false,
    ok: 200,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    build: () => ({ path: '/api/repairs/export.xlsx' }),
  },
  {
    // Behind its token, not a session: calendar clients cannot send one (repairs-calendar.test.ts has the 404s).
    route: 'GET /api/repairs/calendar.ics',
    access: 'public',
    scoped: false,
    ok: 200,
    contentType: 'text/calendar',
    build: async (ctx) => {
      const owner = await makeUser(ctx.app.dataSource, { role: 'company_manager', companyId: ctx.own.id });
      const session = (await signIn(ctx.app, owner.email, PASSWORD)).bearer;
      const reply = await call<{ data: { url: string } }>(ctx.app, 'GET', '/api/repairs/calendar-token', {
        as: session,
      });
      return { path: unchecked(new URL(reply.body.data.url).pathname + new URL(reply.body.data.url).search) };
    },
  },
  {
    route: 'GET /api/repairs/calendar-token',
    access: 'repair.read',
    scoped: false,
    ok: 200,
    build: () => ({ path: '/api/repairs/calendar-token' }),
  },
  {
    route: 'POST /api/repairs/calendar-token',
    access: 'repair.read',
    scoped: false,
    ok: 200,
    build: async (ctx) => {
      const caller = await callerId(ctx);
      const before: { token_hash: string }[] =
        caller === null
          ? []
          : await ctx.app.dataSource.query(`SELECT token_hash FROM repair_calendar_tokens WHERE user_id = $1`, [
              caller,
            ]);
      return {
        path: '/api/repairs/calendar-token',
        body: {},
        took: async () =>
          caller !== null &&
          (await found(ctx, `SELECT 1 FROM repair_calendar_tokens WHERE user_id = $1 AND token_hash <> ALL($2)`, [
            caller,
            before.map((row) => row.token_hash),
          ])),
      };
    },
  },
  {
    route: 'GET /api/turbines/{id}/repairs',
    access: 'repair.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({ path: `/api/turbines/${(await makeRepair(ctx, target)).turbineId}/repairs` }),
  },
  {
    route: 'POST /api/turbines/{id}/repairs',
    access: 'repair.create',
    scoped: true,
    ok: 201,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, findingId } = await makeFinding(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/repairs`,
        body: { finding_ids: [findingId] },
        took: () => found(ctx, `SELECT 1 FROM repair_findings WHERE finding_id = $1`, [findingId]),
      };
    },
  },
  {
    route: 'GET /api/turbines/{id}/repairs/{repairId}',
    access: 'repair.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, repairId } = await makeRepair(ctx, target);
      return { path: `/api/turbines/${turbineId}/repairs/${repairId}` };
    },
  },
  {
    route: 'PUT /api/turbines/{id}/repairs/{repairId}',
    access: 'repair.create',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, repairId } = await makeRepair(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/repairs/${repairId}`,
        body: { title: 'Matrix edit' },
        took: () => found(ctx, `SELECT 1 FROM repair_work_orders WHERE id = $1 AND title = 'Matrix edit'`, [repairId]),
      };
    },
  },
  {
    // The caller's own planned repair (a manager deletes anybody's).
    route: 'DELETE /api/turbines/{id}/repairs/{repairId}',
    access: 'repair.create',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, repairId } = await makeRepair(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/repairs/${repairId}`,
        took: async () => (await repairStatus(ctx, repairId)) === undefined,
      };
    },
  },
  {
    // Assigned to the caller: an operator completes their own (repairs.test.ts: another's answers REPAIR_NOT_ASSIGNEE).
    route: 'POST /api/turbines/{id}/repairs/{repairId}/complete',
    access: 'repair.complete',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, repairId } = await makeRepair(ctx, target, 'in_progress');
      const photo = await makeRepairPhoto(ctx, turbineId);
      return {
        path: `/api/turbines/${turbineId}/repairs/${repairId}/complete`,
        body: { note: 'Matrix work done', after_media_ids: [photo] },
        took: async () => (await repairStatus(ctx, repairId)) === 'done',
      };
    },
  },
  {
    route: 'POST /api/turbines/{id}/repairs/{repairId}/verify',
    access: 'repair.manage',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, repairId } = await makeRepair(ctx, target, 'done');
      return {
        path: `/api/turbines/${turbineId}/repairs/${repairId}/verify`,
        body: {},
        took: async () => (await repairStatus(ctx, repairId)) === 'verified',
      };
    },
  },
  {
    route: 'POST /api/turbines/{id}/repairs/{repairId}/cancel',
    access: 'repair.manage',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, repairId } = await makeRepair(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/repairs/${repairId}/cancel`,
        body: {},
        took: async () => (await repairStatus(ctx, repairId)) === 'cancelled',
      };
    },
  },
  {
    route: 'GET /api/turbines/{id}/repair-assignees',
    access: 'repair.manage',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({
      path: `/api/turbines/${await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id)}/repair-assignees`,
    }),
  },

  // reports
  {
    route: 'GET /api/turbines/{id}/reports',
    access: 'report.read',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => ({ path: `/api/turbines/${(await makeReport(ctx, target)).turbineId}/reports` }),
  },
  {
    route: 'POST /api/turbines/{id}/reports',
    access: 'report.upload',
    scoped: true,
    ok: 201,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const turbineId = await makeTurbine(ctx.app.dataSource, companyOf(ctx, target).id);
      const form = new FormData();
      form.append('year', '2024');
      form.append('reports', new Blob(['%PDF-1.4\n%%EOF\n']), 'Matrix.pdf');
      return {
        path: `/api/turbines/${turbineId}/reports`,
        form,
        took: () => found(ctx, `SELECT 1 FROM reports WHERE turbine_id = $1`, [turbineId]),
      };
    },
  },
  {
    route: 'DELETE /api/turbines/{id}/reports/{reportId}',
    access: 'report.delete',
    scoped: true,
    ok: 200,
    notFound: 'TURBINE_NOT_FOUND',
    build: async (ctx, target) => {
      const { turbineId, reportId } = await makeReport(ctx, target);
      return {
        path: `/api/turbines/${turbineId}/reports/${reportId}`,
        took: async () => !(await found(ctx, `SELECT 1 FROM reports WHERE id = $1`, [reportId])),
      };
    },
  },
];

/**
 * How an answer may be cached: the signed file addresses by their own rule (an address is the authorization, and
 * expires), conditional answers kept by the browser only to be revalidated, everything else never.
 */
function expectedCaching(route: RouteCase, reply: { status: number; headers: Headers }): RegExp {
  if (route.route.startsWith('GET /api/files/') && reply.status < 400) return /^private, max-age=\d+(, immutable)?$/;
  if (route.route === 'GET /api/metrics' && reply.status === 200) return /^no-store$/;
  // A calendar feed may be kept by the calendar app (shown offline), and is fetched again every time it refreshes.
  if (route.route === 'GET /api/repairs/calendar.ics') return /^private, no-cache$/;
  // Our JSON-LD context: public and versioned by its address, so any cache may keep it.
  if (route.route === 'GET /api/ns/findings/v1.jsonld') return /^public, max-age=\d+$/;
  // A GET with an ETag is a conditional answer (an upload's ETag names the bytes it took, and is not one).
  if (route.route.startsWith('GET ') && reply.headers.has('etag')) return /^private, no-cache$/;
  return /^private, no-store$/;
}

/** Body strings that are not text: a room is a number (spec §3: anything else is room 1). */
const NOT_TEXT = new Set(['POST /api/turbines/{id}/presigned-upload room']);

/** Where a JSON value holds strings: the path of each. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** A copy of a JSON value with `replacement` at `path`. */
function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withValue(copy[head!], rest, replacement);
  return copy;
}

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
  app = await startTestApp({ METRICS_TOKEN });
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
    const reply = await call<{
      servers: { url: string }[];
      paths: Record<string, Record<string, { 'x-access'?: string }>>;
    }>(app, 'GET', unchecked('/api/openapi.json'));
    expect(reply.status).toBe(200);
    // The document's paths lie below its server, `/api`.
    expect(reply.body.servers.map((server) => server.url)).toEqual(['/api']);
    const documented = new Map<string, string | undefined>();
    for (const [path, operations] of Object.entries(reply.body.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(method)) continue;
        documented.set(`${method.toUpperCase()} /api${path}`, operation['x-access']);
      }
    }
    const table = new Map<string, string>(ROUTES.map((route) => [route.route, xAccess(route.access)]));
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
    const reply = await call<{ success: boolean; code?: string }>(app, method, built.path, {
      as,
      // The table types each route's body; this one call sends them all, its method and path known at run time.
      body: malformed(built.body),
      form: built.form,
    });

    const want = expected(route, caller, target);
    expect(reply.status, reply.text).toBe(want.status);
    if (want.code) {
      expect(reply.body).toMatchObject({ success: false, code: want.code });
    } else if (route.bytes === 'prometheus') {
      expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(reply.text).toContain('# TYPE kanat360_http_request_duration_seconds histogram');
    } else if (route.bytes === 'jpeg') {
      expect(reply.headers.get('content-type')).toBe('image/jpeg');
      expect(reply.text.length).toBeGreaterThan(0);
    } else if (route.bytes !== undefined) {
      expect(reply.text).toBe(route.bytes);
    } else if (route.contentType !== undefined) {
      expect(reply.headers.get('content-type')).toContain(route.contentType);
    } else {
      expect(reply.body).toMatchObject({ success: true });
    }
    if (built.took) expect(await built.took(), 'whether the call took effect').toBe(want.status < 300);
    expect(reply.headers.get('cache-control'), 'Cache-Control').toMatch(expectedCaching(route, reply));
  });

  it('refuses a lone surrogate in any string of any body with 400 and a code, and takes no effect', async () => {
    const ctx: Context = {
      app,
      own,
      foreign,
      caller: 'superadmin',
      async freshSession() {
        return (await signIn(app, users.superadmin!.email, PASSWORD)).bearer;
      },
    };
    const probes: { field: string; status: number; code?: string; took: boolean }[] = [];
    for (const route of ROUTES) {
      const [method] = route.route.split(' ');
      const sample = await route.build(ctx, 'own');
      for (const path of stringPaths(sample.body)) {
        // Fresh rows for each probe, so that whether it took effect is judged for this call alone.
        const built = await route.build(ctx, 'own');
        const body = withValue(built.body, path, 'Probe \ud800');
        const as = built.as === undefined ? sessions.superadmin : (built.as ?? undefined);
        const reply = await call<{ success: boolean; code?: string }>(app, method!, built.path, {
          as,
          body: malformed(body),
        });
        const took = built.took ? await built.took() : false;
        probes.push({ field: `${route.route} ${path.join('.')}`, status: reply.status, code: reply.body?.code, took });
      }
    }
    const refused = probes.filter((probe) => !NOT_TEXT.has(probe.field));
    expect(refused.filter((probe) => probe.status !== 400 || !probe.code || probe.took)).toEqual([]);
    // Spec §3: a room that is not a number is room 1, never an error; the text itself is not kept.
    expect(probes.filter((probe) => NOT_TEXT.has(probe.field)).map((probe) => probe.status)).toEqual([200]);
    // The walk reached the bodies' strings: a table without bodies would make the checks above hold by doing nothing.
    expect(refused.map((probe) => probe.field)).toEqual(
      expect.arrayContaining(['POST /api/contact name', 'POST /api/turbines/{id}/comments comment']),
    );
    expect(refused.length).toBeGreaterThan(40);
  });

  it("kept every role's standing session alive (no cell ended one)", async () => {
    for (const role of ROLES) {
      const reply = await call(app, 'GET', '/api/auth/verify', { as: sessions[role]! });
      expect(reply.status, role).toBe(200);
    }
  });
});
