import {
  type Blade,
  FINDING_SURFACES,
  FINDING_TYPES,
  type FindingSeverity,
  type FindingStatus,
  type FindingTarget,
  type FindingType,
  type FindingSurface,
  SEVERITY_ACTION,
} from '@kanat360/contracts';
import { type EntityManager } from 'typeorm';
import { type FindingInsert, FindingsRepository } from '@/findings/findings.repository.js';

// The demo seed's findings: damage records on the demo photos and the panorama, of every severity, most released
// and some still drafts, and a few damages tracked across 2023–2026 as they grow, so a newcomer sees the feature.

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
}

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

/** A damage followed over the years: the same place, growing. */
interface TrackPlan {
  turbineId: number;
  blade: Blade;
  surface: FindingSurface;
  type: FindingType;
  distance: number;
  /** Length and width (mm) and severity, from the first year on. */
  years: { year: number; length: number; width: number; severity: FindingSeverity }[];
}

function at(year: number, month: number, now: Date): Date {
  const date = new Date(Date.UTC(year, month - 1, 20, 15, 0));
  return date > now ? now : date;
}

/** A rectangle inside the frame, varied by `seed`, in the original's pixels. */
function rectangle(medium: SeededMedium, seed: number): FindingTarget {
  const width = medium.width ?? 4000;
  const height = medium.height ?? 3000;
  const w = Math.max(8, Math.round(width * (0.08 + (seed % 4) * 0.03)));
  const h = Math.max(8, Math.round(height * (0.06 + (seed % 3) * 0.03)));
  const x = Math.round((width - w) * (0.2 + ((seed * 37) % 60) / 100));
  const y = Math.round((height - h) * (0.25 + ((seed * 53) % 50) / 100));
  return {
    selector: {
      type: 'FragmentSelector',
      conformsTo: 'http://www.w3.org/TR/media-frags/',
      value: `xywh=pixel:${x},${y},${w},${h}`,
    },
  };
}

/**
 * Inserts the demo findings in the seed's transaction; answers how many. One finding on each blade photo (two on
 * every third), three on the panorama, and on the first turbine two damages tracked across its campaign years.
 */
export async function insertDemoFindings(
  manager: EntityManager,
  media: readonly SeededMedium[],
  now = new Date(),
): Promise<number> {
  const repository = new FindingsRepository(manager.connection);
  const rows: FindingInsert[] = [];
  const photos = media.filter((medium) => medium.kind === 'photo' && !medium.panorama);
  photos.forEach((medium, index) => {
    const count = index % 3 === 0 ? 2 : 1;
    for (let k = 0; k < count; k += 1) {
      const seed = index * 2 + k;
      const severity = ((seed % 5) + 1) as FindingSeverity;
      const type = FINDING_TYPES[seed % FINDING_TYPES.length]!;
      const created = at(medium.year, medium.month, now);
      rows.push({
        turbineId: medium.turbineId,
        mediaId: medium.id,
        mediaVersion: 1,
        year: medium.year,
        blade: medium.blade ?? (['A', 'B', 'C'] as const)[seed % 3]!,
        surface: FINDING_SURFACES[seed % FINDING_SURFACES.length]!,
        zone: Math.min(25, medium.room),
        internal: seed % 4 === 3,
        distanceFromRootM: Math.round((2 + medium.room * 4.6 + (seed % 7) * 0.8) * 10) / 10,
        extentM: seed % 3 === 0 ? 0.4 : null,
        distanceFromLeM: seed % 2 === 0 ? 0.15 : null,
        target: rectangle(medium, seed),
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

  const panorama = media.find((medium) => medium.panorama);
  if (panorama) {
    const directions: [number, number, FindingType, FindingSeverity][] = [
      [-42.5, 8, 'erosion', 2],
      [15, -3.5, 'lightning', 4],
      [128, 21, 'coating', 1],
    ];
    directions.forEach(([yaw, pitch, type, severity], index) => {
      const created = at(panorama.year, panorama.month, now);
      rows.push({
        turbineId: panorama.turbineId,
        mediaId: panorama.id,
        mediaVersion: 1,
        year: panorama.year,
        blade: (['A', 'B', 'C'] as const)[index]!,
        surface: index === 1 ? 'tip' : 'leading_edge',
        zone: 1 + index,
        internal: false,
        distanceFromRootM: 20 + index * 9,
        extentM: null,
        distanceFromLeM: null,
        target: { selector: { type: 'PanoramaSelector', value: `yaw=${yaw},pitch=${pitch}` } },
        type,
        severity,
        action: SEVERITY_ACTION[severity],
        lengthMm: 60 + index * 25,
        widthMm: 15 + index * 5,
        description: DESCRIPTIONS[type],
        status: STATUS_BY_SEVERITY[severity],
        stage: 'released',
        createdBy: panorama.uploadedBy,
        createdAt: created,
        updatedAt: created,
      });
    });
  }

  // Tracks on the first turbine: a photo of each of its campaign years carries one year of the damage.
  const flagship = photos[0]?.turbineId;
  const byYear = new Map<number, SeededMedium>();
  for (const medium of photos)
    if (medium.turbineId === flagship && !byYear.has(medium.year)) byYear.set(medium.year, medium);
  const years = [...byYear.keys()].sort();
  const tracks: TrackPlan[] = [
    {
      turbineId: flagship ?? 0,
      blade: 'A',
      surface: 'leading_edge',
      type: 'erosion',
      distance: 41.5,
      years: years.map((year, i) => ({
        year,
        length: [45, 70, 110, 165][i] ?? 200,
        width: [10, 14, 22, 30][i] ?? 35,
        severity: ([2, 2, 3, 4] as const)[i] ?? 4,
      })),
    },
    {
      turbineId: flagship ?? 0,
      blade: 'C',
      surface: 'trailing_edge',
      type: 'crack',
      distance: 28,
      years: years.slice(1).map((year, i) => ({
        year,
        length: [80, 125, 190][i] ?? 240,
        width: [1, 2, 3][i] ?? 4,
        severity: ([3, 4, 5] as const)[i] ?? 5,
      })),
    },
  ];
  const trackRows: FindingInsert[][] = tracks.map((track) =>
    track.years.map((entry, i) => {
      const medium = byYear.get(entry.year)!;
      const created = at(medium.year, medium.month, now);
      return {
        turbineId: track.turbineId,
        mediaId: medium.id,
        mediaVersion: 1,
        year: entry.year,
        blade: track.blade,
        surface: track.surface,
        zone: Math.min(25, Math.max(1, Math.round(track.distance / 5))),
        internal: false,
        distanceFromRootM: track.distance,
        extentM: null,
        distanceFromLeM: track.surface === 'leading_edge' ? 0 : null,
        target: rectangle(medium, 100 + i),
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
    if (track.length === 0) continue;
    const ids = await repository.insertMany(manager, track);
    for (const id of ids.slice(1)) await repository.moveTrack(manager, id, ids[0]!);
    tracked += ids.length;
  }
  return rows.length + tracked;
}
