import { type Role } from '@kanat360/contracts';
import { type DataSource, type EntityManager } from 'typeorm';
import { hashPassword } from '@/auth/passwords.js';
import { CompaniesRepository } from '@/companies/companies.repository.js';
import { lockUntilCommit } from '@/database/advisory-lock.js';
import { type JobQueue, QUEUES } from '@/jobs/job-queue.js';
import { type ObjectStorage } from '@/storage/object-storage.js';
import { UsersRepository } from '@/users/users.repository.js';
import {
  type DemoInspectionOptions,
  discardDemoInspections,
  insertDemoInspections,
  prepareDemoInspections,
} from './demo-inspections.js';

export const DEMO_PASSWORD = 'kanat360-demo';
export const DEMO_DOMAIN = 'demo.kanat360.local';

export const DEMO_COMPANIES = [
  {
    name: 'Anadolu Rüzgar Enerji A.Ş.',
    contactEmail: `info@anadolu-ruzgar.${DEMO_DOMAIN}`,
    authorizedNumber: 'Ayşe Demir',
    phone: '+90 312 555 01 01',
    address: 'Çankaya, Ankara',
  },
  {
    name: 'Ege Yenilenebilir Enerji Ltd.',
    contactEmail: `iletisim@ege-yenilenebilir.${DEMO_DOMAIN}`,
    authorizedNumber: 'Mehmet Kaya',
    phone: '+90 232 555 02 02',
    address: 'Bornova, İzmir',
  },
] as const;

interface DemoUser {
  id?: number;
  local: string;
  firstName: string;
  lastName: string;
  role: Role;
  company: 0 | 1;
  isProtected?: boolean;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: 35,
    local: 'superadmin',
    firstName: 'Selin',
    lastName: 'Yıldız',
    role: 'superadmin',
    company: 0,
    isProtected: true,
  },
  { local: 'admin', firstName: 'Burak', lastName: 'Aydın', role: 'admin', company: 0 },
  { local: 'manager', firstName: 'Elif', lastName: 'Şahin', role: 'company_manager', company: 0 },
  { local: 'operator', firstName: 'Emre', lastName: 'Çelik', role: 'operator', company: 0 },
  { local: 'customer', firstName: 'Zeynep', lastName: 'Arslan', role: 'customer', company: 0 },
  { local: 'operator2', firstName: 'Can', lastName: 'Öztürk', role: 'operator', company: 1 },
];

export const demoEmail = (local: string) => `${local}@${DEMO_DOMAIN}`;

export interface DemoSeedSummary {
  companies: number;
  users: number;
  turbines: number;
  photos: number;
  panoramas: number;
  videos: number;
  pointClouds: number;
  reports: number;
  comments: number;
  /** Bytes of every blob written (media and reports). */
  bytes: number;
  /** Wall time of the whole seed. */
  ms: number;
}

export interface DemoSeedInput {
  dataSource: DataSource;
  /** Where the media and report blobs go (createObjectStorage(config), or the app's OBJECT_STORAGE). */
  storage: ObjectStorage;
  /** Gets a derivatives job per media row once the rows are committed. */
  jobs: Pick<JobQueue, 'send'>;
  options?: DemoInspectionOptions;
  /** Called when seeding really starts (the database has no demo data): it takes a while, worth a log line. */
  onStart?: () => void;
}

const isSeeded = async (dataSource: DataSource, manager: EntityManager) =>
  (await new UsersRepository(dataSource).findByEmail(demoEmail('superadmin'), manager)) !== null;

/**
 * Seeds the demo partners, one user of every role, and their inspection data (demo-inspections.ts), once: a
 * database that already has the demo superadmin is left alone. Blobs are written first, then every row in one
 * transaction; if that fails (or another process seeded meanwhile) the blobs are deleted again. The derivative jobs
 * are queued after the commit, so a job always finds its row. Answers what was seeded, or null when nothing was.
 */
export async function seedDemo(input: DemoSeedInput): Promise<DemoSeedSummary | null> {
  const { dataSource, storage, jobs, options } = input;
  const started = performance.now();
  if (await isSeeded(dataSource, dataSource.manager)) return null;
  input.onStart?.();
  const prepared = await prepareDemoInspections(dataSource, storage, options);
  let mediaIds: number[] | null;
  try {
    mediaIds = await dataSource.transaction(async (manager) => {
      // Seeders one after another (a server and a WORKER=only process booting together): the second finds the data.
      await lockUntilCommit(manager, 'kanat360.seed-demo');
      if (await isSeeded(dataSource, manager)) return null;
      const companies = new CompaniesRepository(dataSource);
      const companyIds: number[] = [];
      for (const company of DEMO_COMPANIES) companyIds.push(await companies.insert({ ...company }, manager));
      const users = new UsersRepository(dataSource);
      const userIds = new Map<string, number>();
      for (const user of DEMO_USERS) {
        const id = await users.insert(
          {
            id: user.id,
            firstName: user.firstName,
            lastName: user.lastName,
            email: demoEmail(user.local),
            // Each hash with its own salt: hashed once and copied, one cracked hash would open every demo account.
            passwordHash: await hashPassword(DEMO_PASSWORD),
            role: user.role,
            companyId: companyIds[user.company]!,
            isActive: true,
            isProtected: user.isProtected ?? false,
          },
          manager,
        );
        userIds.set(user.local, id);
      }
      return insertDemoInspections(manager, prepared, companyIds, userIds);
    });
  } catch (error) {
    await discardDemoInspections(storage, prepared);
    throw error;
  }
  if (!mediaIds) {
    await discardDemoInspections(storage, prepared);
    return null;
  }
  for (const mediaId of mediaIds) {
    await jobs.send(QUEUES.mediaDerivatives, { mediaId }, undefined, { background: true });
  }

  const media = prepared.media;
  return {
    companies: DEMO_COMPANIES.length,
    users: DEMO_USERS.length,
    turbines: prepared.turbineIds.length,
    photos: media.filter((item) => item.kind === 'photo').length,
    panoramas: media.filter((item) => item.panorama).length,
    videos: media.filter((item) => item.kind === 'video').length,
    pointClouds: media.filter((item) => item.kind === 'pointcloud').length,
    reports: prepared.reports.length,
    comments: prepared.comments.length,
    bytes: [...media, ...prepared.reports].reduce((sum, item) => sum + item.size, 0),
    ms: Math.round(performance.now() - started),
  };
}

/** One line for the log and the CLI: what the seed made and how long it took. */
export function demoSeedText(summary: DemoSeedSummary): string {
  const mb = (summary.bytes / 1_000_000).toFixed(0);
  return (
    `${summary.companies} companies, ${summary.users} users, ${summary.turbines} turbines, ` +
    `${summary.photos} photos (${summary.panoramas} panorama), ${summary.videos} video, ` +
    `${summary.pointClouds} point cloud, ${summary.reports} reports, ${summary.comments} comments; ` +
    `${mb} MB in ${(summary.ms / 1000).toFixed(1)} s`
  );
}

export function demoLoginsText(): string {
  const width = Math.max(...DEMO_USERS.map((user) => demoEmail(user.local).length));
  const rows = DEMO_USERS.map((user) => `    ${demoEmail(user.local).padEnd(width)}  ${user.role}`);
  return [`  Demo logins (password: ${DEMO_PASSWORD}):`, ...rows].join('\n');
}
