import { BLADES, type CoverageCell, type TurbineDetail } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { turbineCoverageQueryOptions } from '@/api/turbines';
import { useI18n } from '@/i18n/language';
import { YearPicker } from './BladeSection';
import { SectionCard } from './SectionCard';

/** A cell's look: covered, an expected room still without a blade photo, or a room beyond the turbine's rooms. */
function cellClass(cell: CoverageCell): string {
  if (cell.covered) return 'bg-emerald-50 text-emerald-950 dark:bg-emerald-950/50 dark:text-emerald-100';
  if (cell.expected) return 'border-2 border-dashed border-red-600 text-red-900 dark:border-red-400 dark:text-red-100';
  return 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300';
}

/**
 * A campaign year's coverage on the turbine screen (issue #25): blades × rooms with their photo and finding counts,
 * empty slots marked; a cell opens that room's photos in the viewer, a drone cell the blade's drone photos.
 */
export function CoverageSection({ turbine }: { turbine: TurbineDetail }) {
  const { t, locale } = useI18n();
  const [year, setYear] = useState(turbine.media_years[0] ?? new Date().getFullYear());
  const query = useQuery(turbineCoverageQueryOptions(turbine.id, year));
  const coverage = query.data;
  const rooms = coverage ? Math.max(coverage.rooms, ...coverage.cells.map((cell) => cell.room)) : turbine.rooms;
  const percent = new Intl.NumberFormat(locale, { style: 'percent' });
  const head = 'px-2 py-2 text-xs font-semibold text-slate-600 dark:text-slate-400';

  return (
    <SectionCard
      id="coverage"
      title={t('panel.coverage.title')}
      description={t('panel.coverage.rule')}
      actions={<YearPicker value={year} onChange={setYear} testId="coverage-year" />}
    >
      {!coverage ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
          {query.isError ? t('panel.coverage.loadFailed') : t('panel.coverage.loading')}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm" data-testid="coverage-summary">
            {t('panel.coverage.summary', {
              covered: coverage.covered_slots,
              expected: coverage.expected_slots,
              share: percent.format(coverage.share),
            })}
          </p>
          <div className="overflow-x-auto">
            <table className="border-separate border-spacing-1 text-sm" data-testid="coverage-grid">
              <caption className="sr-only">{t('panel.coverage.gridCaption', { year })}</caption>
              <thead>
                <tr>
                  <th scope="col" className={`${head} text-left`}>
                    {t('panel.coverage.blade')}
                  </th>
                  {Array.from({ length: rooms }, (_, index) => (
                    <th key={index} scope="col" className={head}>
                      {index + 1}
                    </th>
                  ))}
                  <th scope="col" className={head}>
                    {t('panel.coverage.drone')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {BLADES.map((blade) => {
                  const drone = coverage.drone.find((slot) => slot.blade === blade)!;
                  return (
                    <tr key={blade}>
                      <th scope="row" className="pr-2 text-left font-semibold">
                        {t('panel.turbine.blade', { blade })}
                      </th>
                      {Array.from({ length: rooms }, (_, index) => {
                        const cell = coverage.cells.find((item) => item.blade === blade && item.room === index + 1);
                        if (!cell) return <td key={index} />;
                        const others = cell.photos.drone + cell.photos.operator + cell.photos.robot;
                        const findings = Object.values(cell.findings).reduce((sum, n) => sum + n, 0);
                        const label = t(
                          cell.covered
                            ? 'panel.coverage.cellCovered'
                            : cell.expected
                              ? 'panel.coverage.cellMissing'
                              : 'panel.coverage.cellExtra',
                          { blade, room: cell.room, photos: cell.photos.blade, findings },
                        );
                        return (
                          <td key={index} className="p-0">
                            <Link
                              to="/turbine/$turbineId/360-view"
                              params={{ turbineId: turbine.id }}
                              search={{ blade, room: cell.room, year }}
                              className={`flex h-12 min-w-12 flex-col items-center justify-center rounded-md px-1 leading-tight hover:ring-2 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 ${cellClass(cell)}`}
                              title={label}
                              data-testid="coverage-cell"
                              data-slot={`${blade}${cell.room}`}
                              data-state={cell.covered ? 'covered' : cell.expected ? 'missing' : 'extra'}
                            >
                              <span className="font-semibold tabular-nums">{cell.photos.blade}</span>
                              <span className="sr-only">{label}</span>
                              {(others > 0 || findings > 0) && (
                                <span className="text-[0.65rem] tabular-nums">
                                  {others > 0 && `+${others}`}
                                  {findings > 0 && ` ⚑${findings}`}
                                </span>
                              )}
                            </Link>
                          </td>
                        );
                      })}
                      <td className="p-0">
                        <Link
                          to="/turbine/$turbineId/drone-photos"
                          params={{ turbineId: turbine.id }}
                          search={{ blade, year }}
                          className={`flex h-12 min-w-14 items-center justify-center rounded-md font-semibold tabular-nums hover:ring-2 hover:ring-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 ${
                            drone.covered
                              ? 'bg-emerald-50 text-emerald-950 dark:bg-emerald-950/50 dark:text-emerald-100'
                              : 'border-2 border-dashed border-red-600 text-red-900 dark:border-red-400 dark:text-red-100'
                          }`}
                          data-testid="coverage-drone"
                          data-slot={`${blade}-drone`}
                          data-state={drone.covered ? 'covered' : 'missing'}
                        >
                          {drone.photos}
                          <span className="sr-only">
                            {t(drone.covered ? 'panel.coverage.droneCovered' : 'panel.coverage.droneMissing', {
                              blade,
                              photos: drone.photos,
                            })}
                          </span>
                        </Link>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{t('panel.coverage.legend')}</p>
        </>
      )}
    </SectionCard>
  );
}
