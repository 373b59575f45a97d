import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eventually } from './eventually.js';

/** The built server (`npm run build` makes it; `npm test` builds first). */
export const MAIN_JS = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** The built server, started as a newcomer would: `node bff/dist/main.js` in a process of its own. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** What it has printed so far, stdout and stderr together. */
  output: () => string;
  /** Its exit code once it has exited. */
  exited: Promise<number | null>;
}

/** Fails a test file early, with the reason, when the server has not been built. */
export function requireBuiltServer(): void {
  if (!existsSync(MAIN_JS)) throw new Error('bff/dist is missing: build first (npm test does)');
}

/** A port of 127.0.0.1 free right now: the kernel's pick, so test files running at once never share one. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A server process's environment: the settings given, on a bare environment (not the test runner's). */
export function serverEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  // The demo's photos at a tenth of a camera's size: these tests are of the process, and made at full size with
  // their tiles, each seed was half a minute of two cores (demo-seed.test.ts checks the photos themselves).
  return { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', DEMO_PHOTO_SCALE: '0.1', ...settings };
}

/**
 * Starts the built server on a free port of 127.0.0.1 with `settings`, and answers once /api/health answers 200.
 * Fails with what the server printed if it exits first or is not up after `timeoutMs` (a first start with the
 * embedded defaults also seeds the demo data, photos included, which takes a while on a busy machine).
 */
export async function startServer(
  settings: Record<string, string>,
  { timeoutMs = 90_000 }: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN_JS], {
    env: serverEnv({ PORT: String(port), HOST: '127.0.0.1', ...settings }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error('server exited early');
        try {
          return (await fetch(`${base}/api/health`)).status === 200;
        } catch {
          return false; // not listening yet
        }
      },
      'the server to answer /api/health',
      { timeoutMs, intervalMs: 200 },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}:\n${output}`, { cause: error });
  }
  return { child, port, base, output: () => output, exited };
}

/** Signs in through the API and answers the bearer token. */
export async function signInToken(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}
