#!/usr/bin/env node
// `npm start`, `npm test` and `npm run cli` land here. It must run on the machine's own Node (20 or newer) with no packages:
// it brings Node 22 and pnpm into ./.tooling when they are missing, installs the workspace, builds what
// changed, then serves the product or runs every check.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages, PDF_BINARIES, SCALE_BINARIES } from './debian-packages.mjs';

const NODE_VERSION = '22.23.3';
const PNPM_VERSION = '12.21.0';
const MIN_NODE = [22, 12];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tooling = join(root, '.tooling');
const command = process.argv[2];

function log(message) {
  console.log(`\x1b[36m[kanat360]\x1b[0m ${message}`);
}

function fail(message) {
  console.error(`\x1b[31m[kanat360]\x1b[0m ${message}`);
  process.exit(1);
}

function versionAtLeast(version, [major, minor]) {
  const [a, b] = version.replace(/^v/, '').split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) fail(`${cmd} could not start: ${result.error.message}`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function installedVersion(packageName) {
  const manifest = join(tooling, 'node_modules', packageName, 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : null;
}

/** Installs the pinned Node and/or pnpm into ./.tooling (git-ignored) when they are not there yet. */
function ensureTooling() {
  const systemNodeIsEnough = versionAtLeast(process.version, MIN_NODE);
  const wanted = [];
  if (!systemNodeIsEnough && installedVersion('node') !== NODE_VERSION) wanted.push(`node@${NODE_VERSION}`);
  if (installedVersion('pnpm') !== PNPM_VERSION) wanted.push(`pnpm@${PNPM_VERSION}`);
  if (wanted.length > 0) {
    log(`installing ${wanted.join(' and ')} into .tooling/ (once)`);
    mkdirSync(tooling, { recursive: true });
    if (!existsSync(join(tooling, 'package.json')))
      writeFileSync(join(tooling, 'package.json'), '{ "private": true }\n');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    run(npm, ['install', '--prefix', tooling, '--no-audit', '--no-fund', '--no-package-lock', ...wanted]);
  }
  const nodeBinDir = systemNodeIsEnough ? dirname(process.execPath) : join(tooling, 'node_modules', 'node', 'bin');
  const env = {
    ...process.env,
    PATH: [nodeBinDir, join(tooling, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
  };
  const nodeVersion = spawnSync(join(nodeBinDir, 'node'), ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (!nodeVersion || !versionAtLeast(nodeVersion, MIN_NODE))
    fail(`Node ${MIN_NODE.join('.')}+ is needed, found ${nodeVersion}`);
  return { env, node: join(nodeBinDir, 'node'), pnpm: join(tooling, 'node_modules', '.bin', 'pnpm') };
}

const SOURCE_DIRS = ['bff', 'site', 'panel', 'packages', 'locales'];
const SKIPPED = new Set(['node_modules', 'dist', '.astro', 'test-results', 'routeTree.gen.ts']);

/** A fingerprint of every source file (path, size, mtime): unchanged sources mean the last build still holds. */
function sourceFingerprint() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const stat = statSync(path);
        hash.update(`${path}\0${stat.size}\0${stat.mtimeMs}\n`);
      }
    }
  };
  for (const dir of SOURCE_DIRS) if (existsSync(join(root, dir))) walk(join(root, dir));
  hash.update(readFileSync(join(root, 'pnpm-lock.yaml')));
  return hash.digest('hex');
}

function buildIfChanged(tools) {
  const stampFile = join(tooling, 'build.stamp');
  const outputs = ['bff/dist/main.js', 'site/dist/index.html', 'panel/dist/index.html'];
  const fingerprint = sourceFingerprint();
  const upToDate =
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === fingerprint &&
    outputs.every((output) => existsSync(join(root, output)));
  if (upToDate) {
    log('build is up to date');
    return;
  }
  log('building');
  run(tools.pnpm, ['run', 'build'], { env: tools.env });
  writeFileSync(stampFile, fingerprint);
}

function ensureTestPackages() {
  // The browser tests run in Chromium's headless shell (tests/playwright.config.ts).
  const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell'];
  ensureDebianPackages(
    { 'chromium-headless-shell': chromium, ...SCALE_BINARIES, ...PDF_BINARIES },
    {
      why: 'the browser, scale and PDF tests',
      log,
      fail: (message) => fail(`${message} (For Chromium, CHROMIUM_PATH may name a Chromium binary instead.)`),
    },
  );
}

/**
 * Runs `script` on the tooling's Node until it exits. `ownGroup` (the server): a process group of its own, so a
 * terminal's Ctrl-C reaches npm and this wrapper, not the server and its PostgreSQL directly; the server hears it
 * once and stops them in order (PostgreSQL last, after the step in progress). Out of the terminal's group, it
 * watches this wrapper through an IPC channel instead, and stops when the wrapper is gone however it went.
 */
function serve(tools, script, args = [], { ownGroup = false } = {}) {
  const child = spawn(tools.node, [script, ...args], {
    stdio: ownGroup ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
    cwd: root,
    env: tools.env,
    detached: ownGroup,
  });
  // The server shuts down gracefully on either signal; this wrapper only passes them on and waits. npm signals this
  // process itself (package.json's scripts `exec` node: a shell in between would die and leave it running), and
  // passes the terminal's Ctrl-C on too: the same keypress arrives twice within moments, and is passed on once.
  const passedAt = new Map();
  const passOn = (signal) => {
    if (Date.now() - (passedAt.get(signal) ?? 0) < 1000) return;
    passedAt.set(signal, Date.now());
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => passOn(signal));
  // A closed terminal no longer reaches the server's group: it is asked to stop as a process manager would.
  if (ownGroup) process.on('SIGHUP', () => passOn('SIGTERM'));
  // A death by a signal the child does not handle (SIGKILL, a crash) is a failure, as a shell reports it.
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
}

if (!['start', 'test', 'cli'].includes(command)) fail('usage: node scripts/run.mjs start|test|cli [args]');

const tools = ensureTooling();
log('installing packages');
run(tools.pnpm, ['install', '--frozen-lockfile', '--prefer-offline'], {
  env: { ...tools.env, CI: process.env.CI ?? '' },
});
buildIfChanged(tools);

if (command === 'start') serve(tools, 'bff/dist/main.js', [], { ownGroup: true });
else if (command === 'cli') serve(tools, 'bff/dist/cli.js', process.argv.slice(3));
else {
  ensureTestPackages();
  run(tools.pnpm, ['run', 'check'], { env: tools.env });
}
