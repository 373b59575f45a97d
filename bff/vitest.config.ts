import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/**
 * The serial tier: files that start server processes, stop PostgreSQL or the object store, or answer against
 * time-outs that CPU left to other files would break. They run after the parallel tier, one at a time, so they
 * neither starve the parallel files of CPU nor are starved by them.
 */
const SERIAL = [
  'test/process.test.ts',
  'test/upload-crash.test.ts',
  'test/storage-outage.test.ts',
  'test/database-timeouts.test.ts',
  'test/migrations-at-once.test.ts',
  // 30 logins at once, each with argon2, within the requests' 1.5 s pool and query time-outs.
  'test/login-throttle.test.ts',
  // Schedulers: pg-boss's cron passes on a moved clock, and two processes' digest workers, waited for with deadlines.
  'test/upload-sweep.test.ts',
  'test/repairs-digest.test.ts',
];

// SWC compiles the tests' imports of the bff the way the build does: NestJS and TypeORM need decorator metadata.
export default defineConfig({
  plugins: [swc.vite({ swcrc: true, configFile: '.swcrc', module: { type: 'es6' } })],
  // `@/…` is bff/src, as in the build (.swcrc paths) and the type-check (tsconfig paths).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    // One PostgreSQL server for the run, with a migrated template; each file works on a copy of its own.
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/file-database.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A worker runs its files one after another in one module graph (not a fresh process each): NestJS, TypeORM and
    // the AWS SDK are loaded once a worker instead of once a file, which was two seconds of CPU for each of the 53
    // files. Each file still makes its own app on its own database, and closes it.
    isolate: false,
    projects: [
      // Two files at a time on 2 cores: each file's app, its PostgreSQL backends and sharp share them.
      { extends: true, test: { name: 'parallel', include: ['test/**/*.test.ts'], exclude: SERIAL, maxWorkers: 2 } },
      { extends: true, test: { name: 'serial', include: SERIAL, maxWorkers: 1, sequence: { groupOrder: 1 } } },
    ],
  },
});
