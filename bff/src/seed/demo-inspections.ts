import { randomUUID } from 'node:crypto';
import { type Blade, type MediaCategory, type MediaKind, type TurbineStatus } from '@kanat360/contracts';
import { type DataSource, type EntityManager } from 'typeorm';
import { bladePhoto, panorama, pointCloud, reportPdf, shortVideo } from '@kanat360/demo-media';
import { CommentsRepository } from '@/comments/comments.repository.js';
import { mediaKey, reportKey } from '@/media/media-keys.js';
import { MediaRepository } from '@/media/media.repository.js';
import { ReportsRepository } from '@/reports/reports.repository.js';
import { type ObjectStorage } from '@/storage/object-storage.js';
import { TurbinesRepository } from '@/turbines/turbines.repository.js';
import { DEMO_TRACKS, type DemoDrawing, insertDemoFindings } from './demo-findings.js';
import { DEMO_REPAIR_PHOTOS, insertDemoRepairs } from './demo-repairs.js';
import { DEMO_TURBINE_MODELS } from './demo-turbine-models.js';

// The demo seed's inspection data: turbines of both partners, with photos, a 360° panorama, a point cloud, a video,
// PDF reports, comments and findings, all generated here. Blobs are written first (they cannot join a transaction), then
// demo-seed.ts inserts every row in one transaction; if that fails, the blobs written are deleted again.

interface DemoTurbine {
  code: string;
  name: string | null;
  /** Lowercased the Turkish way, as the API stores it. */
  city: string;
  location: string;
  site: string;
  lat: number;
  lng: number;
  rooms: number;
  status: TurbineStatus;
  /** Index into DEMO_COMPANIES. */
  company: 0 | 1;
  /** Blade and category photos of this turbine. */
  photos: number;
}

export const DEMO_TURBINES: readonly DemoTurbine[] = [
  {
    code: 'ARE-ALG-01',
    name: 'Aliağa T01',
    city: 'izmir',
    location: 'Aliağa',
    site: 'Aliağa RES',
    lat: 38.8012,
    lng: 26.9724,
    rooms: 9,
    status: 'active',
    company: 0,
    photos: 16,
  },
  {
    code: 'ARE-ALG-02',
    name: 'Aliağa T02',
    city: 'izmir',
    location: 'Aliağa',
    site: 'Aliağa RES',
    lat: 38.8071,
    lng: 26.9803,
    rooms: 9,
    status: 'maintenance',
    company: 0,
    photos: 6,
  },
  {
    code: 'ARE-BND-01',
    name: 'Bandırma T01',
    city: 'balıkesir',
    location: 'Bandırma',
    site: 'Bandırma RES',
    lat: 40.3187,
    lng: 27.9265,
    rooms: 6,
    status: 'active',
    company: 0,
    photos: 6,
  },
  {
    code: 'ARE-BND-02',
    name: 'Bandırma T02',
    city: 'balıkesir',
    location: 'Bandırma',
    site: 'Bandırma RES',
    lat: 40.3231,
    lng: 27.9342,
    rooms: 6,
    status: 'faulty',
    company: 0,
    photos: 4,
  },
  {
    code: 'ARE-SOM-01',
    name: 'Soma T01',
    city: 'manisa',
    location: 'Soma',
    site: 'Soma RES',
    lat: 39.1468,
    lng: 27.5521,
    rooms: 5,
    status: 'offline',
    company: 0,
    photos: 3,
  },
  {
    code: 'ARE-GLB-01',
    name: 'Gelibolu T01',
    city: 'çanakkale',
    location: 'Gelibolu',
    site: 'Gelibolu RES',
    lat: 40.4563,
    lng: 26.7208,
    rooms: 4,
    status: 'active',
    company: 0,
    photos: 3,
  },
  {
    code: 'EYE-CSM-01',
    name: 'Çeşme T01',
    city: 'izmir',
    location: 'Çeşme',
    site: 'Çeşme RES',
    lat: 38.2921,
    lng: 26.3342,
    rooms: 7,
    status: 'active',
    company: 1,
    photos: 6,
  },
  {
    code: 'EYE-KRB-01',
    // No name: the panel shows the city with "Türbini" (spec §2).
    name: null,
    city: 'izmir',
    location: 'Karaburun',
    site: 'Karaburun RES',
    lat: 38.6402,
    lng: 26.5137,
    rooms: 3,
    status: 'inactive',
    company: 1,
    photos: 3,
  },
  {
    code: 'EYE-BZC-01',
    name: 'Bozcaada T01',
    city: 'çanakkale',
    location: 'Bozcaada',
    site: 'Bozcaada RES',
    lat: 39.8226,
    lng: 26.0411,
    rooms: 8,
    status: 'maintenance',
    company: 1,
    photos: 4,
  },
];

const YEARS = [2023, 2024, 2025, 2026] as const;
const BLADE_LETTERS: readonly Blade[] = ['A', 'B', 'C'];
/** Most photos are of the blades; every few is a drone, operator or robot one. */
const CATEGORY_CYCLE: readonly MediaCategory[] = ['blade', 'blade', 'drone', 'blade', 'operator', 'blade', 'robot'];
/** A camera's frame: most at 12 MP, every fifth at 24 MP. */
const PHOTO_SIZES = { normal: [4000, 3000], large: [6000, 4000] } as const;
const PANORAMA_SIZE = [5760, 2880] as const;
/** Below this width a 2:1 picture is not taken for a panorama (panorama-levels.ts, isEquirectangular). */
const PANORAMA_MIN_WIDTH = 2048;

/** Who uploads for each partner (local parts of DEMO_USERS' emails). */
const UPLOADERS = { 0: { media: 'operator', reports: 'manager' }, 1: { media: 'operator2', reports: 'operator2' } };

export interface DemoInspectionOptions {
  /**
   * Scales the photos (not the panorama below its minimum size): 1, the default, gives camera-sized pictures of
   * several MB; the tests use a fraction to stay fast.
   */
  photoScale?: number;
  /** Media generated at once (each is mostly one core's work). */
  concurrency?: number;
}

interface PlannedBlob {
  /** Index into DEMO_TURBINES. */
  turbine: number;
  assetId: string;
  mime: string;
  ext: string;
  /** Null when the medium cannot be made here (shortVideo without an encoder): it is left out. */
  make: () => Promise<Buffer | null>;
}

interface PlannedMedia extends PlannedBlob {
  kind: MediaKind;
  category: MediaCategory;
  blade: Blade | null;
  room: number;
  year: number;
  month: number;
  originalName: string;
  uploader: string;
  /** For photos: the frame's size, as the derivatives will find it. */
  width: number | null;
  height: number | null;
  /** A 2:1 equirectangular picture, which the derivatives mark as a panorama. */
  panorama: boolean;
  /** What a generated picture was drawn from (the findings on it are placed by it); null otherwise. */
  drawing: DemoDrawing | null;
  /** The DEMO_TRACKS damage this photo is taken of, year by year; null for the rest. */
  track: number | null;
}

interface PlannedReport extends PlannedBlob {
  year: number;
  originalFilename: string;
  uploader: string;
  uploadedAt: Date;
}

interface PlannedComment {
  turbine: number;
  author: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoInspectionPlan {
  media: PlannedMedia[];
  reports: PlannedReport[];
  comments: PlannedComment[];
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The inspection season's month of a turbine's campaign in a year (March to October), 1-based. */
const campaignMonth = (turbine: number, year: number) => 3 + ((turbine * 5 + year) % 8);

/** Camera-style file names (the spec's rule: ASCII letters, digits, `_`, `-`, `.`), unique per turbine. */
function photoName(category: MediaCategory, taken: Date, sequence: number, code: string): string {
  const date = `${taken.getUTCFullYear()}${pad(taken.getUTCMonth() + 1)}${pad(taken.getUTCDate())}`;
  const time = `${pad(taken.getUTCHours())}${pad(taken.getUTCMinutes())}${pad(taken.getUTCSeconds())}`;
  switch (category) {
    case 'blade':
      return `DJI_${date}${time}_${pad(sequence, 4)}_Z.JPG`;
    case 'drone':
      return `DJI_${date}${time}_${pad(sequence, 4)}_W.JPG`;
    case 'operator':
      return `IMG_${date}_${time}.jpg`;
    case 'robot':
      return `${code}_robot-scan_${pad(sequence, 3)}.jpg`;
    case 'repair':
      return `${code}_onarim_${date}_${pad(sequence, 3)}.jpg`;
  }
}

function reportLines(turbine: DemoTurbine, year: number, kind: string): string[] {
  const site = `${turbine.site} (${turbine.location}), ${turbine.code}`;
  return [
    `Saha: ${site}. Koordinatlar: ${turbine.lat}, ${turbine.lng}.`,
    `Rapor türü: ${kind}. Muayene dönemi: ${year}.`,
    '',
    'Yöntem: Drone ile dış yüzey fotoğraflaması (zoom kamera, 20–45 MP), kanat içi robot taraması ve operatör ' +
      'kontrolleri. Her kanat kök, orta ve uç bölgelerinde, odalar boyunca incelenmiştir.',
    '',
    'Bulgular:',
    `- Kanat A: hücum kenarı erozyonu kategori 2, oda 1–${Math.min(3, turbine.rooms)} arasında; koruyucu bant ` +
      'yer yer aşınmış.',
    '- Kanat B: yıldırım reseptörü çevresinde yüzeysel boya kalkması; iletkenlik ölçümü normal sınırlarda.',
    `- Kanat C: oda ${turbine.rooms} yakınında 12 cm uzunluğunda kılcal çatlak; izlenmesi önerilir.`,
    '- Kule ve nasel: görsel kontrolde kayda değer bulgu yok.',
    '',
    'Öneriler:',
    '1. Kanat A hücum kenarı onarımı bir sonraki bakım penceresinde yapılmalıdır.',
    '2. Kanat C çatlağı altı ay içinde yeniden görüntülenmelidir.',
    '3. Yıldırım koruma sistemi ölçümleri yıllık olarak tekrarlanmalıdır.',
    '',
    'Bu rapor Kanat360 demo verisi olarak üretilmiştir.',
  ];
}

/** A generated photo of turbine `turbine` (an index into DEMO_TURBINES), filed under the blade and room it shows. */
function plannedPhoto(
  turbine: number,
  category: MediaCategory,
  year: number,
  taken: Date,
  originalName: string,
  uploader: string,
  drawing: Extract<DemoDrawing, { kind: 'blade' }>,
): PlannedMedia {
  const { width, height, blade, room } = drawing.options;
  return {
    turbine,
    assetId: randomUUID(),
    kind: 'photo',
    category,
    blade,
    room,
    year,
    month: taken.getUTCMonth() + 1,
    originalName,
    uploader,
    width,
    height,
    panorama: false,
    drawing,
    track: null,
    mime: 'image/jpeg',
    ext: 'jpg',
    make: () => bladePhoto(drawing.options),
  };
}

/**
 * What the seed makes, without turbine ids or storage: every medium, report and comment with the generator that
 * makes its bytes. Photos spread over blades A/B/C, every room of each turbine, the four categories and 2023–2026.
 */
export function planDemoInspections(options: DemoInspectionOptions = {}, now = new Date()): DemoInspectionPlan {
  const scale = options.photoScale ?? 1;
  const media: PlannedMedia[] = [];
  let global = 0;
  DEMO_TURBINES.forEach((turbine, t) => {
    const uploader = UPLOADERS[turbine.company].media;
    let bladeShots = 0;
    for (let j = 0; j < turbine.photos; j++, global++) {
      const category = CATEGORY_CYCLE[global % CATEGORY_CYCLE.length]!;
      const year = YEARS[(j + t) % YEARS.length]!;
      const month = campaignMonth(t, year);
      const taken = new Date(Date.UTC(year, month - 1, 1 + ((j * 3 + t) % 27), 8 + (j % 9), (j * 7) % 60, j % 60));
      // Blade photos walk the rooms one by one (the first turbine's cover all nine) and the blades in a mixed
      // order, so each blade gets rooms of the root, the middle and the tip.
      const shot = bladeShots;
      // Category photos are of a blade too (a drone's wide shot, an operator's or a robot's close-up), filed
      // under the blade they show.
      const blade = BLADE_LETTERS[category === 'blade' ? (shot * 2 + Math.floor(shot / 3)) % 3 : j % 3]!;
      const room = 1 + ((category === 'blade' ? bladeShots++ : j) % turbine.rooms);
      const [w, h] = global % 5 === 4 ? PHOTO_SIZES.large : PHOTO_SIZES.normal;
      const drawing = {
        kind: 'blade',
        options: {
          width: Math.max(16, Math.round(w * scale)),
          height: Math.max(16, Math.round(h * scale)),
          seed: 1000 + global,
          blade,
          room,
          capturedAt: taken,
          gps: { lat: turbine.lat, lng: turbine.lng },
        },
      } as const;
      media.push(
        plannedPhoto(t, category, year, taken, photoName(category, taken, j + 1, turbine.code), uploader, drawing),
      );
    }
  });

  const flagship = DEMO_TURBINES[0]!;
  // The tracked damages of the first turbine: a photo of the same room of the same blade in each of their years.
  DEMO_TRACKS.forEach((track, index) => {
    for (const [k, { year }] of track.years.entries()) {
      const taken = new Date(Date.UTC(year, campaignMonth(0, year) - 1, 5 + index * 7, 10 + k, 12 * index, 0));
      const drawing = {
        kind: 'blade',
        options: {
          width: Math.max(16, Math.round(PHOTO_SIZES.normal[0] * scale)),
          height: Math.max(16, Math.round(PHOTO_SIZES.normal[1] * scale)),
          seed: 2000 + index * 10 + k,
          blade: track.blade,
          room: track.room,
          capturedAt: taken,
          gps: { lat: flagship.lat, lng: flagship.lng },
        },
      } as const;
      const name = photoName('blade', taken, 100 + index * 10 + k, flagship.code);
      media.push({ ...plannedPhoto(0, 'blade', year, taken, name, UPLOADERS[0].media, drawing), track: index });
    }
  });

  // A 360° panorama among the blade photos (the viewer shows 2:1 pictures as panoramas), a blade scan as a point
  // cloud, and a drone video.
  const panoramaWidth = Math.max(PANORAMA_MIN_WIDTH, Math.round(PANORAMA_SIZE[0] * scale));
  const panoramaTaken = new Date(Date.UTC(2025, campaignMonth(0, 2025) - 1, 14, 11, 20));
  const panoramaDrawing = {
    kind: 'panorama',
    options: {
      width: panoramaWidth,
      height: panoramaWidth / 2,
      seed: 360,
      capturedAt: panoramaTaken,
      gps: { lat: flagship.lat, lng: flagship.lng },
    },
  } as const;
  media.push({
    turbine: 0,
    assetId: randomUUID(),
    kind: 'photo',
    category: 'blade',
    blade: 'A',
    room: 1,
    year: 2025,
    month: campaignMonth(0, 2025),
    originalName: `PANO_${flagship.code}_2025_360.jpg`,
    uploader: UPLOADERS[0].media,
    width: panoramaWidth,
    height: panoramaWidth / 2,
    panorama: true,
    drawing: panoramaDrawing,
    track: null,
    mime: 'image/jpeg',
    ext: 'jpg',
    make: () => panorama(panoramaDrawing.options),
  });
  media.push({
    turbine: 0,
    assetId: randomUUID(),
    kind: 'pointcloud',
    category: 'blade',
    blade: 'B',
    room: 2,
    year: 2025,
    month: campaignMonth(0, 2025),
    originalName: `${flagship.code}_kanat-B_tarama.pcd`,
    uploader: UPLOADERS[0].media,
    width: null,
    height: null,
    panorama: false,
    drawing: null,
    track: null,
    mime: 'application/x-pcd',
    ext: 'pcd',
    make: () => Promise.resolve(pointCloud({ points: 20_000, seed: 42 })),
  });
  const videoTurbine = DEMO_TURBINES.findIndex((turbine) => turbine.code === 'EYE-CSM-01');
  media.push({
    turbine: videoTurbine,
    assetId: randomUUID(),
    kind: 'video',
    category: 'drone',
    blade: null,
    room: 1,
    year: 2025,
    month: campaignMonth(videoTurbine, 2025),
    originalName: `${DEMO_TURBINES[videoTurbine]!.code}_drone-ucusu_2025.webm`,
    uploader: UPLOADERS[1].media,
    width: null,
    height: null,
    panorama: false,
    drawing: null,
    track: null,
    mime: 'video/webm',
    ext: 'webm',
    make: () => shortVideo({ seconds: 3 }),
  });

  // After-repair photos of the latest campaign year (demo-repairs.ts names them in its done and verified repairs).
  DEMO_REPAIR_PHOTOS.forEach((spot, index) => {
    const turbine = DEMO_TURBINES[spot.turbine]!;
    const latest = YEARS[YEARS.length - 1]!;
    const taken = new Date(Math.min(now.getTime(), Date.UTC(latest, 10, 2, 11, index)));
    const [w, h] = PHOTO_SIZES.normal;
    const width = Math.max(16, Math.round(w * scale));
    const height = Math.max(16, Math.round(h * scale));
    media.push({
      turbine: spot.turbine,
      assetId: randomUUID(),
      kind: 'photo',
      category: 'repair',
      blade: spot.blade,
      room: 1,
      year: taken.getUTCFullYear(),
      month: taken.getUTCMonth() + 1,
      originalName: photoName('repair', taken, index + 1, turbine.code),
      uploader: UPLOADERS[turbine.company].media,
      width,
      height,
      panorama: false,
      drawing: null,
      track: null,
      mime: 'image/jpeg',
      ext: 'jpg',
      make: () =>
        bladePhoto({
          width,
          height,
          seed: 7000 + index,
          blade: spot.blade,
          room: 1,
          capturedAt: taken,
          gps: { lat: turbine.lat, lng: turbine.lng },
        }),
    });
  });

  const reportSpecs: { code: string; year: number; name: string; kind: string }[] = [
    { code: 'ARE-ALG-01', year: 2024, name: '2024-Kanat-Muayene-Raporu.pdf', kind: 'Kanat muayenesi' },
    {
      code: 'ARE-ALG-01',
      year: 2024,
      name: '2024-Yildirim-Koruma-Olcum-Raporu.pdf',
      kind: 'Yıldırım koruma sistemi ölçümü',
    },
    // Uploaded by an older client that prefixed names with a timestamp: the list shows it without the prefix.
    {
      code: 'ARE-ALG-01',
      year: 2025,
      name: '1699999999-123-2025-Kanat-Muayene-Raporu.pdf',
      kind: 'Kanat muayenesi',
    },
    { code: 'ARE-BND-01', year: 2023, name: '2023-Kanat-Muayene-Raporu.pdf', kind: 'Kanat muayenesi' },
    { code: 'ARE-BND-01', year: 2025, name: '2025-Kanat-Muayene-Raporu.pdf', kind: 'Kanat muayenesi' },
    { code: 'ARE-BND-01', year: 2025, name: '2025-Drone-Inceleme-Ozeti.pdf', kind: 'Drone inceleme özeti' },
    { code: 'ARE-SOM-01', year: 2024, name: '2024-Ariza-Tespit-Raporu.pdf', kind: 'Arıza tespiti' },
    { code: 'EYE-CSM-01', year: 2024, name: '2024-Kanat-Muayene-Raporu.pdf', kind: 'Kanat muayenesi' },
    { code: 'EYE-CSM-01', year: 2026, name: '2026-Kanat-Muayene-Raporu.pdf', kind: 'Kanat muayenesi' },
    { code: 'EYE-BZC-01', year: 2025, name: '2025-Kanat-Muayene-Raporu.pdf', kind: 'Kanat muayenesi' },
  ];
  const reports = reportSpecs.map((spec): PlannedReport => {
    const t = DEMO_TURBINES.findIndex((turbine) => turbine.code === spec.code);
    const turbine = DEMO_TURBINES[t]!;
    // Uploaded a month after the campaign, never in the future.
    const uploaded = new Date(Date.UTC(spec.year, campaignMonth(t, spec.year), 12, 9, 30));
    return {
      turbine: t,
      assetId: randomUUID(),
      year: spec.year,
      originalFilename: spec.name,
      uploader: UPLOADERS[turbine.company].reports,
      uploadedAt: uploaded > now ? now : uploaded,
      mime: 'application/pdf',
      ext: 'pdf',
      make: () =>
        Promise.resolve(
          reportPdf({
            title: `${spec.year} ${spec.kind} Raporu`,
            turbine: `${turbine.name ?? turbine.code} (${turbine.code})`,
            year: spec.year,
            lines: reportLines(turbine, spec.year, spec.kind),
          }),
        ),
    };
  });

  const daysAgo = (days: number, hour = 10) => {
    const date = new Date(now.getTime() - days * 86_400_000);
    date.setUTCHours(hour, 15, 0, 0);
    return date;
  };
  const comment = (code: string, author: string, text: string, created: Date, updated = created) => ({
    turbine: DEMO_TURBINES.findIndex((turbine) => turbine.code === code),
    author,
    text,
    createdAt: created,
    updatedAt: updated,
  });
  const comments: PlannedComment[] = [
    comment(
      'ARE-ALG-01',
      'manager',
      'A kanadının hücum kenarında erozyon 2025 kampanyasında ilerlemiş görünüyor; onarımı bahar bakımına alalım.',
      daysAgo(12),
    ),
    // Edited by its author an hour after writing it.
    comment(
      'ARE-ALG-01',
      'operator',
      'Oda 3–5 fotoğrafları yüklendi. C kanadında yıldırım reseptörünün yanında kılcal bir çatlak var, ' +
        'yakın çekimleri robot taramasıyla tekrarlayacağız.',
      daysAgo(10, 9),
      daysAgo(10, 10),
    ),
    comment('ARE-ALG-01', 'superadmin', '2025 kanat muayene raporu eklendi, müşteri bilgilendirildi.', daysAgo(8)),
    comment(
      'ARE-ALG-02',
      'admin',
      'Türbin bakım modunda: dişli kutusu yağ değişimi bitince B kanadı yeniden çekilecek.',
      daysAgo(6),
    ),
    comment('ARE-BND-02', 'customer', 'Arızalı türbinin onarım takvimini paylaşabilir misiniz?', daysAgo(4, 8)),
    comment(
      'ARE-BND-02',
      'manager',
      'Onarım ekibi gelecek hafta sahada; kanat değişimi gerekmiyor, yerinde laminasyon onarımı yapılacak.',
      daysAgo(4, 14),
    ),
    comment(
      'EYE-CSM-01',
      'operator2',
      'Çeşme sahasında drone uçuşu tamamlandı; video ve fotoğraflar yüklendi.',
      daysAgo(5),
    ),
    comment(
      'EYE-BZC-01',
      'operator2',
      'Rüzgar 14 m/s üstüne çıktığı için robot taraması yarıda kaldı, kalan odalar yarın taranacak.',
      daysAgo(2),
    ),
  ];
  return { media, reports, comments };
}

/** A planned medium or report whose blob is written, with its key and size. */
export type Stored<T> = T & { storageKey: string; size: number };

export interface PreparedInspections {
  /** Reserved from the turbines' identity sequence, in DEMO_TURBINES order: keys need them before the rows exist. */
  turbineIds: number[];
  media: Stored<PlannedMedia>[];
  reports: Stored<PlannedReport>[];
  comments: PlannedComment[];
  /** Every key written (or being written when something failed); what discardDemoInspections deletes. */
  keys: string[];
}

/** Runs `tasks` `concurrency` at a time; after a failure no new task starts, and the first error is thrown. */
async function runPool(tasks: (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, tasks.length)) }, worker));
  if (failure) throw failure.error;
}

/**
 * Reserves the turbine ids and writes every blob under its server-made key. On failure the blobs written so far
 * are deleted before the error is thrown.
 */
export async function prepareDemoInspections(
  dataSource: DataSource,
  storage: ObjectStorage,
  options: DemoInspectionOptions = {},
): Promise<PreparedInspections> {
  const plan = planDemoInspections(options);
  const turbineIds = await new TurbinesRepository(dataSource).reserveIds(DEMO_TURBINES.length);
  const prepared: PreparedInspections = {
    turbineIds,
    media: [],
    reports: [],
    comments: plan.comments,
    keys: [],
  };
  const write = async <T extends PlannedBlob>(item: T, key: string, into: Stored<T>[]) => {
    prepared.keys.push(key);
    const body = await item.make();
    if (!body) return;
    const { size } = await storage.put(key, body, item.mime);
    into.push({ ...item, storageKey: key, size });
  };
  const tasks = [
    ...plan.media.map((item) => () => {
      const target = { room: item.room, year: item.year, blade: item.blade, category: item.category };
      return write(item, mediaKey(turbineIds[item.turbine]!, target, item.assetId, item.ext), prepared.media);
    }),
    ...plan.reports.map(
      (item) => () => write(item, reportKey(turbineIds[item.turbine]!, item.year, item.assetId), prepared.reports),
    ),
  ];
  try {
    await runPool(tasks, options.concurrency ?? 2);
  } catch (error) {
    await discardDemoInspections(storage, prepared);
    throw error;
  }
  return prepared;
}

/** Deletes the blobs prepareDemoInspections wrote (when the rows could not be inserted, or were seeded already). */
export async function discardDemoInspections(storage: ObjectStorage, prepared: PreparedInspections): Promise<void> {
  for (const key of prepared.keys) {
    try {
      await storage.delete(key);
    } catch {
      // Best effort: the seed's own error is the one worth reporting.
    }
  }
}

/**
 * Inserts the turbines, media (pending, current, version 1), reports and comments, inside the seed's transaction.
 * `companyIds` follow DEMO_COMPANIES; `userIds` map the demo users' local parts to their ids. Answers the media ids,
 * whose derivative jobs the caller queues once the transaction has committed.
 */
export async function insertDemoInspections(
  manager: EntityManager,
  prepared: PreparedInspections,
  companyIds: number[],
  userIds: ReadonlyMap<string, number>,
): Promise<number[]> {
  const user = (local: string) => {
    const id = userIds.get(local);
    if (id === undefined) throw new Error(`demo user ${local} is missing`);
    return id;
  };
  const dataSource = manager.dataSource;
  await new TurbinesRepository(dataSource).insertWithIds(
    manager,
    DEMO_TURBINES.map((turbine, t) => ({
      id: prepared.turbineIds[t]!,
      turbineName: turbine.name,
      code: turbine.code,
      city: turbine.city,
      location: turbine.location,
      siteName: turbine.site,
      coordinates: `${turbine.lat},${turbine.lng}`,
      latitude: turbine.lat,
      longitude: turbine.lng,
      ...DEMO_TURBINE_MODELS[turbine.code]!,
      rooms: turbine.rooms,
      status: turbine.status,
      companyId: companyIds[turbine.company]!,
    })),
  );
  const mediaIds = await new MediaRepository(dataSource).insertMany(
    manager,
    prepared.media.map((item) => ({
      turbineId: prepared.turbineIds[item.turbine]!,
      assetId: item.assetId,
      storageKey: item.storageKey,
      kind: item.kind,
      category: item.category,
      blade: item.blade,
      room: item.room,
      year: item.year,
      month: item.month,
      originalName: item.originalName,
      size: item.size,
      mime: item.mime,
      uploadedBy: user(item.uploader),
    })),
  );
  await new ReportsRepository(dataSource).insertMany(
    manager,
    prepared.reports.map((item) => ({
      turbineId: prepared.turbineIds[item.turbine]!,
      year: item.year,
      originalFilename: item.originalFilename,
      storageKey: item.storageKey,
      fileSizeBytes: item.size,
      uploadedBy: user(item.uploader),
      uploadedAt: item.uploadedAt,
    })),
  );
  await new CommentsRepository(dataSource).insertMany(
    manager,
    prepared.comments.map((item) => ({
      turbineId: prepared.turbineIds[item.turbine]!,
      userId: user(item.author),
      comment: item.text,
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
    })),
  );
  // Findings are marked on inspection media; after-repair photos belong to the repairs.
  const inspection = prepared.media.flatMap((item, index) =>
    item.category === 'repair' ? [] : [{ item, id: mediaIds[index]! }],
  );
  await insertDemoFindings(
    manager,
    inspection.map(({ item, id }) => ({
      id,
      turbineId: prepared.turbineIds[item.turbine]!,
      kind: item.kind,
      blade: item.blade,
      room: item.room,
      year: item.year,
      month: item.month,
      width: item.width,
      height: item.height,
      panorama: item.panorama,
      uploadedBy: user(item.uploader),
      drawing: item.drawing,
      track: item.track,
    })),
  );
  await insertDemoRepairs(manager, {
    turbineIds: prepared.turbineIds,
    companies: DEMO_TURBINES.map((turbine) => turbine.company),
    photos: prepared.media.flatMap((item, index) =>
      item.category === 'repair' && item.blade
        ? [{ id: mediaIds[index]!, turbine: item.turbine, blade: item.blade }]
        : [],
    ),
    user,
  });
  return mediaIds;
}
