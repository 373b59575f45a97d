import {
  bladeScale,
  DEFAULT_BLADE_LENGTH_M,
  FINDING_SEVERITIES,
  furthestReachM,
  type TurbineDetail,
} from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { turbineFindingsQueryOptions } from '@/api/findings';
import { findingYears } from '@/findings/blade-map';
import { BladeMap } from '@/findings/BladeMap';
import { InspectionReportButton } from '@/findings/InspectionReportButton';
import { SeverityBadge } from '@/findings/SeverityBadge';
import { useI18n } from '@/i18n/language';
import { SectionCard } from './SectionCard';

/**
 * The turbine screen's blade map (DESIGN "Findings"): a year's findings on the three blades, the year chosen among
 * those with findings or media (the latest with findings first). Every year's findings are fetched at once, so the
 * scale stays the same from year to year and each damage knows how many years its track has. The year's inspection
 * report is made here, from these findings.
 */
export function BladeMapSection({ turbine }: { turbine: TurbineDetail }) {
  const { t, locale } = useI18n();
  const query = useQuery(turbineFindingsQueryOptions(turbine.id));
  const all = useMemo(() => query.data ?? [], [query.data]);
  const withFindings = useMemo(() => findingYears(all), [all]);
  const years = useMemo(
    () => [...new Set([...withFindings, ...turbine.media_years])].sort((a, b) => b - a),
    [withFindings, turbine.media_years],
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const year = chosen ?? withFindings[0] ?? years[0] ?? null;
  // The turbine's blade length when recorded, else the reach of its findings (the report's rule too).
  const scale = bladeScale(furthestReachM(all), turbine.blade_length_m);
  const trackYears = useMemo(() => {
    const counts = new Map<number, number>();
    for (const finding of all) counts.set(finding.track_id, (counts.get(finding.track_id) ?? 0) + 1);
    return counts;
  }, [all]);
  const ofYear = all.filter((finding) => finding.year === year);
  const numbers = new Intl.NumberFormat(locale);

  return (
    <SectionCard
      id="blade-map"
      title={t('panel.turbine.bladeMapTitle')}
      description={t('panel.bladeMap.description')}
      actions={
        years.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            {year !== null && ofYear.length > 0 && <InspectionReportButton turbineId={turbine.id} year={year} />}
            <label className="flex items-center gap-2 text-sm">
              <span className="text-slate-600 dark:text-slate-400">{t('panel.bladeMap.year')}</span>
              <select
                className="input h-9 w-44"
                value={year ?? ''}
                onChange={(event) => setChosen(Number(event.target.value))}
                data-testid="blade-map-year"
              >
                {years.map((option) => (
                  <option key={option} value={option}>
                    {t('panel.bladeMap.yearOption', {
                      year: option,
                      n: all.filter((finding) => finding.year === option).length,
                    })}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )
      }
    >
      {query.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
          {t('panel.bladeMap.loading')}
        </p>
      ) : query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-300">
          {t('panel.bladeMap.loadFailed')}
          <button type="button" className="btn-secondary h-8" onClick={() => void query.refetch()}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : all.length === 0 || year === null ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="blade-map-empty">
          {t('panel.bladeMap.empty')}
        </p>
      ) : (
        <>
          {ofYear.length === 0 && (
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-400" data-testid="blade-map-empty">
              {t('panel.bladeMap.emptyYear', { year })}
            </p>
          )}
          <BladeMap findings={ofYear} turbineId={turbine.id} scale={scale} trackYears={trackYears} />
          <ul className="mt-4 flex flex-col gap-1 text-xs text-slate-600 dark:text-slate-400">
            <li className="flex flex-wrap gap-1.5" data-testid="blade-map-severities">
              {FINDING_SEVERITIES.map((severity) => (
                <SeverityBadge key={severity} severity={severity} />
              ))}
            </li>
            <li>{t('panel.bladeMap.legendSurfaces')}</li>
            <li>
              {t('panel.bladeMap.legendSize')} {t('panel.bladeMap.legendInternal')}
            </li>
            <li data-testid="blade-map-scale-note">
              {scale.basis === 'blade'
                ? t('panel.bladeMap.scaleNoteBlade', { length: numbers.format(scale.lengthM) })
                : t('panel.bladeMap.scaleNote', {
                    length: numbers.format(scale.lengthM),
                    default: numbers.format(DEFAULT_BLADE_LENGTH_M),
                  })}
            </li>
          </ul>
        </>
      )}
    </SectionCard>
  );
}
