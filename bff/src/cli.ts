import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from './config/config.js';
import { runAsJob } from './database/app-data-source.js';
import { type OpenDatabase, openDatabase } from './database/database.js';
import { generateMigration } from './database/migration-generator.js';
import { createSuperadmin, superadminInput } from './seed/superadmin.js';
import { demoLoginsText, demoSeedText, seedDemo } from './seed/demo-seed.js';
import { JobQueue } from './jobs/job-queue.js';
import { createLogger } from './logger.js';
import { createObjectStorage } from './storage/storage.module.js';
import { validationError } from './common/zod-validation.js';

const USAGE = `Kanat360 command line (run from the repository root: pnpm --filter @kanat360/bff cli <command>)

  migrate                           apply pending database migrations
  create-superadmin --email E --password P --first-name F --last-name L
                                    create a superadmin in the system company (the first one is the protected root)
  seed-demo                         seed the demo companies, users, turbines, media, reports and comments
                                    (skipped when present)
  migration:generate <Name>         write a migration for the difference between the entities and the database

The database is DATABASE_URL, or the embedded PostgreSQL under DATA_DIR when it is unset.`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const database = await openDatabase(config, { migrate: true, warn: (message) => console.error(message) });
  try {
    // Nothing a command does is a request: its queries get a job's time-outs (a big schema read, a loaded machine).
    await runAsJob(() => runCommand(command, rest, config, database));
  } finally {
    await database.close();
  }
}

async function runCommand(command: string, rest: string[], config: Config, database: OpenDatabase): Promise<void> {
  switch (command) {
    case 'migrate':
      console.log('Migrations are up to date.');
      break;
    case 'create-superadmin': {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
        },
      });
      const parsed = superadminInput.safeParse({
        email: values.email,
        password: values.password,
        firstName: values['first-name'],
        lastName: values['last-name'],
      });
      if (!parsed.success) {
        const error = validationError(parsed.error);
        throw new Error(`Invalid ${error.options.field ?? 'input'}: ${error.code}\n\n${USAGE}`);
      }
      const created = await createSuperadmin(database.dataSource, parsed.data);
      console.log(
        `Superadmin ${parsed.data.email} created (id ${created.id}${created.isProtected ? ', protected root' : ''}).`,
      );
      break;
    }
    case 'seed-demo': {
      // The derivative jobs are queued here and run when a server or a WORKER=only process is up.
      const jobs = new JobQueue(database.url, createLogger(config), database.dataSource);
      const storage = createObjectStorage(config);
      await jobs.start();
      try {
        const seeded = await seedDemo({
          dataSource: database.dataSource,
          storage,
          jobs,
          options: { photoScale: config.demoPhotoScale },
        });
        console.log(
          seeded
            ? `Demo data seeded: ${demoSeedText(seeded)}.\nThumbnails, previews and tiles are made by the ` +
                `server's jobs (or a WORKER=only process).\n${demoLoginsText()}`
            : 'Demo data is already there.',
        );
      } finally {
        await jobs.stop();
        storage.close();
      }
      break;
    }
    case 'migration:generate': {
      const name = rest[0];
      if (!name) throw new Error('migration:generate needs a name, e.g. migration:generate AddTurbineMedia');
      const dir = fileURLToPath(new URL('../src/database/migrations/', import.meta.url));
      const file = await generateMigration(database.dataSource, name, dir);
      console.log(
        file
          ? `Wrote ${file}; add it to database/migrations/index.ts.`
          : 'No changes: the entities match the migrations.',
      );
      break;
    }
    default:
      throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
