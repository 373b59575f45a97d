import { type TurbineDetail } from '@kanat360/contracts';
import { type ReactNode } from 'react';
import { useI18n } from '@/i18n/language';
import { cityLabel } from '../turbines/turbine-filters';
import { TurbineStatusBadge } from '../turbines/TurbineStatusBadge';

/** Spec §2: turbine_name, else the city with "Türbini" / "Turbine" (the server's `name` is always Turkish). */
export function useTurbineTitle(turbine: Pick<TurbineDetail, 'turbine_name' | 'city'>): string {
  const { t } = useI18n();
  return turbine.turbine_name || t('panel.turbine.cityTurbine', { city: cityLabel(turbine.city) });
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="truncate text-sm font-medium" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The turbine at the top of its screen: name, location, code, company and status, and what an inspector looks
 * for first: rooms, media count and the latest inspection year.
 */
export function TurbineTitleCard({ turbine, actions }: { turbine: TurbineDetail; actions?: ReactNode }) {
  const { t, locale } = useI18n();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const title = useTurbineTitle(turbine);
  const latest = turbine.media_years[0];
  const missing = '—';
  const decimals = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const measure = (value: number | null) => (value === null ? missing : decimals.format(value));
  return (
    <section className="card mb-6 p-6" aria-labelledby="turbine-title" data-testid="turbine-title-card">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-800 dark:text-brand-300" data-testid="turbine-code">
            {cityLabel(turbine.city)}-{turbine.code}
          </p>
          <h1 id="turbine-title" className="mt-0.5 text-2xl font-semibold tracking-tight" data-testid="turbine-title">
            {title}
          </h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {[turbine.location, turbine.site_name].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <TurbineStatusBadge status={turbine.status} />
          {actions}
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3 border-t border-slate-200 pt-4 sm:grid-cols-5 dark:border-slate-800">
        <Fact label={t('panel.turbines.field.company')} testId="turbine-company">
          {turbine.company_name}
        </Fact>
        <Fact label={t('panel.turbines.field.code')}>{turbine.code}</Fact>
        <Fact label={t('panel.turbines.field.rooms')} testId="turbine-rooms">
          {number.format(turbine.rooms)}
        </Fact>
        <Fact label={t('panel.turbines.mediaCount')} testId="turbine-media-count">
          {number.format(turbine.media_count)}
        </Fact>
        <Fact label={t('panel.turbine.latestInspection')} testId="turbine-latest-year">
          {latest ?? t('panel.turbine.noInspection')}
        </Fact>
      </dl>
      <dl
        className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 border-t border-slate-200 pt-3 sm:grid-cols-6 dark:border-slate-800"
        aria-label={t('panel.turbines.assets.title')}
        data-testid="turbine-assets"
      >
        <Fact label={t('panel.turbines.assets.machine')} testId="turbine-model">
          {[turbine.manufacturer, turbine.model].filter(Boolean).join(' ') || missing}
        </Fact>
        <Fact label={t('panel.turbines.field.rated_power_kw')}>{measure(turbine.rated_power_kw)}</Fact>
        <Fact label={t('panel.turbines.field.rotor_diameter_m')}>{measure(turbine.rotor_diameter_m)}</Fact>
        <Fact label={t('panel.turbines.field.blade_length_m')} testId="turbine-blade-length">
          {measure(turbine.blade_length_m)}
        </Fact>
        <Fact label={t('panel.turbines.field.hub_height_m')}>{measure(turbine.hub_height_m)}</Fact>
        <Fact label={t('panel.turbines.field.commissioned_year')}>{turbine.commissioned_year ?? missing}</Fact>
        <Fact label={t('panel.turbines.field.coordinates')} testId="turbine-position">
          {turbine.latitude !== null && turbine.longitude !== null
            ? `${number.format(turbine.latitude)}, ${number.format(turbine.longitude)}`
            : (turbine.coordinates ?? missing)}
        </Fact>
      </dl>
    </section>
  );
}
