import {
  BLADES,
  FINDING_NAME_KEYS,
  FINDING_SORTS,
  FINDING_STAGES,
  FINDING_STATUSES,
  FINDING_SURFACES,
  FINDING_TYPES,
  type FindingSort,
  type Turbine,
} from '@kanat360/contracts';
import { type ChangeEvent } from 'react';
import { useI18n } from '@/i18n/language';
import { type CompanyOption } from '@/forms/company-options';
import { yearOptions } from '../turbine/inspection-options';
import { type FindingSearch } from './finding-search';

const selectClass = 'input w-auto min-w-36';

/**
 * The fleet list's filters (the severity is the counts' chips): company for who sees every company, turbine, year,
 * blade, surface, type, status, and the review stage for who may read drafts. Each change goes to the URL.
 */
export function FleetFindingFilters({
  search,
  companies,
  turbines,
  showStage,
  onChange,
}: {
  search: FindingSearch;
  /** Null when the user sees only its own company (no company filter then). */
  companies: readonly CompanyOption[] | null;
  turbines: readonly Turbine[];
  showStage: boolean;
  onChange: (patch: Partial<FindingSearch>) => void;
}) {
  const { t } = useI18n();
  // A chosen company narrows the turbines offered; the turbine chosen stays offered whatever the company.
  const offered = turbines
    .filter(
      (turbine) =>
        turbine.id === search.turbine || search.company === undefined || turbine.company_id === search.company,
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'tr'));
  const years = yearOptions();
  if (search.year !== undefined && !years.includes(search.year)) years.push(search.year);
  const text = (event: ChangeEvent<HTMLSelectElement>) => event.target.value || undefined;
  const number = (event: ChangeEvent<HTMLSelectElement>) =>
    event.target.value === '' ? undefined : Number(event.target.value);

  return (
    <>
      {companies && (
        <select
          className={selectClass}
          aria-label={t('panel.fleetFindings.company')}
          value={search.company ?? ''}
          onChange={(event) => {
            const company = number(event);
            // A turbine of another company would match nothing: the turbine filter goes with the company change.
            const kept = turbines.find((turbine) => turbine.id === search.turbine);
            onChange({
              company,
              turbine: kept && (company === undefined || kept.company_id === company) ? search.turbine : undefined,
            });
          }}
          data-testid="findings-company"
        >
          <option value="">{t('panel.fleetFindings.allCompanies')}</option>
          {companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
          {search.company !== undefined && !companies.some((company) => company.id === search.company) && (
            <option value={search.company}>{t('panel.fleetFindings.companyNumber', { id: search.company })}</option>
          )}
        </select>
      )}
      <select
        className={selectClass}
        aria-label={t('panel.fleetFindings.turbine')}
        value={search.turbine ?? ''}
        onChange={(event) => onChange({ turbine: number(event) })}
        data-testid="findings-turbine"
      >
        <option value="">{t('panel.fleetFindings.allTurbines')}</option>
        {offered.map((turbine) => (
          <option key={turbine.id} value={turbine.id}>
            {turbine.name} ({turbine.code})
          </option>
        ))}
        {search.turbine !== undefined && !offered.some((turbine) => turbine.id === search.turbine) && (
          <option value={search.turbine}>{t('panel.fleetFindings.turbineNumber', { id: search.turbine })}</option>
        )}
      </select>
      <select
        className={selectClass}
        aria-label={t('panel.fleetFindings.year')}
        value={search.year ?? ''}
        onChange={(event) => onChange({ year: number(event) })}
        data-testid="findings-year"
      >
        <option value="">{t('panel.fleetFindings.allYears')}</option>
        {years.map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('panel.fleetFindings.blade')}
        value={search.blade ?? ''}
        onChange={(event) => onChange({ blade: text(event) as FindingSearch['blade'] })}
        data-testid="findings-blade"
      >
        <option value="">{t('panel.fleetFindings.allBlades')}</option>
        {BLADES.map((blade) => (
          <option key={blade} value={blade}>
            {t('panel.fleetFindings.bladeValue', { blade })}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('panel.fleetFindings.surface')}
        value={search.surface ?? ''}
        onChange={(event) => onChange({ surface: text(event) as FindingSearch['surface'] })}
        data-testid="findings-surface"
      >
        <option value="">{t('panel.fleetFindings.allSurfaces')}</option>
        {FINDING_SURFACES.map((surface) => (
          <option key={surface} value={surface}>
            {t(FINDING_NAME_KEYS.surface(surface))}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('panel.fleetFindings.type')}
        value={search.type ?? ''}
        onChange={(event) => onChange({ type: text(event) as FindingSearch['type'] })}
        data-testid="findings-type"
      >
        <option value="">{t('panel.fleetFindings.allTypes')}</option>
        {FINDING_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(FINDING_NAME_KEYS.type(type))}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('panel.fleetFindings.status')}
        value={search.status ?? ''}
        onChange={(event) => onChange({ status: text(event) as FindingSearch['status'] })}
        data-testid="findings-status"
      >
        <option value="">{t('panel.fleetFindings.allStatuses')}</option>
        {FINDING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(FINDING_NAME_KEYS.status(status))}
          </option>
        ))}
      </select>
      {showStage && (
        <select
          className={selectClass}
          aria-label={t('panel.fleetFindings.stage')}
          value={search.stage ?? ''}
          onChange={(event) => onChange({ stage: text(event) as FindingSearch['stage'] })}
          data-testid="findings-stage"
        >
          <option value="">{t('panel.fleetFindings.allStages')}</option>
          {FINDING_STAGES.map((stage) => (
            <option key={stage} value={stage}>
              {t(FINDING_NAME_KEYS.stage(stage))}
            </option>
          ))}
        </select>
      )}
    </>
  );
}

/** The list's order: by date, severity or turbine name, either way; kept in the URL like the filters. */
export function FindingSortSelect({ sort, onChange }: { sort: FindingSort; onChange: (sort: FindingSort) => void }) {
  const { t } = useI18n();
  return (
    <label className="ml-auto flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
      {t('panel.fleetFindings.sort')}
      <select
        className={selectClass}
        value={sort}
        onChange={(event) => onChange(event.target.value as FindingSort)}
        data-testid="findings-sort"
      >
        {FINDING_SORTS.map((option) => (
          <option key={option} value={option}>
            {t(`panel.fleetFindings.sort.${option}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
