import { type Turbine } from '@kanat360/contracts';
import { SearchInput } from '@/components/SearchInput';
import { useI18n } from '@/i18n/language';
import { type CompanyOption } from '@/forms/company-options';
import { useUrlSearchText } from '@/search/use-url-search-text';
import {
  assetValuesOf,
  cityLabel,
  citiesOf,
  hasFilters,
  NO_FILTERS,
  type TurbineSearch,
  type TurbineView,
  TURBINE_VIEWS,
  yearsOf,
} from './turbine-filters';

const selectClass = 'input w-auto min-w-40';

/**
 * City, year, manufacturer, model, search text and (for who sees every company) company; plus the grid/list/map
 * switch.
 */
export function TurbineFilters({
  turbines,
  companies,
  search,
  onChange,
}: {
  turbines: readonly Turbine[];
  /** Null when the user sees only its own company (no company filter then). */
  companies: readonly CompanyOption[] | null;
  search: TurbineSearch;
  /** Applies a change to the URL's search params, keeping the others as they are then. */
  onChange: (patch: Partial<TurbineSearch>) => void;
}) {
  const { t } = useI18n();
  const view: TurbineView = search.view ?? 'grid';
  const [text, setText] = useUrlSearchText(search.q ?? '', (q) => onChange({ q: q === '' ? undefined : q }));
  const optionalNumber = (value: string) => (value === '' ? undefined : Number(value));

  return (
    <div
      className="card mb-6 flex flex-wrap items-center gap-3 p-4"
      role="search"
      aria-label={t('panel.turbines.filters')}
    >
      <SearchInput
        label={t('panel.turbines.searchLabel')}
        placeholder={t('panel.turbines.searchPlaceholder')}
        value={text}
        onChange={setText}
        className="min-w-72 flex-1"
      />
      <select
        className={selectClass}
        aria-label={t('panel.turbines.cityFilter')}
        value={search.city ?? ''}
        onChange={(event) => onChange({ city: event.target.value || undefined })}
      >
        <option value="">{t('panel.turbines.allCities')}</option>
        {citiesOf(turbines).map((city) => (
          <option key={city} value={city}>
            {cityLabel(city)}
          </option>
        ))}
      </select>
      <select
        className={selectClass}
        aria-label={t('panel.turbines.yearFilter')}
        value={search.year ?? ''}
        onChange={(event) => onChange({ year: optionalNumber(event.target.value) })}
      >
        <option value="">{t('panel.turbines.allYears')}</option>
        {yearsOf(turbines).map((year) => (
          <option key={year} value={year}>
            {year}
          </option>
        ))}
      </select>
      {(['manufacturer', 'model'] as const).map((field) => {
        // Models of the chosen manufacturer only, once one is chosen.
        const pool =
          field === 'model' && search.manufacturer
            ? turbines.filter((turbine) => turbine.manufacturer === search.manufacturer)
            : turbines;
        const values = assetValuesOf(pool, field);
        if (values.length === 0 && !search[field]) return null;
        return (
          <select
            key={field}
            className={selectClass}
            aria-label={t(`panel.turbines.${field}Filter`)}
            value={search[field] ?? ''}
            onChange={(event) =>
              onChange(
                field === 'manufacturer'
                  ? { manufacturer: event.target.value || undefined, model: undefined }
                  : { model: event.target.value || undefined },
              )
            }
          >
            <option value="">{t(`panel.turbines.${field}All`)}</option>
            {search[field] && !values.includes(search[field]) && <option value={search[field]}>{search[field]}</option>}
            {values.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        );
      })}
      {companies && (
        <select
          className={selectClass}
          aria-label={t('panel.turbines.companyFilter')}
          value={search.company ?? ''}
          onChange={(event) => onChange({ company: optionalNumber(event.target.value) })}
        >
          <option value="">{t('panel.turbines.allCompanies')}</option>
          {companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </select>
      )}
      {hasFilters(search) && (
        <button type="button" className="btn-ghost" onClick={() => onChange(NO_FILTERS)}>
          {t('panel.turbines.clearFilters')}
        </button>
      )}
      <div
        className="ml-auto flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-600"
        role="group"
        aria-label={t('panel.turbines.viewLabel')}
      >
        {TURBINE_VIEWS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            className="btn h-8 text-slate-700 aria-pressed:bg-brand-700 aria-pressed:text-white dark:text-slate-200 dark:aria-pressed:bg-brand-300 dark:aria-pressed:text-slate-950"
            onClick={() => onChange({ view: option === 'grid' ? undefined : option })}
          >
            {t(`panel.turbines.view.${option}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
