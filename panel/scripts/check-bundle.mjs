#!/usr/bin/env node
// Weighs the JavaScript the first load of /dashboard downloads (gzip), from Vite's manifest of the last build,
// and fails above the budget (issue #5: ≤ 200 KB) or when a viewer library has slipped into that load.
// Run after `pnpm build`: node panel/scripts/check-bundle.mjs
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200_000;
/** The route files matched at /dashboard: the root, the session guard and the turbine list. */
const FIRST_LOAD_ROUTES = ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/index.tsx'];
/** The turbine screen's route files (the workspace, its layout, and the viewers' routes beside it). */
const TURBINE_SCREEN_ROUTE = 'src/routes/_auth/turbine.$turbineId';
/** Text each viewer library keeps after minification; none may be in the first load (they belong to their routes). */
const VIEWER_MARKERS = ['OpenSeadragon', 'photo-sphere-viewer', 'PCDLoader', 'WebGLRenderer', 'maplibre'];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `check-bundle: ${manifestPath} is missing; build the panel first (pnpm --filter @kanat360/panel build).`,
  );
  process.exit(1);
}
/** @type {Record<string, { file: string; imports?: string[]; isEntry?: boolean }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const starts = Object.keys(manifest).filter(
  (key) => manifest[key].isEntry || FIRST_LOAD_ROUTES.includes(key.split('?')[0]),
);
const seen = new Set();
const visit = (key) => {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
starts.forEach(visit);

const files = [...new Set([...seen].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));
const rows = files
  .map((file) => {
    const code = readFileSync(join(dist, file));
    return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, text: code.toString('utf8') };
  })
  .sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
for (const row of rows)
  console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} gzip`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(
  `first load of /dashboard: ${kb(total)} of JavaScript after gzip (budget ${kb(BUDGET_BYTES)}), ${rows.length} files`,
);

// The turbine screen's own code, fetched when it is opened: what it adds on top of the first load.
const firstLoadFiles = new Set(files);
const screenSeen = new Set();
const visitScreen = (key) => {
  if (screenSeen.has(key) || !manifest[key]) return;
  screenSeen.add(key);
  for (const imported of manifest[key].imports ?? []) visitScreen(imported);
};
Object.keys(manifest)
  .filter((key) => key.startsWith(TURBINE_SCREEN_ROUTE))
  .forEach(visitScreen);
const screenRows = [...new Set([...screenSeen].map((key) => manifest[key].file))]
  .filter((file) => file.endsWith('.js') && !firstLoadFiles.has(file))
  .map((file) => ({ file, gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);
for (const row of screenRows) console.log(`  ${row.file.padEnd(40)} ${kb(row.gzip).padStart(21)} gzip`);
console.log(
  `the turbine screen adds ${kb(screenRows.reduce((sum, row) => sum + row.gzip, 0))} of JavaScript after gzip, ${screenRows.length} files`,
);

// Each viewer is a chunk of its own, fetched the first time a picture of its kind is shown: what each one costs.
const screenFiles = new Set([...firstLoadFiles, ...screenRows.map((row) => row.file)]);
const viewerEntries = Object.keys(manifest).filter(
  (key) => key.startsWith('src/viewers/') && manifest[key].isDynamicEntry,
);
for (const entry of viewerEntries) {
  const viewerSeen = new Set();
  const visitViewer = (key) => {
    if (viewerSeen.has(key) || !manifest[key]) return;
    viewerSeen.add(key);
    for (const imported of manifest[key].imports ?? []) visitViewer(imported);
  };
  visitViewer(entry);
  const viewerFiles = [...new Set([...viewerSeen].map((key) => manifest[key].file))].filter(
    (file) => file.endsWith('.js') && !screenFiles.has(file),
  );
  const gzip = viewerFiles.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
    0,
  );
  console.log(
    `viewer ${entry
      .split('/')
      .pop()
      .replace(/\.tsx?$/, '')}: ${kb(gzip)} of JavaScript after gzip, ${viewerFiles.length} files`,
  );
}

const leaked = VIEWER_MARKERS.filter((marker) => rows.some((row) => row.text.includes(marker)));
if (leaked.length > 0) {
  console.error(`check-bundle: viewer code in the first load (${leaked.join(', ')}); import it from its route only.`);
  process.exit(1);
}
if (total > BUDGET_BYTES) {
  console.error(`check-bundle: over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
