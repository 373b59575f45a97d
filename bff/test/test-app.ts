import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type Clock } from 'pg-boss';
import { type DataSource } from 'typeorm';
import { createApp } from '@/app.factory.js';
import { type Config, loadConfig } from '@/config/config.js';
import { createAppDataSource } from '@/database/app-data-source.js';
import { JobQueue } from '@/jobs/job-queue.js';
import { createLogger } from '@/logger.js';
import { testDatabaseUrl } from './database.js';

export const TEST_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export interface TestApp {
  baseUrl: string;
  config: Config;
  dataSource: DataSource;
  app: NestExpressApplication;
  close(): Promise<void>;
}

/**
 * The real app on a random port of 127.0.0.1, against the run's PostgreSQL. TRUST_PROXY=loopback lets a test
 * pose as different client addresses through X-Forwarded-For (login throttling counts per address). `clock`: the
 * job queue's (pg-boss's TestClock moves its polls and schedules by hand).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  { clock }: { clock?: Clock } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kanat360-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'loopback',
    ...env,
  });
  const database = createAppDataSource(config.databaseUrl ?? '', config.databaseTimeouts);
  await database.initialize();
  const { dataSource } = database;
  const logger = createLogger(config);
  const jobs = new JobQueue(config.databaseUrl ?? '', logger, dataSource, { clock });
  await jobs.start();
  // Every JSON answer of every test call is held to its route's declared (strict) schema.
  const app = await createApp({ config, dataSource, jobs, logger }, { checkAnswers: true });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    config,
    dataSource,
    app,
    async close() {
      await app.close();
      await jobs.stop();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
