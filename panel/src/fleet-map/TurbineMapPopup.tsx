import { FINDING_NAME_KEYS, SEVERITY_COLOURS, type Turbine } from '@kanat360/contracts';
import { Link } from '@tanstack/react-router';
import { SeverityBadge } from '@/findings/SeverityBadge';
import { useI18n } from '@/i18n/language';
import { useTurbineTitle } from '@/routes/_auth/-components/turbine/TurbineTitleCard';
import { cityLabel } from '@/routes/_auth/-components/turbines/turbine-filters';
import { NO_FINDING_COLOUR } from './fleet-map-data';

/** What a turbine's point on the map opens: name, code, company, worst open severity, its screen and findings. */
export function TurbineMapPopup({ turbine }: { turbine: Turbine }) {
  const { t } = useI18n();
  const title = useTurbineTitle(turbine);
  return (
    <div className="min-w-52 text-slate-900" data-testid="map-popup" data-turbine-id={turbine.id}>
      <p className="text-sm font-semibold">{title}</p>
      <p className="text-xs font-medium text-brand-800">
        {cityLabel(turbine.city)}-{turbine.code}
      </p>
      <p className="mt-1 text-xs text-slate-700">{turbine.company_name}</p>
      <p className="mt-2 flex items-center gap-2 text-xs text-slate-700">
        {turbine.worst_open_severity === null ? (
          t('panel.turbines.map.noFinding')
        ) : (
          <>
            {t('panel.turbines.worstOpen')}
            <SeverityBadge severity={turbine.worst_open_severity} compact />
          </>
        )}
      </p>
      <div className="mt-3 flex gap-3 text-sm font-medium">
        <Link
          to="/turbine/$turbineId"
          params={{ turbineId: turbine.id }}
          className="text-brand-800 underline"
          data-testid="map-popup-turbine"
        >
          {t('panel.turbines.map.openTurbine')}
        </Link>
        <Link
          to="/findings"
          search={{ turbine: turbine.id }}
          className="text-brand-800 underline"
          data-testid="map-popup-findings"
        >
          {t('panel.turbines.map.openFindings')}
        </Link>
      </div>
    </div>
  );
}

/** The map's key: each severity's colour, and the colour of a turbine with no open finding. */
export function MapLegend() {
  const { t } = useI18n();
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300"
      data-testid="map-legend"
    >
      <span className="font-medium">{t('panel.turbines.map.legend')}:</span>
      {([1, 2, 3, 4, 5] as const).map((severity) => (
        <span key={severity} className="inline-flex items-center gap-1.5">
          <span
            className="size-3 rounded-full"
            style={{ backgroundColor: SEVERITY_COLOURS[severity] }}
            aria-hidden="true"
          />
          {t(FINDING_NAME_KEYS.severity(severity))}
        </span>
      ))}
      <span className="inline-flex items-center gap-1.5">
        <span className="size-3 rounded-full" style={{ backgroundColor: NO_FINDING_COLOUR }} aria-hidden="true" />
        {t('panel.turbines.map.noFinding')}
      </span>
    </div>
  );
}
