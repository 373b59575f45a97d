import { type Repair } from '@kanat360/contracts';
import { RepairLink } from '@/components/RepairLink';
import { useI18n } from '@/i18n/language';
import { monthGrid } from './repair-month';

/** The month's work windows and due dates, a week a row from Monday. */
export function RepairMonth({
  month,
  repairs,
  onMonth,
}: {
  month: string;
  repairs: readonly Repair[];
  onMonth: (step: -1 | 1) => void;
}) {
  const { t, locale } = useI18n();
  const weeks = monthGrid(month, repairs);
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  const weekdays = weeks[0]!.map((day) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${day.day}T00:00:00Z`)),
  );
  return (
    <section className="card p-4" data-testid="repair-month" aria-label={title}>
      <div className="mb-3 flex items-center justify-between">
        <button type="button" className="btn-secondary" onClick={() => onMonth(-1)}>
          {t('repairs.month.previous')}
        </button>
        <h2 className="text-lg font-semibold" data-testid="repair-month-title">
          {title}
        </h2>
        <button type="button" className="btn-secondary" onClick={() => onMonth(1)}>
          {t('repairs.month.next')}
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-xs">
        {weekdays.map((weekday) => (
          <div key={weekday} className="px-1 font-semibold text-slate-600 dark:text-slate-400">
            {weekday}
          </div>
        ))}
        {weeks.flat().map((day) => (
          <div
            key={day.day}
            data-testid={`month-day-${day.day}`}
            className={`min-h-20 rounded border border-slate-200 p-1 dark:border-slate-700 ${
              day.inMonth ? '' : 'opacity-50'
            }`}
          >
            <div className="text-right text-slate-600 dark:text-slate-400">{Number(day.day.slice(8))}</div>
            {day.windows.map((repair) => (
              <MonthEntry
                key={`w${repair.id}`}
                repair={repair}
                className="bg-sky-100 dark:bg-sky-900"
                label={repair.title}
              />
            ))}
            {day.due.map((repair) => (
              <MonthEntry
                key={`d${repair.id}`}
                repair={repair}
                className="bg-amber-100 dark:bg-amber-900"
                label={t('repairs.month.due', { title: repair.title })}
              />
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

/** A window or due date in a day: a link to the repair's page. */
function MonthEntry({ repair, className, label }: { repair: Repair; className: string; label: string }) {
  return (
    <RepairLink
      id={repair.id}
      turbineId={repair.turbine_id}
      className={`block truncate rounded px-1 hover:underline ${className}`}
      title={label}
      testId="month-entry"
    >
      {label}
    </RepairLink>
  );
}
