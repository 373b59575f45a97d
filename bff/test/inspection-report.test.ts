import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  alongBlade,
  bladeScale,
  type FindingDetail,
  type FindingSeverity,
  furthestReachM,
  SEVERITY_COLOURS,
} from '@kanat360/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translator } from '@kanat360/i18n';
import { cropPlan, InspectionReportBuilder } from '@/findings/inspection-report.builder.js';
import { CROP_PRINT, PDF_BLADE_MAP, printedSize } from '@/findings/inspection-report.pdf.js';
import { MemoryBudget } from '@/media/memory-budget.js';
import { makeCompany, makeFinding, makeMedia, makeTurbine, makeUser, type NewFinding, PASSWORD } from './factories.js';
import { type Credentials, signIn } from './http.js';
import { startTestApp, type TestApp } from './test-app.js';

const inTurkish = translator('tr');

// Issue #21 items 1–3: the inspection report checked with the tools a reader of PDFs has (qpdf, poppler).

const run = promisify(execFile);

let app: TestApp;
let operator: Credentials;
let folder: string;
let pdfPath: string;
let turbineId: number;
/** The photo of the crops: 24 MP, a grey no outline colour is near. */
const PHOTO = { width: 6000, height: 4000 };
/** The case: a 1,200 × 800 px region of a big photo; and a small finding. */
const LARGE = { x: 2000, y: 1500, width: 1200, height: 800 };
const SMALL = { x: 4100, y: 600, width: 60, height: 40 };
let large: FindingDetail;
let small: FindingDetail;
/** Findings on the blade map: distances and distinct severities (so each dot is found by its colour). */
const MAP = [
  { blade: 'A', distance_from_root_m: 10, severity: 1 },
  { blade: 'A', distance_from_root_m: 40, severity: 2 },
  { blade: 'B', distance_from_root_m: 70, severity: 3 },
] as const;
/** A released finding of another year reaching past 80 m: the scale follows every year's, as the panel's does. */
const FAR = { blade: 'C', distance_from_root_m: 93, extent_m: 1.5, severity: 5, year: 2023 } as const;

const fragment = (box: { x: number; y: number; width: number; height: number }): NewFinding['target'] => ({
  selector: { type: 'FragmentSelector', value: `xywh=pixel:${box.x},${box.y},${box.width},${box.height}` },
});

beforeAll(async () => {
  app = await startTestApp();
  const company = await makeCompany(app.dataSource);
  const user = await makeUser(app.dataSource, { role: 'company_manager', companyId: company.id });
  operator = (await signIn(app, user.email, PASSWORD)).bearer;
  turbineId = await makeTurbine(app.dataSource, company.id);
  const photo = await makeMedia(app, turbineId, {
    ...PHOTO,
    stored: await sharp({ create: { ...PHOTO, channels: 3, background: '#808080' } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  });
  large = await makeFinding(app, operator, turbineId, {
    media_id: photo,
    target: fragment(LARGE),
    severity: 4,
    distance_from_root_m: 55,
    description: 'Hücum kenarında çatlak — ğüşiöç İ',
  });
  small = await makeFinding(app, operator, turbineId, {
    media_id: photo,
    target: fragment(SMALL),
    severity: 4,
    blade: 'C',
    distance_from_root_m: 20,
  });
  for (const place of MAP) {
    await makeFinding(app, operator, turbineId, { media_id: photo, target: fragment(SMALL), ...place });
  }
  const older = await makeMedia(app, turbineId, { year: FAR.year });
  const { year: _year, ...far } = FAR;
  await makeFinding(app, operator, turbineId, { media_id: older, ...far });
  folder = await mkdtemp(join(tmpdir(), 'kanat360-report-'));
  const response = await fetch(`${app.baseUrl}/api/turbines/${turbineId}/inspection-report?year=2024`, {
    headers: { Authorization: `Bearer ${'token' in operator ? operator.token : ''}` },
  });
  expect(response.status).toBe(200);
  pdfPath = join(folder, 'report.pdf');
  await writeFile(pdfPath, Buffer.from(await response.arrayBuffer()));
}, 120_000);
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
  await app.close();
});

/** The images of the PDF as poppler's pdfimages lists them: page, pixel size and resolution. */
async function images(): Promise<{ page: number; width: number; height: number; ppi: number }[]> {
  const { stdout } = await run('pdfimages', ['-list', pdfPath]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      return { page: Number(cells[0]), width: Number(cells[3]), height: Number(cells[4]), ppi: Number(cells[12]) };
    });
}

/** A page rendered by poppler at `dpi`, as raw RGB pixels. */
async function pageImage(page: number, dpi: number): Promise<{ data: Buffer; width: number; height: number }> {
  const prefix = join(folder, `page-${page}-${dpi}`);
  await run('pdftoppm', [
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-png',
    '-singlefile',
    pdfPath,
    prefix,
  ]);
  const { data, info } = await sharp(await readFile(`${prefix}.png`))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The box of a page's pixels within `tolerance` of a colour, from the row `fromY` down; null when there is none. */
function colourBox(
  image: { data: Buffer; width: number; height: number },
  hex: string,
  { fromY = 0, tolerance = 40 }: { fromY?: number; tolerance?: number } = {},
): { left: number; top: number; right: number; bottom: number; centreX: number } | null {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
  let left = Infinity;
  let top = Infinity;
  let right = -1;
  let bottom = -1;
  let sumX = 0;
  let count = 0;
  for (let y = fromY; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const at = (y * image.width + x) * 3;
      const distance =
        Math.abs(image.data[at]! - r) + Math.abs(image.data[at + 1]! - g) + Math.abs(image.data[at + 2]! - b);
      if (distance > tolerance) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      sumX += x;
      count += 1;
    }
  }
  return count === 0 ? null : { left, top, right, bottom, centreX: sumX / count };
}

/** The page of a finding: cover, summary, then one page each in the report's order (blade, distance, id). */
async function pageOf(finding: FindingDetail): Promise<number> {
  const { stdout } = await run('pdftotext', ['-layout', pdfPath, '-']);
  const pages = stdout.split('\f');
  const index = pages.findIndex((text) => text.includes(`Bulgu ${finding.id} `));
  expect(index).toBeGreaterThan(1);
  return index + 1;
}

describe('the inspection report as a PDF reader sees it', () => {
  it('passes qpdf --check', async () => {
    const { stdout } = await run('qpdf', ['--check', pdfPath]);
    expect(stdout).toContain('No syntax or stream encoding errors found');
  });

  it('embeds every font it uses (pdffonts)', async () => {
    const { stdout } = await run('pdffonts', [pdfPath]);
    const fonts = stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '');
    expect(fonts.length).toBeGreaterThan(0);
    // Columns: name, type, encoding, emb, sub, uni, object ID.
    for (const line of fonts) expect(line.trim().split(/\s+/).at(-5), line).toBe('yes');
  });

  it('gives its Turkish text back as written (pdftotext)', async () => {
    const { stdout } = await run('pdftotext', [pdfPath, '-']);
    expect(stdout).toContain('Kanat muayene raporu');
    expect(stdout).toContain(inTurkish('findings.surface.leading_edge'));
    expect(stdout).toContain('Hücum kenarında çatlak — ğüşiöç İ');
  });
});

describe('a finding’s crop', () => {
  it('is cut from the original at print resolution: 300 ppi, 10 to 17 cm wide, never upscaled', async () => {
    const list = await images();
    const largePage = await pageOf(large);
    const smallPage = await pageOf(small);
    const largeImage = list.find((image) => image.page === largePage)!;
    const smallImage = list.find((image) => image.page === smallPage)!;
    // 1,200 × 800 px with 60 % of photo around it is 2,640 × 1,760 px of the original: more than 17 cm holds at
    // 300 ppi, so downscaled to exactly that (the preview gave ~430 px, upscaled).
    const fullWidth = Math.round((CROP_PRINT.maxWidthPt / 72) * 300);
    expect(largeImage).toMatchObject({ width: fullWidth, height: Math.round((1760 * fullWidth) / 2640), ppi: 300 });
    // A small finding: 10 cm of the original's own pixels around it, at 300 ppi.
    expect(smallImage).toMatchObject({ width: 1182, height: 788, ppi: 300 });
  });

  it('comes from one decode of its photo for all of the photo’s crops: the part of it they span', async () => {
    // The builder's own budget for decoded pixels: each reservation is one decode, of width × height × 3 bytes.
    const decodes: unknown = Reflect.get(app.app.get(InspectionReportBuilder), 'decodes');
    const reserve = vi.spyOn(MemoryBudget.prototype, 'reserve');
    try {
      const response = await fetch(`${app.baseUrl}/api/turbines/${turbineId}/inspection-report?year=2024`, {
        headers: { Authorization: `Bearer ${'token' in operator ? operator.token : ''}` },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const costs = reserve.mock.calls.filter((_call, i) => reserve.mock.contexts[i] === decodes).map(([cost]) => cost);
      // Five findings on the photo (the small one's frame is the three map findings' too), one decode: the box from
      // the large one's frame to the small one's, less than the whole photo.
      const span = (['large', 'small'] as const).map((which) => cropPlan(which === 'large' ? large : small, PHOTO)!);
      const left = Math.min(...span.map((plan) => plan.frame.left));
      const top = Math.min(...span.map((plan) => plan.frame.top));
      const right = Math.max(...span.map((plan) => plan.frame.left + plan.frame.width));
      const bottom = Math.max(...span.map((plan) => plan.frame.top + plan.frame.height));
      expect(costs).toEqual([(right - left) * (bottom - top) * 3]);
      expect(costs[0]).toBeLessThan(PHOTO.width * PHOTO.height * 3);
    } finally {
      reserve.mockRestore();
    }
  });

  it('prints the region at its size in the original, outlined in the severity’s colour', async () => {
    const dpi = 150;
    const image = await pageImage(await pageOf(large), dpi);
    // The severity's bar under the title comes first (4 pt high); the outline is below it.
    const bar = colourBox(image, SEVERITY_COLOURS[4])!;
    const outline = colourBox(image, SEVERITY_COLOURS[4], { fromY: bar.top + Math.ceil((8 * dpi) / 72) });
    expect(outline).not.toBeNull();
    // The crop is 2,640 px of the original printed 17 cm wide: the region's 1,200 × 800 px at that scale.
    const pixelsPerOriginalPixel = ((CROP_PRINT.maxWidthPt / 2640) * dpi) / 72;
    expect(outline!.right - outline!.left).toBeCloseTo(LARGE.width * pixelsPerOriginalPixel, -1);
    expect(outline!.bottom - outline!.top).toBeCloseTo(LARGE.height * pixelsPerOriginalPixel, -1);
    const { stdout } = await run('pdftotext', [
      '-f',
      String(await pageOf(large)),
      '-l',
      String(await pageOf(large)),
      pdfPath,
      '-',
    ]);
    expect(stdout.replace(/\s+/g, ' ')).toContain('2.640 × 1.760 piksellik bölümü');
  });
});

describe('the blade map of the report', () => {
  it('places each finding at the fraction of its blade the panel’s map does (one rule, in contracts)', async () => {
    const dpi = 144;
    const image = await pageImage(2, dpi);
    const scale = bladeScale(furthestReachM([...MAP, FAR, large, small]));
    expect(scale.lengthM).toBe(100);
    for (const place of MAP) {
      const dot = colourBox(image, SEVERITY_COLOURS[place.severity as FindingSeverity]);
      expect(dot, `the dot of severity ${place.severity}`).not.toBeNull();
      const along = ((dot!.centreX * 72) / dpi - PDF_BLADE_MAP.left) / PDF_BLADE_MAP.width;
      expect(along).toBeCloseTo(alongBlade(place.distance_from_root_m, scale), 2);
    }
  });
});

describe('the blade map of a turbine whose blade length is recorded', () => {
  it('runs to the blade length, and says so', async () => {
    await app.dataSource.query(`UPDATE turbines SET blade_length_m = 120 WHERE id = $1`, [turbineId]);
    const response = await fetch(`${app.baseUrl}/api/turbines/${turbineId}/inspection-report?year=2024`, {
      headers: { Authorization: `Bearer ${'token' in operator ? operator.token : ''}` },
    });
    expect(response.status).toBe(200);
    const first = pdfPath;
    pdfPath = join(folder, 'report-blade.pdf');
    try {
      await writeFile(pdfPath, Buffer.from(await response.arrayBuffer()));
      const { stdout } = await run('pdftotext', ['-f', '2', '-l', '2', pdfPath, '-']);
      expect(stdout.replace(/\s+/g, ' ')).toContain('Ölçek kanat uzunluğuna göre: 120 m');
      const dpi = 144;
      const image = await pageImage(2, dpi);
      const scale = bladeScale(0, 120);
      for (const place of MAP) {
        const dot = colourBox(image, SEVERITY_COLOURS[place.severity as FindingSeverity]);
        const along = ((dot!.centreX * 72) / dpi - PDF_BLADE_MAP.left) / PDF_BLADE_MAP.width;
        expect(along).toBeCloseTo(alongBlade(place.distance_from_root_m, scale), 2);
      }
    } finally {
      pdfPath = first;
      await app.dataSource.query(`UPDATE turbines SET blade_length_m = NULL WHERE id = $1`, [turbineId]);
    }
  });
});

describe('where a crop is cut', () => {
  const on = (selector: Record<string, string>, photo = PHOTO) =>
    cropPlan({ ...large, id: 7, target: { selector } as FindingDetail['target'] }, photo);

  it('centres a panorama’s direction in 15 % of the turn, marked by a point', () => {
    expect(on({ type: 'PanoramaSelector', value: 'yaw=0,pitch=0' }, { width: 8000, height: 4000 })).toEqual({
      findingId: 7,
      frame: { left: 3400, top: 1600, width: 1200, height: 800 },
      outline: { kind: 'point', x: 600, y: 400 },
    });
  });

  it('moves a frame at the photo’s edge inside it, and keeps a polygon’s points', () => {
    const corner = on({ type: 'FragmentSelector', value: 'xywh=pixel:0,0,50,50' })!;
    expect(corner.frame).toEqual({ left: 0, top: 0, width: 1182, height: 788 });
    expect(corner.outline).toEqual({ kind: 'box', box: { left: 0, top: 0, width: 50, height: 50 } });
    const polygon = on({ type: 'SvgSelector', value: '<svg><polygon points="5990,3990 5900,3950 5950,3900"/></svg>' })!;
    expect(polygon.frame).toEqual({ left: 6000 - 1182, top: 4000 - 788, width: 1182, height: 788 });
    expect(polygon.outline).toEqual({
      kind: 'polygon',
      points: [
        [5990 - 4818, 3990 - 3212],
        [5900 - 4818, 3950 - 3212],
        [5950 - 4818, 3900 - 3212],
      ],
    });
  });

  it('cuts a tall region no taller than prints 10 cm wide: its whole box, or its middle when it is taller still', () => {
    const portrait = { width: 3000, height: 4000 };
    const tenCm = (frame: { width: number; height: number }) =>
      expect(printedSize(frame).widthPt).toBeGreaterThanOrEqual(CROP_PRINT.minWidthPt - 1e-9);
    // 1,800 px high with 60 % of photo above and below is 3,960 px: printed within its room, 8.6 cm wide.
    const tall = on({ type: 'FragmentSelector', value: 'xywh=pixel:1450,1000,100,1800' }, portrait)!;
    expect(tall.frame.width).toBe(3000);
    expect(tall.frame.height).toBeLessThan(3960);
    tenCm(tall.frame);
    expect(tall.outline).toMatchObject({ kind: 'box' });
    const box = tall.outline.kind === 'box' ? tall.outline.box : null;
    expect(box!.top).toBeGreaterThanOrEqual(0);
    expect(box!.top + box!.height).toBeLessThanOrEqual(tall.frame.height);
    // A crack along a whole portrait photo: its middle, the outline running off the crop.
    const crack = on({ type: 'FragmentSelector', value: 'xywh=pixel:1450,0,100,4000' }, portrait)!;
    expect(crack.frame).toMatchObject({ left: 0, width: 3000 });
    expect(crack.frame.top + crack.frame.height / 2).toBeCloseTo(2000, -1);
    tenCm(crack.frame);
  });

  it('takes a whole photo smaller than 10 cm at 300 ppi, and cuts nothing from a point cloud', () => {
    expect(
      on({ type: 'FragmentSelector', value: 'xywh=pixel:10,10,20,20' }, { width: 800, height: 600 })!.frame,
    ).toEqual({ left: 0, top: 0, width: 800, height: 600 });
    expect(on({ type: 'PointSelector', value: 'xyz=1,2,3' })).toBeNull();
  });
});
