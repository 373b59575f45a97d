import {
  type Blade,
  FINDING_TYPES,
  type FindingSeverity,
  type FindingStatus,
  type FindingSurface,
  type FindingTarget,
  type FindingType,
  panoramaDirection,
  SEVERITY_ACTION,
} from '@kanat360/contracts';
import {
  type BladeOutline,
  type BladePhotoOptions,
  bladeBand,
  bladeOutline,
  type PanoramaOptions,
  panoramaTurbines,
  type Point,
} from '@kanat360/demo-media';
import { type EntityManager } from 'typeorm';
import { type FindingInsert, FindingsRepository } from '@/findings/findings.repository.js';

// The demo seed's findings: damage records on the demo photos and the panorama, of every severity, most released
// and some still drafts, and a few damages tracked across 2023–2026 as they grow, so a newcomer sees the feature.
// Each agrees with the picture it is drawn on: its blade, zone (the photo's room) and year are the photo's, and its
// region lies on the blade the picture shows (demo-media's outline of it, the very shape that is drawn).

/** What a demo picture was drawn from: the options of the generator that made it. */
export type DemoDrawing =
  | { kind: 'blade'; options: BladePhotoOptions }
  | { kind: 'panorama'; options: PanoramaOptions & { width: number; height: number } };

/** A demo medium with the id its row got, as the findings need it. */
export interface SeededMedium {
  id: number;
  turbineId: number;
  kind: 'photo' | 'video' | 'pointcloud';
  blade: Blade | null;
  room: number;
  year: number;
  month: number;
  width: number | null;
  height: number | null;
  panorama: boolean;
  uploadedBy: number;
  /** How the picture was drawn; null for what is not a generated picture (the video, the point cloud). */
  drawing: DemoDrawing | null;
  /** The DEMO_TRACKS entry whose damage this photo shows, year by year; null for every other photo. */
  track: number | null;
}

/** A damage of the first demo turbine, photographed at the same place of its blade every year, growing. */
export interface DemoTrack {
  blade: Blade;
  /** The room of its photos, and so the findings' zone. */
  room: number;
  surface: FindingSurface;
  type: FindingType;
  distance: number;
  /** Where along the blade's span in the picture it sits (0 its left end, 1 its right). */
  along: number;
  /** Length and width (mm) and severity, year by year. */
  years: { year: number; length: number; width: number; severity: FindingSeverity }[];
}

export const DEMO_TRACKS: readonly DemoTrack[] = [
  {
    blade: 'A',
    // 3 Tip-WW: leading-edge erosion grows fastest toward the tip.
    room: 3,
    surface: 'leading_edge',
    type: 'erosion',
    distance: 41.5,
    along: 0.45,
    years: [
      { year: 2023, length: 45, width: 10, severity: 2 },
      { year: 2024, length: 70, width: 14, severity: 2 },
      { year: 2025, length: 110, width: 22, severity: 3 },
      { year: 2026, length: 165, width: 30, severity: 4 },
    ],
  },
  {
    blade: 'C',
    // 8 Mid-LW.
    room: 8,
    surface: 'trailing_edge',
    type: 'crack',
    distance: 28,
    along: 0.55,
    years: [
      { year: 2024, length: 80, width: 1, severity: 3 },
      { year: 2025, length: 125, width: 2, severity: 4 },
      { year: 2026, length: 190, width: 3, severity: 5 },
    ],
  },
];

const STATUS_BY_SEVERITY: Record<FindingSeverity, FindingStatus> = {
  1: 'closed',
  2: 'monitoring',
  3: 'repair_planned',
  4: 'repair_planned',
  5: 'new',
};

const DESCRIPTIONS: Record<FindingType, string> = {
  erosion: 'Hücum kenarında koruyucu bant aşınmış, laminat yüzeyi görünüyor.',
  crack: 'Yüzeyde kılcal çatlak; kenarları düzgün, açılma yok.',
  delamination: 'Kabuk katmanları arasında ayrılma; tıklama testinde boşluk sesi.',
  lightning: 'Yıldırım reseptörü çevresinde yanık izi ve boya kalkması.',
  hole: 'Küçük delik; su girişi riskine karşı kapatılmalı.',
  bond_line: 'Firar kenarı yapıştırma hattında açılma başlangıcı.',
  coating: 'Kaplama kabarmış ve yer yer dökülmüş.',
  contamination: 'Yağ ve böcek kirliliği; temizlik sonrası yeniden bakılmalı.',
  other: 'Sınıflandırılamayan yüzey düzensizliği; yakın çekim önerilir.',
};

/**
 * The outer surfaces a photo of each part of the blade shows (root, middle, tip: BladeOutline's section): the root
 * and the tip only where they are in the picture.
 */
const SURFACES_IN_VIEW: Record<BladeOutline['section'], readonly FindingSurface[]> = {
  0: ['root', 'leading_edge', 'trailing_edge', 'suction_side', 'pressure_side'],
  1: ['leading_edge', 'trailing_edge', 'suction_side', 'pressure_side'],
  2: ['tip', 'leading_edge', 'trailing_edge', 'suction_side', 'pressure_side'],
};

/** Metres from the root each part of the blade spans (a blade of some 45 m). */
const DISTANCE_OF_SECTION: Record<BladeOutline['section'], [number, number]> = {
  0: [3, 13],
  1: [16, 28],
  2: [31, 44],
};

/**
 * Where across the chord each surface lies in a blade photo (0 the leading edge at the top, 1 the trailing edge
 * at the bottom), kept off the edges themselves.
 */
const LANE: Record<FindingSurface, [number, number]> = {
  leading_edge: [0.06, 0.3],
  trailing_edge: [0.7, 0.94],
  suction_side: [0.2, 0.48],
  pressure_side: [0.52, 0.8],
  shear_web: [0.4, 0.6],
  root: [0.25, 0.75],
  tip: [0.25, 0.75],
};

/** The stretch of the picture's x each surface is found in: the root at the left end, the tip at the blade's end. */
function spanOf(surface: FindingSurface, outline: BladeOutline, width: number): [number, number] {
  const end = Math.min(outline.tipX, width);
  if (surface === 'root') return [width * 0.02, width * 0.22];
  if (surface === 'tip') return [outline.tipX - width * 0.2, outline.tipX - width * 0.04];
  return [width * 0.06, end * 0.9];
}

/**
 * A rectangle on the blade of the photo: at `along` (0–1) of the surface's stretch, in its lane, `size` (0–1)
 * setting how large. Every pixel of it lies on the blade (bladeBand) and inside the frame.
 */
function regionOnBlade(
  outline: BladeOutline,
  frame: { width: number; height: number },
  surface: FindingSurface,
  along: number,
  size: number,
): FindingTarget {
  const [from, to] = spanOf(surface, outline, frame.width);
  const width = Math.max(6, Math.floor(frame.width * (0.04 + 0.06 * size)));
  const x = Math.ceil(from + (to - from - width) * along);
  const band = bladeBand(outline, x, x + width);
  if (!band) throw new Error(`demo finding: no blade under x ${x}–${x + width}`);
  const top = Math.max(0, band.top);
  const chord = Math.min(frame.height, band.bottom) - top;
  const [laneTop, laneBottom] = LANE[surface];
  const y = Math.ceil(top + chord * laneTop);
  const height = Math.floor(Math.min(chord * (laneBottom - laneTop), frame.height * (0.03 + 0.05 * size)));
  if (height < 3) throw new Error(`demo finding: the blade is too thin at x ${x}`);
  return {
    selector: {
      type: 'FragmentSelector',
      conformsTo: 'http://www.w3.org/TR/media-frags/',
      value: `xywh=pixel:${x},${y},${width},${height}`,
    },
  };
}

/** A direction on a blade of the panorama's nearest turbine, `along` (0–1) from its hub to its tip. */
function directionOnPanorama(drawing: Extract<DemoDrawing, { kind: 'panorama' }>, along: number): FindingTarget {
  const { width, height } = drawing.options;
  const nearest = [...panoramaTurbines(drawing.options)].sort((a, b) => b.towerHeight - a.towerHeight)[0]!;
  // The blade that points most upward: clear of the hills in front.
  const blade = [...nearest.blades].sort((a, b) => a[2]![1] - b[2]![1])[0]!;
  const [hub, , tip] = blade as [Point, Point, Point];
  const point: Point = [hub[0] + (tip[0] - hub[0]) * along, hub[1] + (tip[1] - hub[1]) * along];
  const { yaw, pitch } = panoramaDirection(point[0], point[1], width, height);
  return { selector: { type: 'PanoramaSelector', value: `yaw=${yaw.toFixed(2)},pitch=${pitch.toFixed(2)}` } };
}

function at(year: number, month: number, now: Date): Date {
  const date = new Date(Date.UTC(year, month - 1, 20, 15, 0));
  return date > now ? now : date;
}

/** The place of a finding that the photo decides: its blade, zone and year, and the picture's part of the blade. */
function placeOn(medium: SeededMedium & { drawing: Extract<DemoDrawing, { kind: 'blade' }> }) {
  const { options } = medium.drawing;
  if (medium.blade !== options.blade) throw new Error(`demo photo ${medium.id} is filed under another blade`);
  return {
    outline: bladeOutline(options),
    frame: { width: options.width, height: options.height },
    blade: options.blade,
    zone: medium.room,
    year: medium.year,
  };
}

const isBladePicture = (
  medium: SeededMedium,
): medium is SeededMedium & { drawing: Extract<DemoDrawing, { kind: 'blade' }> } => medium.drawing?.kind === 'blade';

/**
 * Inserts the demo findings in the seed's transaction; answers how many. One finding on each blade photo (two on
 * every third), three on the panorama, and the DEMO_TRACKS damages on the first turbine's photos of them.
 */
export async function insertDemoFindings(
  manager: EntityManager,
  media: readonly SeededMedium[],
  now = new Date(),
): Promise<number> {
  const repository = new FindingsRepository(manager.dataSource);
  const rows: FindingInsert[] = [];
  const photos = media.filter(isBladePicture);
  photos
    .filter((medium) => medium.track === null)
    .forEach((medium, index) => {
      const place = placeOn(medium);
      const count = index % 3 === 0 ? 2 : 1;
      for (let k = 0; k < count; k += 1) {
        const seed = index * 2 + k;
        const severity = ((seed % 5) + 1) as FindingSeverity;
        const type = FINDING_TYPES[seed % FINDING_TYPES.length]!;
        const surfaces = SURFACES_IN_VIEW[place.outline.section];
        // Two findings of one photo on two surfaces, so their regions do not coincide.
        const surface = surfaces[(seed + k) % surfaces.length]!;
        const along = ((seed * 37) % 100) / 100;
        const [nearest, furthest] = DISTANCE_OF_SECTION[place.outline.section];
        const created = at(medium.year, medium.month, now);
        rows.push({
          turbineId: medium.turbineId,
          mediaId: medium.id,
          mediaVersion: 1,
          year: place.year,
          blade: place.blade,
          surface,
          zone: place.zone,
          internal: false,
          distanceFromRootM: Math.round((nearest + (furthest - nearest) * along) * 10) / 10,
          extentM: seed % 3 === 0 ? 0.4 : null,
          distanceFromLeM: surface === 'leading_edge' ? 0 : seed % 2 === 0 ? 0.15 : null,
          target: regionOnBlade(place.outline, place.frame, surface, along, (seed % 4) / 3),
          type,
          severity,
          action: SEVERITY_ACTION[severity],
          lengthMm: 20 + ((seed * 29) % 180),
          widthMm: 5 + ((seed * 13) % 40),
          description: DESCRIPTIONS[type],
          status: STATUS_BY_SEVERITY[severity],
          // Every seventh is still waiting for review (customers do not see it); seven against the five severities,
          // so every severity has drafts and released findings alike.
          stage: seed % 7 === 4 ? 'draft' : 'released',
          createdBy: medium.uploadedBy,
          createdAt: created,
          updatedAt: created,
        });
      }
    });

  const panorama = media.find((medium) => medium.drawing?.kind === 'panorama');
  if (panorama?.drawing?.kind === 'panorama' && panorama.blade) {
    const spots: [number, FindingSurface, FindingType, FindingSeverity][] = [
      [0.4, 'leading_edge', 'erosion', 2],
      [0.6, 'pressure_side', 'lightning', 4],
      [0.8, 'trailing_edge', 'coating', 1],
    ];
    for (const [along, surface, type, severity] of spots) {
      const created = at(panorama.year, panorama.month, now);
      rows.push({
        turbineId: panorama.turbineId,
        mediaId: panorama.id,
        mediaVersion: 1,
        year: panorama.year,
        blade: panorama.blade,
        surface,
        zone: panorama.room,
        internal: false,
        distanceFromRootM: Math.round(45 * along * 10) / 10,
        extentM: null,
        distanceFromLeM: null,
        target: directionOnPanorama(panorama.drawing, along),
        type,
        severity,
        action: SEVERITY_ACTION[severity],
        lengthMm: Math.round(60 + along * 50),
        widthMm: Math.round(15 + along * 10),
        description: DESCRIPTIONS[type],
        status: STATUS_BY_SEVERITY[severity],
        stage: 'released',
        createdBy: panorama.uploadedBy,
        createdAt: created,
        updatedAt: created,
      });
    }
  }

  // Each track's findings, oldest first, each on that year's photo of the damage.
  const trackRows: FindingInsert[][] = DEMO_TRACKS.map((track, t) =>
    track.years.map((entry, i) => {
      const medium = photos.find((photo) => photo.track === t && photo.year === entry.year);
      if (!medium) throw new Error(`demo track ${t} has no photo of ${entry.year}`);
      const place = placeOn(medium);
      const created = at(medium.year, medium.month, now);
      return {
        turbineId: medium.turbineId,
        mediaId: medium.id,
        mediaVersion: 1,
        year: place.year,
        blade: place.blade,
        surface: track.surface,
        zone: place.zone,
        internal: false,
        distanceFromRootM: track.distance,
        extentM: null,
        distanceFromLeM: track.surface === 'leading_edge' ? 0 : null,
        // The region grows with the damage.
        target: regionOnBlade(place.outline, place.frame, track.surface, track.along, i / track.years.length),
        type: track.type,
        severity: entry.severity,
        action: SEVERITY_ACTION[entry.severity],
        lengthMm: entry.length,
        widthMm: entry.width,
        description: DESCRIPTIONS[track.type],
        status: i === track.years.length - 1 ? STATUS_BY_SEVERITY[entry.severity] : 'monitoring',
        // The newest year of the crack is still a draft: reviewers have something to release.
        stage: track.type === 'crack' && i === track.years.length - 1 ? 'draft' : 'released',
        createdBy: medium.uploadedBy,
        createdAt: created,
        updatedAt: created,
      };
    }),
  );

  if (rows.length > 0) await repository.insertMany(manager, rows);
  let tracked = 0;
  for (const track of trackRows) {
    const ids = await repository.insertMany(manager, track);
    for (const id of ids.slice(1)) await repository.moveTrack(manager, id, ids[0]!);
    tracked += ids.length;
  }
  return rows.length + tracked;
}
