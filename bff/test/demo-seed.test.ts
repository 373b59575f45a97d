import {
  type FindingTarget,
  isValidFileName,
  PANORAMA_PATTERN,
  panoramaPixel,
  reportDisplayName,
  targetBox,
} from '@kanat360/contracts';
import { bladeOutline, bladePolygon, panoramaTurbines, polygonContains } from '@kanat360/demo-media';
import sharp from 'sharp';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDataSource } from '@/database/data-source.js';
import { JobQueue, QUEUES, type QueueName } from '@/jobs/job-queue.js';
import { HEAD_BYTES } from '@/media/media-ingest.js';
import { sniffMedia, sniffPdf } from '@/media/sniff.js';
import { DEMO_TURBINES, planDemoInspections } from '@/seed/demo-inspections.js';
import { DEMO_COMPANIES, DEMO_USERS, demoEmail, seedDemo } from '@/seed/demo-seed.js';
import { OBJECT_STORAGE, type ObjectStorage } from '@/storage/object-storage.js';
import { eventually } from './eventually.js';
import { startTestApp, type TestApp } from './test-app.js';

// The demo seed runs against a database of its own (made here on the run's PostgreSQL, dropped after): it inserts
// the fixed demo superadmin (id 35), which the shared database's users may already hold. Photos are scaled down
// (photoScale) so generating them and their derivatives stays fast; the full-size plan is checked without
// generating it.

const PHOTO_SCALE = 0.1;

let databaseName: string;
let api: TestApp;
let storage: ObjectStorage;
let jobs: JobQueue;
const sent: { name: QueueName; mediaId: number; visible: boolean }[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  databaseName = `kanat360_demo_seed_${process.pid}_${Date.now()}`;
  await admin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${databaseName}`;
  const migrations = createDataSource(url.toString());
  await migrations.initialize();
  await migrations.runMigrations({ transaction: 'each' });
  await migrations.destroy();
  api = await startTestApp({ DATABASE_URL: url.toString() });
  storage = api.app.get<ObjectStorage>(OBJECT_STORAGE);
  jobs = api.app.get(JobQueue);
});

afterAll(async () => {
  await api?.close();
  if (databaseName) await admin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
});

const query = <T>(sql: string, parameters: unknown[] = []): Promise<T[]> => api.dataSource.query(sql, parameters);

/** Every original blob (derivatives aside) under turbines/. */
async function originalKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list('turbines/'))
    if (!object.key.includes('/derivatives/')) keys.push(object.key);
  return keys;
}

/** The share of the pixels of `box` in the stored photo `key` that are sky: clearly bluer than they are red. */
async function skyShare(key: string, box: { x: number; y: number; width: number; height: number }): Promise<number> {
  const info = await storage.head(key);
  const bytes = (await storage.readStart(key, info!.size))!;
  const { data } = await sharp(bytes)
    .extract({
      left: Math.round(box.x),
      top: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sky = 0;
  for (let i = 0; i < data.length; i += 3) if (data[i + 2]! - data[i]! > 30) sky += 1;
  return sky / (data.length / 3);
}

async function rowCounts() {
  const [row] = await query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM companies WHERE contact_email LIKE '%demo.kanat360.local') AS companies,
            (SELECT count(*)::int FROM users WHERE email LIKE '%@demo.kanat360.local') AS users,
            (SELECT count(*)::int FROM turbines) AS turbines,
            (SELECT count(*)::int FROM media) AS media,
            (SELECT count(*)::int FROM reports) AS reports,
            (SELECT count(*)::int FROM comments) AS comments`,
  );
  return row!;
}

describe('the demo plan at full size', () => {
  const plan = planDemoInspections();
  // The inspection's photos (the after-repair photos are the repairs').
  const photos = plan.media.filter((item) => item.kind === 'photo' && !item.panorama && item.category !== 'repair');

  it('has 40–60 camera-sized photos, a large 2:1 panorama, names that pass the upload rules', () => {
    expect(photos.length).toBeGreaterThanOrEqual(40);
    expect(photos.length).toBeLessThanOrEqual(60);
    for (const photo of photos) expect(photo.width! * photo.height!).toBeGreaterThanOrEqual(12_000_000);
    expect(photos.filter((photo) => photo.width === 6000 && photo.height === 4000).length).toBeGreaterThan(5);
    const panoramas = plan.media.filter((item) => item.panorama);
    expect(panoramas).toHaveLength(1);
    expect(panoramas[0]).toMatchObject({ category: 'blade', width: 5760, height: 2880 });
    for (const name of [...plan.media.map((item) => item.originalName), ...plan.reports.map((r) => r.originalFilename)])
      expect(isValidFileName(name), name).toBe(true);
    DEMO_TURBINES.forEach((_, t) => {
      const names = plan.media.filter((item) => item.turbine === t).map((item) => item.originalName.toLowerCase());
      expect(new Set(names).size).toBe(names.length);
    });
    expect(plan.comments.every((comment) => comment.text.length <= 500)).toBe(true);
  });
});

describe('seedDemo', () => {
  it('deletes the blobs it wrote when a write fails, and inserts nothing', async () => {
    let puts = 0;
    const failing: ObjectStorage = Object.create(storage) as ObjectStorage;
    failing.put = async (key, body, contentType) => {
      if (++puts > 6) throw new Error('disk full');
      return storage.put(key, body, contentType);
    };
    await expect(
      seedDemo({ dataSource: api.dataSource, storage: failing, jobs, options: { photoScale: 0.02 } }),
    ).rejects.toThrow('disk full');
    expect(await originalKeys()).toEqual([]);
    expect(await rowCounts()).toMatchObject({ companies: 0, users: 0, turbines: 0, media: 0 });
  });

  it('deletes the blobs it wrote when the transaction fails, and inserts nothing', async () => {
    // A user already holding a demo address makes the users' insert fail inside the transaction.
    const [system] = await query<{ id: number }>(`SELECT id FROM companies ORDER BY id LIMIT 1`);
    await query(
      `INSERT INTO users (first_name, last_name, email, password_hash, role, company_id) VALUES ('X', 'Y', $1, 'x', 'admin', $2)`,
      [demoEmail('admin'), system!.id],
    );
    try {
      await expect(
        seedDemo({ dataSource: api.dataSource, storage, jobs, options: { photoScale: 0.02 } }),
      ).rejects.toThrow();
      expect(await originalKeys()).toEqual([]);
      expect(await rowCounts()).toMatchObject({ companies: 0, turbines: 0, media: 0, reports: 0, comments: 0 });
    } finally {
      await query(`DELETE FROM users WHERE email = $1`, [demoEmail('admin')]);
    }
  });

  it('seeds turbines of both partners with photos, a panorama, a point cloud, a video, reports and comments', async () => {
    // The jobs are recorded here (and sent on by the last test): each must find its row committed.
    const recorder = {
      send: async (name: QueueName, data: object | null) => {
        const { mediaId } = data as { mediaId: number };
        const visible = (await query(`SELECT 1 FROM media WHERE id = $1`, [mediaId])).length === 1;
        sent.push({ name, mediaId, visible });
      },
    };
    const summary = await seedDemo({
      dataSource: api.dataSource,
      storage,
      jobs: recorder,
      options: { photoScale: PHOTO_SCALE },
    });
    expect(summary).toMatchObject({
      companies: DEMO_COMPANIES.length,
      users: DEMO_USERS.length,
      turbines: 9,
      panoramas: 1,
      videos: 1,
      pointClouds: 1,
      reports: 10,
      comments: 8,
    });
    expect(summary!.photos).toBeGreaterThanOrEqual(41);

    const turbines = await query<{ id: number; company: string; code: string; city: string; status: string }>(
      `SELECT t.id, c.name AS company, t.code, t.city, t.status, t.rooms, t.coordinates
         FROM turbines t JOIN companies c ON c.id = t.company_id`,
    );
    const perCompany = (name: string) => turbines.filter((turbine) => turbine.company === name).length;
    expect(perCompany(DEMO_COMPANIES[0].name)).toBe(6);
    expect(perCompany(DEMO_COMPANIES[1].name)).toBe(3);
    expect(new Set(turbines.map((turbine) => turbine.status)).size).toBe(5);
    expect(turbines.map((turbine) => turbine.city)).toContain('balıkesir');
    expect(turbines.map((turbine) => turbine.code)).toContain('ARE-ALG-01');

    const media = await query<{
      id: number;
      turbine_id: number;
      storage_key: string;
      kind: string;
      category: string;
      blade: string | null;
      room: number;
      year: number;
      month: number;
      original_name: string;
      size: string;
      mime: string;
      status: string;
      uploaded_by: number | null;
      is_current: boolean;
      version: number;
    }>(`SELECT * FROM media`);
    expect(media.length).toBe(summary!.photos + 2);
    expect(media.every((row) => row.status === 'pending' && row.is_current && row.version === 1)).toBe(true);
    expect(media.every((row) => row.uploaded_by !== null)).toBe(true);
    expect(sent.map((job) => job.mediaId).sort((a, b) => a - b)).toEqual(
      media.map((row) => row.id).sort((a, b) => a - b),
    );
    expect(sent.every((job) => job.name === QUEUES.mediaDerivatives && job.visible)).toBe(true);
    const photos = media.filter((row) => row.kind === 'photo');
    const bladePhotos = photos.filter((row) => row.category === 'blade');
    expect(new Set(bladePhotos.map((row) => row.blade))).toEqual(new Set(['A', 'B', 'C']));
    expect(new Set(bladePhotos.map((row) => row.room))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(new Set(photos.map((row) => row.category))).toEqual(
      new Set(['blade', 'drone', 'operator', 'robot', 'repair']),
    );
    expect(new Set(photos.map((row) => row.year))).toEqual(new Set([2023, 2024, 2025, 2026]));
    for (const row of photos) {
      expect(row.storage_key).toMatch(
        row.category === 'blade'
          ? new RegExp(
              `^turbines/${row.turbine_id}/blade-${row.blade}/room-${row.room}/${row.year}/[0-9a-f-]{36}\\.jpg$`,
            )
          : new RegExp(`^turbines/${row.turbine_id}/category-${row.category}/${row.year}/[0-9a-f-]{36}\\.jpg$`),
      );
    }
    // Each partner's turbines have photos, and every turbine some.
    expect(new Set(media.map((row) => row.turbine_id))).toEqual(new Set(turbines.map((turbine) => turbine.id)));
    const cloud = media.find((row) => row.kind === 'pointcloud');
    expect(cloud).toMatchObject({ category: 'blade', mime: 'application/x-pcd' });
    expect(cloud?.storage_key).toMatch(/\.pcd$/);
    expect(media.find((row) => row.kind === 'video')).toMatchObject({ category: 'drone', mime: 'video/webm' });

    // Every blob is there with the recorded size, and passes the upload's type sniffing.
    for (const row of media) {
      expect(isValidFileName(row.original_name)).toBe(true);
      const head = await storage.head(row.storage_key);
      expect(head?.size, row.storage_key).toBe(Number(row.size));
      const sniffed = await sniffMedia((await storage.readStart(row.storage_key, HEAD_BYTES))!, row.original_name);
      expect(sniffed, row.original_name).toMatchObject({ ok: true, kind: row.kind, mime: row.mime });
    }
    const keys = await originalKeys();
    expect(keys.length).toBe(media.length + 10);

    const reports = await query<{
      turbine_id: number;
      year: number;
      original_filename: string;
      storage_key: string;
      file_size_bytes: string;
      uploaded_at: Date;
    }>(`SELECT * FROM reports`);
    expect(reports).toHaveLength(10);
    const prefixed = reports.filter(
      (report) => reportDisplayName(report.original_filename) !== report.original_filename,
    );
    expect(prefixed.map((report) => report.original_filename)).toEqual([
      '1699999999-123-2025-Kanat-Muayene-Raporu.pdf',
    ]);
    expect(reportDisplayName(prefixed[0]!.original_filename)).toBe('2025-Kanat-Muayene-Raporu.pdf');
    expect(reports.map((report) => report.original_filename)).toContain('2024-Kanat-Muayene-Raporu.pdf');
    // 1–2 reports per turbine-year.
    const perTurbineYear = new Map<string, number>();
    for (const report of reports) {
      const key = `${report.turbine_id}/${report.year}`;
      perTurbineYear.set(key, (perTurbineYear.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perTurbineYear.values())).toBe(2);
    for (const report of reports) {
      expect(report.storage_key).toMatch(new RegExp(`^turbines/${report.turbine_id}/reports/${report.year}/.+\\.pdf$`));
      expect(report.uploaded_at.getUTCFullYear()).toBe(report.year);
      expect((await storage.head(report.storage_key))?.size).toBe(Number(report.file_size_bytes));
      const head = (await storage.readStart(report.storage_key, 16))!;
      expect(sniffPdf(head, report.original_filename)).toMatchObject({ ok: true });
    }

    const comments = await query<{ user_id: number; comment: string; created_at: Date; updated_at: Date }>(
      `SELECT user_id, comment, created_at, updated_at FROM comments`,
    );
    expect(comments).toHaveLength(8);
    expect(new Set(comments.map((comment) => comment.user_id)).size).toBeGreaterThanOrEqual(5);
    const edited = comments.filter((comment) => comment.updated_at > comment.created_at);
    expect(edited).toHaveLength(1);
    expect(comments.filter((comment) => comment.updated_at.getTime() === comment.created_at.getTime())).toHaveLength(7);
    expect(comments.every((comment) => comment.created_at.getTime() < Date.now())).toBe(true);
  });

  it('seeds findings of every severity on the photos and the panorama, some drafts, damages tracked as they grow', async () => {
    const findings = await query<{
      id: number;
      severity: number;
      stage: string;
      year: number;
      length_mm: number;
      track: number;
      selector: string;
    }>(
      `SELECT id, severity, stage, year, length_mm, COALESCE(track_id, id) AS track,
              target->'selector'->>'type' AS selector
         FROM findings ORDER BY year, id`,
    );
    expect(findings.length).toBeGreaterThanOrEqual(30);
    expect(new Set(findings.map((finding) => finding.severity))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(findings.some((finding) => finding.stage === 'draft')).toBe(true);
    // A customer (released findings only) sees every severity too.
    expect(
      new Set(findings.filter((finding) => finding.stage === 'released').map((finding) => finding.severity)),
    ).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(findings.filter((finding) => finding.stage === 'released').length).toBeGreaterThan(findings.length / 2);
    expect(new Set(findings.map((finding) => finding.selector))).toEqual(
      new Set(['FragmentSelector', 'PanoramaSelector']),
    );
    const tracks = new Map<number, typeof findings>();
    for (const finding of findings) tracks.set(finding.track, [...(tracks.get(finding.track) ?? []), finding]);
    const long = [...tracks.values()].filter((track) => track.length >= 3);
    expect(long.length).toBeGreaterThanOrEqual(2);
    for (const track of long) {
      expect(track.map((finding) => finding.year)).toEqual([...new Set(track.map((finding) => finding.year))]);
      for (let i = 1; i < track.length; i += 1) expect(track[i]!.length_mm).toBeGreaterThan(track[i - 1]!.length_mm);
    }
    expect(long.flat().map((finding) => finding.year)).toEqual(expect.arrayContaining([2023, 2024, 2025, 2026]));
  });

  it("puts every finding on its photo: the photo's blade, zone and year, its region on the blade drawn there", async () => {
    const rows = await query<{
      id: number;
      blade: string;
      zone: number;
      year: number;
      track: number;
      target: FindingTarget;
      media_blade: string | null;
      room: number;
      media_year: number;
      storage_key: string;
      original_name: string;
      code: string;
    }>(
      `SELECT f.id, f.blade, f.zone, f.year, COALESCE(f.track_id, f.id) AS track, f.target,
              m.blade AS media_blade, m.room, m.year AS media_year, m.storage_key, m.original_name, t.code
         FROM findings f JOIN media m ON m.id = f.media_id JOIN turbines t ON t.id = f.turbine_id
        ORDER BY f.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(30);
    // How each picture was drawn: the plan is the same but for its random asset ids.
    const drawings = new Map(
      planDemoInspections({ photoScale: PHOTO_SCALE }).media.map((item) => [
        `${DEMO_TURBINES[item.turbine]!.code}/${item.originalName}`,
        item.drawing,
      ]),
    );
    let onPhotos = 0;
    for (const row of rows) {
      const label = `finding ${row.id} on ${row.original_name}`;
      expect({ blade: row.blade, zone: row.zone, year: row.year }, label).toEqual({
        blade: row.media_blade,
        zone: row.room,
        year: row.media_year,
      });
      const drawing = drawings.get(`${row.code}/${row.original_name}`);
      const box = targetBox(row.target);
      if (drawing?.kind === 'panorama') {
        const [, yaw, pitch] = PANORAMA_PATTERN.exec(row.target.selector.value)!.map(Number);
        const { width, height } = drawing.options;
        const { x, y } = panoramaPixel({ yaw: yaw!, pitch: pitch! }, width, height);
        const blades = panoramaTurbines(drawing.options).flatMap((turbine) => turbine.blades);
        expect(
          blades.some((blade) => polygonContains(blade, [x, y])),
          label,
        ).toBe(true);
        continue;
      }
      expect(drawing?.kind, label).toBe('blade');
      expect(box, label).not.toBeNull();
      if (drawing?.kind !== 'blade' || !box) continue;
      onPhotos += 1;
      // The shape the photo's blade was drawn with holds the whole region, inside the frame.
      const blade = bladePolygon(bladeOutline(drawing.options));
      const { width, height } = drawing.options;
      expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height, label).toBe(true);
      for (let step = 0; step <= 4; step += 1) {
        const across = box.x + (box.width * step) / 4;
        const down = box.y + (box.height * step) / 4;
        for (const point of [
          [across, box.y],
          [across, box.y + box.height],
          [box.x, down],
          [box.x + box.width, down],
        ] as [number, number][])
          expect(polygonContains(blade, point), `${label}: ${point.join(',')}`).toBe(true);
      }
      // And the picture as stored agrees: the region's pixels are the blade's greys, not the sky's blue.
      expect(await skyShare(row.storage_key, box), label).toBeLessThan(0.02);
    }
    expect(onPhotos).toBeGreaterThan(rows.length / 2);
    // Category photos are filed under the blade they show: no photo without one.
    expect(await query(`SELECT id FROM media WHERE kind = 'photo' AND blade IS NULL`)).toEqual([]);
    // A tracked damage is photographed on its own blade and room every year.
    const tracks = new Map<number, Set<string>>();
    for (const row of rows) tracks.set(row.track, (tracks.get(row.track) ?? new Set()).add(`${row.blade}/${row.zone}`));
    for (const places of tracks.values()) expect(places.size).toBe(1);
  });

  it('seeds repairs in every status that agree with their findings, some overdue, the finished ones with photos', async () => {
    const repairs = await query<{
      id: number;
      status: string;
      overdue: boolean;
      photos: number;
      findings: { status: string; active: boolean; blade: string }[];
      photo_blades: string[];
    }>(
      `SELECT w.id, w.status,
              (w.status IN ('planned', 'scheduled', 'in_progress')
                AND w.due_date < (now() AT TIME ZONE 'Europe/Istanbul')::date) AS overdue,
              (SELECT count(*)::int FROM repair_media rm WHERE rm.repair_id = w.id) AS photos,
              (SELECT json_agg(json_build_object('status', f.status, 'active', rf.active, 'blade', f.blade))
                 FROM repair_findings rf JOIN findings f ON f.id = rf.finding_id WHERE rf.repair_id = w.id) AS findings,
              (SELECT COALESCE(json_agg(m.blade), '[]') FROM repair_media rm JOIN media m ON m.id = rm.media_id
                WHERE rm.repair_id = w.id AND m.category = 'repair') AS photo_blades
         FROM repair_work_orders w ORDER BY w.id`,
    );
    expect(new Set(repairs.map((repair) => repair.status))).toEqual(
      new Set(['planned', 'scheduled', 'in_progress', 'done', 'verified', 'cancelled']),
    );
    expect(repairs.some((repair) => repair.overdue)).toBe(true);
    const wants: Record<string, string | null> = {
      planned: 'repair_planned',
      scheduled: 'repair_planned',
      in_progress: 'repair_planned',
      done: 'repaired',
      verified: 'closed',
      cancelled: null,
    };
    for (const repair of repairs) {
      expect(repair.findings.length, `repair ${repair.id}`).toBeGreaterThan(0);
      for (const finding of repair.findings) {
        if (wants[repair.status]) expect(finding.status, `repair ${repair.id}`).toBe(wants[repair.status]);
        else expect(['new', 'monitoring'], `repair ${repair.id}`).toContain(finding.status);
        expect(finding.active, `repair ${repair.id}`).toBe(!['verified', 'cancelled'].includes(repair.status));
      }
      if (repair.status === 'done' || repair.status === 'verified') {
        // Completed as the API completes: after-repair photos on the blades of its findings.
        expect(repair.photos, `repair ${repair.id}`).toBeGreaterThan(0);
        for (const blade of repair.photo_blades)
          expect(repair.findings.map((finding) => finding.blade)).toContain(blade);
      }
    }
    // Every finding marked for repair is in an open repair; the after photos stay out of the inspection photos.
    const loose = await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM findings f
        WHERE f.status IN ('repair_planned', 'repaired')
          AND NOT EXISTS (SELECT 1 FROM repair_findings rf WHERE rf.finding_id = f.id AND rf.active)`,
    );
    expect(loose[0]!.count).toBe(0);
    const onRepairPhotos = await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM findings f JOIN media m ON m.id = f.media_id WHERE m.category = 'repair'`,
    );
    expect(onRepairPhotos[0]!.count).toBe(0);
  });

  it('gives every demo user a hash of its own (its own salt)', async () => {
    const rows = await query(`SELECT password_hash FROM users WHERE email LIKE '%@demo.kanat360.local'`, []);
    const hashes = rows.map((row) => (row as { password_hash: string }).password_hash);
    expect(hashes.length).toBe(6);
    expect(new Set(hashes).size).toBe(6);
  });

  it('does nothing the second time', async () => {
    const before = { rows: await rowCounts(), keys: (await originalKeys()).length };
    expect(await seedDemo({ dataSource: api.dataSource, storage, jobs, options: { photoScale: PHOTO_SCALE } })).toBe(
      null,
    );
    expect({ rows: await rowCounts(), keys: (await originalKeys()).length }).toEqual(before);
  });

  it('queues the derivatives: every medium becomes ready, the panorama is detected', async () => {
    for (const job of sent) await jobs.send(job.name, { mediaId: job.mediaId });
    const ready = await eventually(
      async () => {
        const statuses = await query<{ status: string; count: number }>(
          `SELECT status, count(*)::int AS count FROM media GROUP BY status`,
        );
        return statuses.length === 1 && statuses[0]?.status === 'ready' && statuses[0];
      },
      'every medium to be ready',
      { timeoutMs: 45_000, intervalMs: 500 },
    );
    expect(ready.count).toBe(sent.length);
    const photos = await query<{
      original_name: string;
      width: number;
      height: number;
      is_panorama: boolean;
      thumb_key: string | null;
      tiles_key: string | null;
      captured_at: Date | null;
      gps_lat: number | null;
    }>(`SELECT * FROM media WHERE kind = 'photo'`);
    expect(photos.every((photo) => photo.thumb_key && photo.tiles_key && photo.captured_at && photo.gps_lat)).toBe(
      true,
    );
    const panoramas = photos.filter((photo) => photo.is_panorama);
    expect(panoramas).toHaveLength(1);
    expect(panoramas[0]!.width).toBe(panoramas[0]!.height * 2);
    expect(panoramas[0]!.original_name).toMatch(/^PANO_/);
    expect(photos.filter((photo) => photo.width === 400 && photo.height === 300).length).toBeGreaterThan(30);
  }, 60_000);
});
