#!/usr/bin/env node
// `pnpm run check`, what `npm test` runs once packages are installed and built: every check, overlapped so that the
// two cores are busy and no test that answers against a clock is starved.
//
// - BACKGROUND: formatting, lint, type-checks, the bundle budget, the small unit suites and the browser tests' demo
//   data only use CPU and no clock judges them. They start at once at the lowest priority (nice 19): they take what
//   CPU the tests leave (the scale test's load keeps one core busy, not two) and give it back the moment a test
//   wants it.
// - STEPS, at normal priority, one after another: the scale test; the bff's tests; the browser tests, once their
//   demo data is made.
//
// Every stage's output is printed as it comes, each line marked with the stage's name. A failed stage does not stop
// the others: at the end come the whole output of every failed one again, unmixed, then a summary of each stage's
// result and time, and last the lines that name what failed (a CI log is often read from its tail only); the exit
// code is 1 when any failed.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpm = (...args) => ['pnpm', ...args];

/**
 * @typedef {{ name: string; command: string[]; env?: Record<string, string>; after?: string }} Stage
 * `after`: a stage this one needs, of an earlier step or of the background: this one waits for it to end, and when
 * it failed, this one is not run (and fails).
 */

/** @type {Stage[]} */
const BACKGROUND = [
  { name: 'lint', command: pnpm('run', 'lint') },
  { name: 'typecheck', command: pnpm('run', 'typecheck') },
  { name: 'format', command: pnpm('run', 'format:check') },
  { name: 'bundle', command: pnpm('run', 'check:bundle') },
  { name: 'unit', command: pnpm('-r', '--workspace-concurrency=1', '--filter=!@kanat360/bff', 'run', 'test') },
  { name: 'e2e data', command: pnpm('run', 'test:e2e:data') },
];

/** @type {Stage[][]} */
const STEPS = [
  // Built already (npm test builds first): a rebuild here would rewrite bff/dist under the e2e data's server.
  [{ name: 'scale', command: pnpm('run', 'test:scale', '--short'), env: { SCALE_BUILT: 'true' } }],
  [{ name: 'bff', command: pnpm('--filter', '@kanat360/bff', 'run', 'test') }],
  [{ name: 'e2e', command: pnpm('run', 'test:e2e'), env: { E2E_DATA: 'ready' }, after: 'e2e data' }],
];

const width = Math.max(...[...BACKGROUND, ...STEPS.flat()].map((stage) => stage.name.length));
const color = process.stdout.isTTY;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** @typedef {{ name: string; ok: boolean; how: string; ms: number; cpuMs?: number | null; output: string }} Result */
/** @type {Result[]} */
const results = [];
/** @type {Map<string, Promise<Result>>} every stage begun, by name: what a later stage's `after` waits for */
const begun = new Map();

/** Runs one stage (once `after` has ended), its lines marked with its name; answers its result and whole output. */
function runStage(stage, options = {}) {
  const result = (async () => {
    const needed = stage.after === undefined ? undefined : await begun.get(stage.after);
    return needed && !needed.ok
      ? record({ name: stage.name, ok: false, how: `not run: ${stage.after} failed`, ms: 0, output: '' })
      : spawnStage(stage, options);
  })();
  begun.set(stage.name, result);
  return result;
}

/** @param {Result} result */
function record(result) {
  results.push(result);
  return result;
}

/** @param {Stage} stage */
function spawnStage({ name, command, env = {} }, { niced = false } = {}) {
  const label = paint(36, `[${name.padEnd(width)}]`);
  const started = performance.now();
  const output = [];
  return new Promise((resolve) => {
    // Through bash, whose `times` tells on a fourth pipe the CPU time the stage's processes took (what two cores
    // share out: the summary's second figure).
    const child = spawn('bash', ['-c', '"$@"; status=$?; times >&3; exit $status', 'stage', ...command], {
      cwd: root,
      // Colours survive the pipe when the check itself is on a terminal.
      env: { ...process.env, ...(color && { FORCE_COLOR: '1' }), ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    let times = '';
    child.stdio[3]?.setEncoding('utf8');
    child.stdio[3]?.on('data', (chunk) => (times += chunk));
    // Before the child has started anything of its own: what it starts inherits the priority.
    if (niced && child.pid !== undefined) setPriority(child.pid, 19);
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        output.push(chunk);
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${label} ${line}\n`);
      });
      stream.on('end', () => partial && process.stdout.write(`${label} ${partial}\n`));
    }
    const finish = (ok, how) =>
      resolve(
        record({ name, ok, how, ms: performance.now() - started, cpuMs: cpuMsOf(times), output: output.join('') }),
      );
    child.on('error', (error) => finish(false, `could not start: ${error.message}`));
    child.on('close', (code, signal) => finish(code === 0, signal ? `killed by ${signal}` : `exit ${code}`));
  });
}

/** The CPU time of a stage's processes from bash's `times` (its second line: the children's user and system time). */
function cpuMsOf(times) {
  const children = times.trim().split('\n')[1] ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
  return parts.length === 2
    ? parts.reduce((ms, [, minutes, secs]) => ms + (Number(minutes) * 60 + Number(secs)) * 1000, 0)
    : null;
}

/**
 * The lines of a stage's output that name a failure: vitest's failed files and tests and their errors, Playwright's
 * failed tests, tsc's errors, ESLint's errors and the files they are in. At most `limit`, each once.
 */
function failureLines(output, limit = 20) {
  const names =
    /^\s*FAIL\s|^\s*(AssertionError|Error|TypeError)\b.*:|✘|^\s+\d+\) \[|^\s+\[\w+\] › |error TS\d+|^\/\S+\.[cm]?[jt]sx?$|^\s+\d+:\d+\s+error\s/;
  const lines = stripVTControlCharacters(output).split('\n');
  return [...new Set(lines.filter((line) => names.test(line)).map((line) => line.trimEnd()))].slice(0, limit);
}

const started = performance.now();
const background = Promise.all(BACKGROUND.map((stage) => runStage(stage, { niced: true })));
for (const step of STEPS) await Promise.all(step.map((stage) => runStage(stage)));
await background;

const failed = results.filter((result) => !result.ok);
for (const result of failed) {
  console.log(paint(31, `\n──── ${result.name} failed (${result.how}): its whole output ────`));
  process.stdout.write(result.output);
}
console.log(`\n${paint(36, '[check]')} stages, in the order they ended:`);
for (const result of results) {
  const state = result.ok ? paint(32, 'ok    ') : paint(31, 'FAILED');
  const cpu = result.cpuMs === null || result.cpuMs === undefined ? '' : `   CPU ${seconds(result.cpuMs)}`;
  console.log(`  ${state} ${result.name.padEnd(width)} ${seconds(result.ms).padStart(6)}${cpu}`);
}
console.log(`  ${'all'.padStart(width + 7)} ${seconds(performance.now() - started).padStart(6)}`);
if (failed.length > 0) {
  for (const result of failed) {
    console.log(paint(31, `\n${result.name} failed (${result.how}):`));
    for (const line of failureLines(result.output)) console.log(`  ${line}`);
  }
  console.log(paint(31, `\n${failed.map((result) => result.name).join(', ')} failed`));
  process.exit(1);
}
