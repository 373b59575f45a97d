#!/usr/bin/env node
// Weighs the JavaScript the first load of /dashboard downloads (gzip), from Vite's manifest of the last build,
// and fails above the budget (issue #23: ≤ 160 KB, the language catalog in use included), when any chunk of the
// build is above 140 KB, when a viewer library has slipped into that load, or when a viewer's marker is found in
// no chunk at all (a marker that no longer exists would let a leak pass unseen); then it weighs the turbine screen,
// each viewer, and the findings on a photo (issue #23: < 20 KB).
// Run after `pnpm build`: node panel/scripts/check-bundle.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SCREEN_MESSAGE_PREFIXES } from '../src/i18n/panel-catalog.ts';

const BUDGET_BYTES = 160_000;
/** No chunk of the build, first load or not, may be larger than this after gzip. */
const CHUNK_CEILING_BYTES = 140_000;
/**
 * The chunks allowed above CHUNK_CEILING_BYTES, each by name with a ceiling of its own and printed at every run: one
 * library's single module, which no split can cut smaller. MapLibre GL JS (the fleet map, issue #25) ships as one
 * 1.1 MB module and one worker module; both load only when the map view is opened, never in the first load.
 */
const SINGLE_LIBRARY_CHUNKS = [
  { prefix: 'assets/FleetMap-', ceiling: 310_000, why: 'MapLibre GL JS, one module' },
  { prefix: 'assets/maplibre-gl-worker-', ceiling: 160_000, why: "MapLibre GL JS's worker, one module" },
];
/**
 * The message catalogs' shell parts: a chunk per language, the one in use fetched before the first render; the
 * other screens' parts come after it (src/i18n/language.ts).
 */
const CATALOG_SOURCES = ['../locales/tr.json?shell', '../locales/en.json?shell'];
/** The route files matched at /dashboard: the root, the session guard and the turbine list. */
const FIRST_LOAD_ROUTES = ['src/routes/__root.tsx', 'src/routes/_auth.tsx', 'src/routes/_auth/index.tsx'];
/** The turbine screen's route files (the workspace, its layout, and the viewers' routes beside it). */
const TURBINE_SCREEN_ROUTE = 'src/routes/_auth/turbine.$turbineId';
/**
 * Text each viewer keeps after minification; none may be in the first load (they belong to their routes), and each
 * must be in some chunk. OpenSeadragon, Photo Sphere Viewer, three.js, the panel's own PCD reader (its worker), and
 * MapLibre (the fleet map's chunk).
 */
const VIEWER_MARKERS = ['OpenSeadragon', 'photo-sphere-viewer', 'WebGLRenderer', 'PcdError', 'maplibregl'];

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
const catalog = activeCatalog(files);
rows.push(catalog);
for (const row of rows)
  console.log(`  ${row.file.padEnd(40)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} gzip`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(
  `first load of /dashboard: ${kb(total)} of JavaScript after gzip (budget ${kb(BUDGET_BYTES)}), ${rows.length} files, ` +
    `the larger language catalog (${catalog.file}) counted as the one in use`,
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
/** What a lazy chunk adds once the screen is there: its files and what they import, after gzip. */
function lazyChunk(entry) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  visit(entry);
  const chunkFiles = [...new Set([...seen].map((key) => manifest[key].file))].filter(
    (file) => file.endsWith('.js') && !screenFiles.has(file),
  );
  const gzip = chunkFiles.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file)), { level: 9 }).length, 0);
  return { files: chunkFiles.length, gzip };
}
for (const entry of viewerEntries) {
  const { files: count, gzip } = lazyChunk(entry);
  console.log(
    `viewer ${entry
      .split('/')
      .pop()
      .replace(/\.tsx?$/, '')}: ${kb(gzip)} of JavaScript after gzip, ${count} files`,
  );
}

// The findings on a photo (issue #23): the one overlay layer that draws and hit-tests findings, regions and
// drawings, fetched with the first picture shown. What it adds to the turbine screen stays small.
const OVERLAY_ENTRY = 'src/media/overlay/PhotoOverlay.tsx';
const OVERLAY_BUDGET_BYTES = 20_000;
const overlay = lazyChunk(OVERLAY_ENTRY);
console.log(
  `findings on a photo (the overlay layer): ${kb(overlay.gzip)} of JavaScript after gzip (budget ${kb(OVERLAY_BUDGET_BYTES)}), ${overlay.files} files`,
);
if (overlay.files === 0) {
  console.error(`check-bundle: no chunk for ${OVERLAY_ENTRY}; it must stay a lazy chunk of its own.`);
  process.exit(1);
}
if (overlay.gzip >= OVERLAY_BUDGET_BYTES) {
  console.error(
    `check-bundle: the findings-on-a-photo chunk is over its budget by ${kb(overlay.gzip - OVERLAY_BUDGET_BYTES)}.`,
  );
  process.exit(1);
}

// A key of the other screens' part named in the first load would show as the key itself until that part came.
const screenKeys = rows
  .filter((row) => row !== catalog)
  .flatMap((row) => [...row.text.matchAll(/["'`]([a-z]+\.[\w.]*)/g)].map((match) => match[1]))
  .filter((name) => SCREEN_MESSAGE_PREFIXES.some((prefix) => name.startsWith(prefix)));
if (screenKeys.length > 0) {
  console.error(
    `check-bundle: the first load names texts of the screens' catalog part (${[...new Set(screenKeys)].join(', ')}); ` +
      'move their prefix out of SCREEN_MESSAGE_PREFIXES (src/i18n/panel-catalog.ts) or the code out of the first load.',
  );
  process.exit(1);
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
checkMarkersExist();
checkChunkCeiling();

/**
 * The catalog the first load fetches: each language's is a chunk of its own, loaded before the first render; the
 * larger one is counted (the user's language decides which). Fails when a catalog is in the static first load: then
 * every language would be.
 */
function activeCatalog(firstLoad) {
  const chunks = CATALOG_SOURCES.map((source) => manifest[source]?.file);
  if (chunks.some((file) => !file)) {
    console.error(`check-bundle: a language catalog is not a chunk of its own (${CATALOG_SOURCES.join(', ')}).`);
    process.exit(1);
  }
  const bundled = chunks.filter((file) => firstLoad.includes(file));
  if (bundled.length > 0) {
    console.error(`check-bundle: catalogs in the static first load (${bundled.join(', ')}); load them on demand.`);
    process.exit(1);
  }
  return chunks
    .map((file) => {
      const code = readFileSync(join(dist, file));
      return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, text: code.toString('utf8') };
    })
    .sort((a, b) => b.gzip - a.gzip)[0];
}

/** Every viewer marker is somewhere in the build: one found nowhere no longer tells a viewer in the first load. */
function checkMarkersExist() {
  const texts = builtScripts().map((file) => readFileSync(join(dist, file), 'utf8'));
  const missing = VIEWER_MARKERS.filter((marker) => !texts.some((text) => text.includes(marker)));
  if (missing.length > 0) {
    console.error(`check-bundle: viewer markers found in no chunk (${missing.join(', ')}); update VIEWER_MARKERS.`);
    process.exit(1);
  }
}

/** No chunk of the build above CHUNK_CEILING_BYTES after gzip, the lazy ones included (but SINGLE_LIBRARY_CHUNKS). */
function checkChunkCeiling() {
  const sizes = builtScripts().map((file) => ({
    file,
    gzip: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length,
  }));
  const largest = sizes.reduce((top, row) => (row.gzip > top.gzip ? row : top), sizes[0]);
  console.log(`largest chunk: ${largest.file}, ${kb(largest.gzip)} after gzip (ceiling ${kb(CHUNK_CEILING_BYTES)})`);
  const exceptionOf = (file) => SINGLE_LIBRARY_CHUNKS.find((exception) => file.startsWith(exception.prefix));
  for (const row of sizes.filter((row) => row.gzip > CHUNK_CEILING_BYTES && exceptionOf(row.file))) {
    const exception = exceptionOf(row.file);
    console.log(
      `above the ceiling by exception: ${row.file}, ${kb(row.gzip)} after gzip (${exception.why}; its own ceiling ${kb(exception.ceiling)})`,
    );
  }
  const over = sizes.filter((row) => row.gzip > (exceptionOf(row.file)?.ceiling ?? CHUNK_CEILING_BYTES));
  if (over.length > 0) {
    console.error(
      `check-bundle: chunks above ${kb(CHUNK_CEILING_BYTES)} after gzip: ${over.map((row) => `${row.file} ${kb(row.gzip)}`).join(', ')}.`,
    );
    process.exit(1);
  }
}

/** Every script of the build (workers too, which the manifest does not list). */
function builtScripts() {
  return readdirSync(join(dist, 'assets'))
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => `assets/${name}`);
}
