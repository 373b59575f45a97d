import { type Repair, addDays, repairDay } from '@kanat360/contracts';

/** A day of the month grid: its date, whether it is of the month shown, and the repairs on it. */
export interface MonthDay {
  day: string;
  inMonth: boolean;
  windows: Repair[];
  due: Repair[];
}

/** The month (`YYYY-MM`) `months` after `month` (negative goes back). */
export function addMonths(month: string, months: number): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthNumber - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The Turkish month an instant falls in (`YYYY-MM`). */
export function monthOf(instant: Date): string {
  return repairDay(instant).slice(0, 7);
}

/**
 * The month as a grid of whole weeks, Monday first (as in Türkiye and most of Europe): the days of the weeks that
 * hold the month, each with the repairs whose work window covers it (Turkish days) and those due on it.
 */
export function monthGrid(month: string, repairs: readonly Repair[]): MonthDay[][] {
  const first = `${month}-01`;
  const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const start = addDays(first, -weekday);
  const next = `${addMonths(month, 1)}-01`;
  const windowDays = repairs
    .filter((repair) => repair.window_start !== null)
    .map((repair) => ({
      repair,
      from: repairDay(new Date(repair.window_start!)),
      to: repairDay(new Date(repair.window_end ?? repair.window_start!)),
    }));
  const weeks: MonthDay[][] = [];
  for (let day = start; day < next || weeks.at(-1)?.length !== 7; day = addDays(day, 1)) {
    if (weeks.length === 0 || weeks.at(-1)!.length === 7) weeks.push([]);
    weeks.at(-1)!.push({
      day,
      inMonth: day.startsWith(month),
      windows: windowDays.filter((entry) => entry.from <= day && day <= entry.to).map((entry) => entry.repair),
      due: repairs.filter((repair) => repair.due_date === day),
    });
  }
  return weeks;
}
