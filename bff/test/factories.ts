import { randomUUID } from 'node:crypto';
import { type FindingDetail, type MediaCategory, type Role } from '@kanat360/contracts';
import sharp from 'sharp';
import { type DataSource } from 'typeorm';
import { hashPassword } from '@/auth/passwords.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { api, type Credentials, type RequestBody } from './http.js';
import { type TestApp } from './test-app.js';

let sequence = 0;
/** A suffix no other row of the run has. */
export function unique(): string {
  sequence += 1;
  return `${process.pid.toString(36)}${Date.now().toString(36)}${sequence}`;
}

export const PASSWORD = 'correct-horse-7';
let passwordHash: Promise<string> | undefined;

export interface MadeCompany {
  id: number;
  name: string;
}

export async function makeCompany(dataSource: DataSource, overrides: { name?: string } = {}): Promise<MadeCompany> {
  const name = overrides.name ?? `Company ${unique()}`;
  const rows: { id: number }[] = await dataSource.query(`INSERT INTO companies (name) VALUES ($1) RETURNING id`, [
    name,
  ]);
  return { id: rows[0]!.id, name };
}

export interface MadeUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  companyId: number;
}

export async function makeUser(
  dataSource: DataSource,
  input: {
    role: Role;
    companyId: number;
    email?: string;
    isActive?: boolean;
    isProtected?: boolean;
    language?: 'tr' | 'en';
  },
): Promise<MadeUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = input.email ?? `${input.role}.${unique()}@test.kanat360.local`;
  const rows: { id: number }[] = await dataSource.query(
    `INSERT INTO users (first_name, last_name, email, password_hash, role, company_id, is_active, is_protected, language)
     VALUES ('Test', $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      input.role,
      email,
      await passwordHash,
      input.role,
      input.companyId,
      input.isActive ?? true,
      input.isProtected ?? false,
      input.language ?? 'tr',
    ],
  );
  return { id: rows[0]!.id, email, password: PASSWORD, role: input.role, companyId: input.companyId };
}

export async function makeTurbine(dataSource: DataSource, companyId: number): Promise<number> {
  const rows: { id: number }[] = await dataSource.query(
    `INSERT INTO turbines (code, city, location, company_id) VALUES ($1, 'izmir', 'Aliağa', $2) RETURNING id`,
    [`T-${unique()}`, companyId],
  );
  return rows[0]!.id;
}

export interface MediaOptions {
  kind?: 'photo' | 'video' | 'pointcloud';
  /** `blade` unless told (`repair`: an after-repair photo). */
  category?: MediaCategory;
  panorama?: boolean;
  year?: number;
  /** `A` unless told; null for a photo of no blade (a drone's). */
  blade?: 'A' | 'B' | 'C' | null;
  width?: number;
  height?: number;
  /** Its original stored as a real JPEG of its size (a flat colour), or as these bytes. */
  stored?: boolean | Buffer;
  originalName?: string;
  room?: number;
  status?: 'ready' | 'pending' | 'failed';
  /** False for a version an edit replaced. */
  current?: boolean;
  /** Makes the row an edited version (2) of this photo. */
  originalId?: number;
  capturedAt?: string;
}

/** A media row of a turbine (4000 × 3000 unless told), its original stored when `stored`. */
export async function makeMedia(app: TestApp, turbineId: number, options: MediaOptions = {}): Promise<number> {
  const assetId = randomUUID();
  const width = options.width ?? 4000;
  const height = options.height ?? 3000;
  const key = `turbines/${turbineId}/blade-A/room-1/${options.year ?? 2024}/${assetId}.jpg`;
  const rows: { id: number }[] = await app.dataSource.query(
    `INSERT INTO media (turbine_id, asset_id, storage_key, kind, category, blade, room, year, month, original_name, size,
                        mime, status, width, height, is_panorama, is_current, original_id, version, captured_at)
     VALUES ($1, $2, $3, $4, $11, $5, $12, $6, 5, $7, 100, 'image/jpeg', $13, $8, $9, $10, $14, $15, $16, $17)
     RETURNING id`,
    [
      turbineId,
      assetId,
      key,
      options.kind ?? 'photo',
      options.blade === undefined ? 'A' : options.blade,
      options.year ?? 2024,
      options.originalName ?? `f${unique()}.jpg`,
      options.kind === 'pointcloud' ? null : width,
      options.kind === 'pointcloud' ? null : height,
      options.panorama ?? false,
      options.category ?? 'blade',
      options.room ?? 1,
      options.status ?? 'ready',
      options.current ?? true,
      options.originalId ?? null,
      options.originalId ? 2 : 1,
      options.capturedAt ?? null,
    ],
  );
  if (options.stored) {
    const storage = app.app.get<ObjectStorage>(OBJECT_STORAGE);
    const bytes =
      options.stored instanceof Buffer
        ? options.stored
        : await sharp({ create: { width, height, channels: 3, background: '#7a9' } })
            .jpeg()
            .toBuffer();
    await storage.put(key, bytes, 'image/jpeg');
  }
  return rows[0]!.id;
}

/** What POST …/findings takes. */
export type NewFinding = RequestBody<'post', '/turbines/{id}/findings'>;

/** What POST …/findings takes for a finding on blade A's leading edge, 12.5 m from the root, and `fields`. */
export function findingBody(
  mediaId: number,
  fields: Partial<NewFinding> & Pick<NewFinding, 'type' | 'severity'>,
): NewFinding {
  return {
    media_id: mediaId,
    blade: 'A',
    surface: 'leading_edge',
    zone: 3,
    internal: false,
    distance_from_root_m: 12.5,
    target: { selector: { type: 'FragmentSelector', value: 'xywh=pixel:100,200,300,150' } },
    length_mm: 120,
    ...fields,
  };
}

/**
 * A finding made through the API by `caller` on the media `fields.media_id` of a turbine: a released crack of
 * severity 4 (findingBody's place), unless `fields` say otherwise.
 */
export async function makeFinding(
  app: TestApp,
  caller: Credentials,
  turbineId: number,
  { media_id: mediaId, ...fields }: Partial<NewFinding> & { media_id: number },
): Promise<FindingDetail> {
  const reply = await api(app, 'post', '/turbines/{id}/findings', {
    path: { id: turbineId },
    as: caller,
    body: findingBody(mediaId, { type: 'crack', severity: 4, width_mm: 2.5, stage: 'released', ...fields }),
  });
  if (reply.status !== 201) throw new Error(`the finding was not made: ${reply.status} ${reply.text}`);
  return reply.body.data;
}
