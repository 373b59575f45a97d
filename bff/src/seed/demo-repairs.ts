import {
  addDays,
  type Blade,
  FINDING_STATUS_OF_REPAIR,
  type FindingStatus,
  METHOD_OF_FINDING_TYPE,
  type RepairCurrency,
  repairDay,
  type RepairStatus,
} from '@kanat360/contracts';
import { type EntityManager } from 'typeorm';
import { type FindingRow, FindingsRepository } from '@/findings/findings.repository.js';
import { RepairWorkOrdersRepository } from '@/repairs/repair-work-orders.repository.js';

// The demo seed's repairs (issue #24 item 11): every finding the seed marks `repair_planned` is in an open repair
// (planned, scheduled or in progress, some overdue), and a few other findings went through the whole loop — done
// with after-repair photos, verified (closed) — or into a repair that was cancelled, so a newcomer sees the loop at
// once and every repair agrees with its findings.

/**
 * The after-repair photos the seed uploads (category `repair`), by turbine (index into DEMO_TURBINES) and blade:
 * the done and verified repairs of those turbines and blades show them.
 */
export const DEMO_REPAIR_PHOTOS: readonly { turbine: number; blade: Blade }[] = [
  { turbine: 0, blade: 'A' },
  { turbine: 0, blade: 'B' },
  { turbine: 0, blade: 'C' },
  { turbine: 2, blade: 'A' },
  { turbine: 2, blade: 'C' },
  { turbine: 6, blade: 'A' },
  { turbine: 6, blade: 'B' },
];

/** A seeded after-repair photo, with the id its row got. */
export interface SeededRepairPhoto {
  id: number;
  /** Index into DEMO_TURBINES. */
  turbine: number;
  blade: Blade;
}

export interface DemoRepairInput {
  /** The demo turbines' ids, in DEMO_TURBINES order, and each one's company (index into DEMO_COMPANIES). */
  turbineIds: readonly number[];
  companies: readonly (0 | 1)[];
  photos: readonly SeededRepairPhoto[];
  /** A demo user's id by the local part of their email. */
  user: (local: string) => number;
  now?: Date;
}

/** Who works and who decides, per partner (local parts of DEMO_USERS' emails). */
const CREW = { 0: { crew: 'operator', manager: 'manager' }, 1: { crew: 'operator2', manager: 'superadmin' } } as const;

const NOTES = [
  'Hasarlı bölge zımparalandı, dolgu ve iki kat kaplama uygulandı; kür süresi 24 saat.',
  'Laminat katmanları açılıp yenilendi, yüzey koruyucu bantla kapatıldı.',
  'Yıldırım reseptörü değiştirildi, iletkenlik ölçümü 0,02 Ω.',
];

interface Plan {
  turbine: number;
  findings: FindingRow[];
  status: RepairStatus;
  due: string | null;
  window: [Date, Date] | null;
  estimated: number | null;
  actual: number | null;
  currency: RepairCurrency;
  photo: number | null;
}

/** A work window of `days` days starting `from` days after `today`, 08:00–17:00 Turkish time each. */
function workWindow(today: string, from: number, days: number): [Date, Date] {
  return [new Date(`${addDays(today, from)}T05:00:00Z`), new Date(`${addDays(today, from + days - 1)}T14:00:00Z`)];
}

/**
 * Inserts the demo repairs in the seed's transaction, after the findings; answers how many. Findings already
 * `repair_planned` go into open repairs, a turbine's blade at a time; findings still `new` or `monitoring` on the
 * blades that have after-repair photos go through done, verified and cancelled repairs.
 */
export async function insertDemoRepairs(manager: EntityManager, input: DemoRepairInput): Promise<number> {
  const findings = new FindingsRepository(manager.dataSource);
  const repairs = new RepairWorkOrdersRepository(manager.dataSource);
  const today = repairDay(input.now ?? new Date());
  const rows = await findings.ofTurbines(manager, input.turbineIds);
  const turbineOf = new Map(input.turbineIds.map((id, index) => [id, index]));
  const plans: Plan[] = [];

  // Open repairs: the findings the seed marked for repair, grouped by turbine and blade.
  const groups = new Map<string, FindingRow[]>();
  for (const row of rows.filter((finding) => finding.status === 'repair_planned')) {
    const key = `${row.turbineId}:${row.blade}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  [...groups.values()].forEach((group, index) => {
    const status = (['planned', 'scheduled', 'in_progress'] as const)[index % 3]!;
    const overdue = index % 4 === 1;
    plans.push({
      turbine: turbineOf.get(group[0]!.turbineId)!,
      findings: group,
      status,
      // Every fourth is overdue; the planned ones mostly have no date yet.
      due: overdue
        ? addDays(today, -3 - index)
        : status === 'planned' && index % 2 === 0
          ? null
          : addDays(today, 5 + index * 3),
      window:
        status === 'scheduled'
          ? workWindow(today, 4 + index, 2)
          : status === 'in_progress'
            ? workWindow(today, -1, 3)
            : null,
      estimated: status === 'planned' ? null : 18_000 + index * 2_500,
      actual: null,
      currency: index % 5 === 4 ? 'EUR' : 'TRY',
      photo: null,
    });
  });

  // The loop gone round: one repair per blade with after-repair photos, alternately done and verified, and a
  // cancelled one where a second finding is left.
  input.photos.forEach((photo, index) => {
    const turbineId = input.turbineIds[photo.turbine]!;
    const candidates = rows.filter(
      (finding) =>
        finding.turbineId === turbineId &&
        finding.blade === photo.blade &&
        (finding.status === 'new' || finding.status === 'monitoring') &&
        finding.stage === 'released',
    );
    const chosen = candidates[0];
    if (!chosen) return;
    const verified = index % 2 === 0;
    plans.push({
      turbine: photo.turbine,
      findings: [chosen],
      status: verified ? 'verified' : 'done',
      due: addDays(today, -20 - index * 7),
      window: workWindow(today, -24 - index * 7, 2),
      estimated: 12_000 + index * 1_000,
      actual: 11_400 + index * 1_150,
      currency: 'TRY',
      photo: photo.id,
    });
    const spare = candidates[1];
    if (spare && index % 3 === 0) {
      plans.push({
        turbine: photo.turbine,
        findings: [spare],
        status: 'cancelled',
        due: addDays(today, 30),
        window: null,
        estimated: 4_000,
        actual: null,
        currency: 'TRY',
        photo: null,
      });
    }
  });

  for (const [index, plan] of plans.entries()) {
    const people = CREW[input.companies[plan.turbine]!];
    const worst = [...plan.findings].sort((a, b) => b.severity - a.severity || a.id - b.id)[0]!;
    const finished = plan.status === 'done' || plan.status === 'verified';
    const completedAt = plan.window ? plan.window[1] : null;
    const id = await repairs.insert(manager, {
      turbineId: input.turbineIds[plan.turbine]!,
      title: `${TITLES[worst.type]} – ${worst.blade} kanadı, bölge ${worst.zone}`,
      method: METHOD_OF_FINDING_TYPE[worst.type],
      priority: worst.severity,
      status: plan.status,
      assigneeId: plan.status === 'planned' && index % 2 === 0 ? null : input.user(people.crew),
      dueDate: plan.due,
      windowStart: plan.window?.[0] ?? null,
      windowEnd: plan.window?.[1] ?? null,
      estimatedCost: plan.estimated,
      actualCost: plan.actual,
      currency: plan.currency,
      labourHours: finished ? 6 + (index % 4) * 1.5 : null,
      note: finished ? NOTES[index % NOTES.length]! : null,
      completedAt: finished ? completedAt : null,
      completedBy: finished ? input.user(people.crew) : null,
      verifiedAt: plan.status === 'verified' && completedAt ? new Date(completedAt.getTime() + 5 * 86_400_000) : null,
      verifiedBy: plan.status === 'verified' ? input.user(people.manager) : null,
      createdBy: input.user(people.manager),
      createdAt: new Date(`${addDays(today, -40 + (index % 10))}T09:00:00Z`),
    });
    await repairs.link(
      manager,
      id,
      plan.findings.map((finding) => ({ findingId: finding.id, previousStatus: previousStatus(finding) })),
    );
    if (plan.photo !== null) await repairs.setAfterMedia(manager, id, [plan.photo]);
    // Verified and cancelled repairs hold their findings no more (another repair may take them).
    if (plan.status === 'verified' || plan.status === 'cancelled') await repairs.releaseFindings(manager, id);
    const { status } = plan;
    if (status !== 'cancelled') {
      await findings.setStatuses(
        manager,
        plan.findings.map((finding) => ({ id: finding.id, status: FINDING_STATUS_OF_REPAIR[status] })),
      );
    }
  }
  return plans.length;
}

/** The status a finding had before its repair: what the seed gave it, or `new` for one it had marked for repair. */
function previousStatus(finding: FindingRow): FindingStatus {
  return finding.status === 'repair_planned' ? 'new' : finding.status;
}

const TITLES: Record<FindingRow['type'], string> = {
  erosion: 'Hücum kenarı erozyon onarımı',
  crack: 'Çatlak onarımı',
  delamination: 'Delaminasyon onarımı',
  lightning: 'Yıldırım hasarı onarımı',
  hole: 'Delik kapatma',
  bond_line: 'Yapıştırma hattı onarımı',
  coating: 'Kaplama yenileme',
  contamination: 'Yüzey temizliği',
  other: 'Yüzey onarımı',
};
