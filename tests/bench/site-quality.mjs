#!/usr/bin/env node
// The public site's quality check (on demand: `pnpm bench:site`, after `pnpm build`). Starts the built server,
// runs Lighthouse in its mobile mode with Debian's Chromium on the home, FAQ and contact pages in both languages,
// prints the four category scores per page, then the home page's JavaScript + CSS bytes after gzip, and whether
// the targets are met: performance ≥ 98; accessibility, best practices and SEO = 100; home JS + CSS ≤ 60 KB.
// Like the other benchmarks (README.md here) it exits non-zero only when something fails, not on a missed target.
//   node tests/bench/site-quality.mjs [--runs=3] [--save=dir] [--only=home,faq]
// Each page is measured --runs times (3 by default: one run swings by several points with whatever else the
// machine is doing) and the run with the median performance score counts; --save keeps the Lighthouse reports
// (JSON) in dir; --only measures some of the pages.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, ROOT, startStack } from './harness.mjs';

const LIGHTHOUSE = join(ROOT, 'tests', 'node_modules', 'lighthouse', 'cli', 'index.js');
const PAGES = [
  { name: 'home', tr: '/', en: '/en/' },
  { name: 'faq', tr: '/faq/', en: '/en/faq/' },
  { name: 'contact', tr: '/contact/', en: '/en/contact/' },
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
const HOME_BYTES_TARGET = 60 * 1024;
const option = (name) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const runs = Number(option('runs') ?? 3);
const saveDir = option('save');
const only = option('only')?.split(',');

if (!CHROMIUM) throw new Error('Chromium is needed: apt-get install chromium, or set CHROMIUM_PATH');
if (!existsSync(join(ROOT, 'site', 'dist', 'index.html')) || !existsSync(join(ROOT, 'bff', 'dist', 'main.js')))
  throw new Error('Build first: pnpm build');

/** One Lighthouse run (its own Chromium with a fresh profile) → the report as an object. */
function lighthouse(url, language) {
  const dir = mkdtempSync(join(tmpdir(), 'kanat360-lighthouse-'));
  const output = join(dir, 'report.json');
  const chromeFlags = [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The visitor the page is for: a Turkish browser on the Turkish pages, an English one on the English pages
    // (a Turkish page sends a browser of the other language to its English twin).
    `--accept-lang=${language === 'tr' ? 'tr-TR' : 'en-US'}`,
  ].join(' ');
  const args = [
    LIGHTHOUSE,
    url,
    `--chrome-path=${CHROMIUM}`,
    `--chrome-flags=${chromeFlags}`,
    `--only-categories=${CATEGORIES.join(',')}`,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`lighthouse ${url} exited with ${code}\n${stderr}`);
        resolve(JSON.parse(readFileSync(output, 'utf8')));
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const score = (report, category) => Math.round((report.categories[category]?.score ?? 0) * 100);

/** The home page's scripts and stylesheets (as Lighthouse saw them load) plus its inline ones, gzipped. */
async function homeBytes(baseUrl, report) {
  const requests = report.audits['network-requests'].details.items;
  const files = requests.filter((item) => item.resourceType === 'Script' || item.resourceType === 'Stylesheet');
  let external = 0;
  let transferred = 0;
  for (const file of files) {
    const body = Buffer.from(await (await fetch(file.url)).arrayBuffer());
    external += gzipSync(body, { level: 9 }).length;
    transferred += file.transferSize;
  }
  const html = await (await fetch(`${baseUrl}/`)).text();
  const inline = [...html.matchAll(/<(script|style)\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/\1>/g)]
    .filter((match) => !/type="application\/ld\+json"/.test(match[0]))
    .map((match) => match[2])
    .join('\n');
  return { files: files.length, external, inline: gzipSync(inline, { level: 9 }).length, transferred };
}

const stack = await startStack('site');
let missed = false;
try {
  const { baseUrl } = await stack.spawnBff();
  console.log(`Lighthouse ${runs > 1 ? `(${runs} runs, median performance) ` : ''}mobile, ${baseUrl}\n`);
  const header = [
    'page',
    ...CATEGORIES.map((category) => category.replace('best-practices', 'best-pr.')),
    'LCP',
    'TBT',
    'CLS',
  ];
  console.log(header.map((cell, index) => (index === 0 ? cell.padEnd(16) : cell.padStart(15))).join(''));
  let homeReport;
  for (const page of PAGES.filter((candidate) => !only || only.includes(candidate.name))) {
    for (const language of ['tr', 'en']) {
      const url = baseUrl + page[language];
      const reports = [];
      for (let run = 0; run < runs; run += 1) reports.push(await lighthouse(url, language));
      const report = reports.find(
        (candidate) => score(candidate, 'performance') === median(reports.map((r) => score(r, 'performance'))),
      );
      if (new URL(report.finalDisplayedUrl).pathname !== page[language])
        throw new Error(`${url} ended at ${report.finalDisplayedUrl}`);
      if (page.name === 'home' && language === 'tr') homeReport = report;
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        writeFileSync(join(saveDir, `${page.name}-${language}.json`), JSON.stringify(report));
      }
      const scores = CATEGORIES.map((category) => score(report, category));
      const metrics = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
        (id) => report.audits[id].displayValue,
      );
      const misses = CATEGORIES.filter((category, index) => scores[index] < TARGETS[category]);
      if (misses.length > 0) missed = true;
      console.log(
        [
          `${page.name} ${language}`.padEnd(16),
          ...scores.map((value) => String(value).padStart(15)),
          ...metrics.map((value) => value.padStart(15)),
        ].join('') + (misses.length > 0 ? `   below target: ${misses.join(', ')}` : ''),
      );
      for (const category of misses) {
        for (const ref of report.categories[category].auditRefs) {
          const audit = report.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1)
            console.log(
              `    ${category}: ${ref.id} (${audit.score})${audit.displayValue ? ` ${audit.displayValue}` : ''}`,
            );
        }
      }
    }
  }

  if (homeReport) {
    const bytes = await homeBytes(baseUrl, homeReport);
    const total = bytes.external + bytes.inline;
    console.log(
      `\nHome page JS + CSS after gzip: ${(total / 1024).toFixed(1)} KB ` +
        `(${bytes.files} files ${(bytes.external / 1024).toFixed(1)} KB + inline ${(bytes.inline / 1024).toFixed(1)} KB; ` +
        `as transferred: ${(bytes.transferred / 1024).toFixed(1)} KB) — target ≤ ${HOME_BYTES_TARGET / 1024} KB`,
    );
    if (total > HOME_BYTES_TARGET) missed = true;
  }
  console.log(
    '\nTargets: performance ≥ 98; accessibility, best practices, SEO = 100; home JS + CSS ≤ 60 KB: ' +
      (missed ? 'target missed' : 'target met'),
  );
} finally {
  await stack.close();
}
