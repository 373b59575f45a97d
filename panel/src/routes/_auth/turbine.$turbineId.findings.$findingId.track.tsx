import { ApiError } from '@kanat360/api-client';
import { FINDING_NAME_KEYS } from '@kanat360/contracts';
import { useQueries, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router';
import { findingQueryOptions } from '@/api/findings';
import { photosByIdQueryOptions } from '@/api/media';
import { turbineQueryOptions } from '@/api/turbines';
import { StrokeIcon } from '@/components/StrokeIcon';
import { usePageTitle } from '@/components/use-page-title';
import { TrackColumns } from '@/findings/TrackColumns';
import { GrowthLine } from '@/findings/GrowthLine';
import { useI18n } from '@/i18n/language';
import { findingParams, InvalidFindingIdError } from './-components/findings/finding-route';
import { TurbineErrorScreen } from './-components/turbine/TurbineErrorScreen';
import { useTurbineTitle } from './-components/turbine/TurbineTitleCard';

/**
 * Issue 14 item 6, a finding's track: the same damage in each year it was inspected, side by side, each year's
 * photo zoomed to that year's region, with its size, severity and status, and the growth since the previous and the
 * first inspection. Beside the finding's own address (its index, which redirects to its photo).
 */
export const Route = createFileRoute('/_auth/turbine/$turbineId/findings/$findingId/track')({
  params: findingParams,
  loader: ({ context: { queryClient }, params: { turbineId, findingId } }) =>
    queryClient.ensureQueryData(findingQueryOptions(turbineId, findingId)),
  errorComponent: TrackErrorScreen,
  component: FindingTrack,
});

/** A finding that is not there, not the caller's to see, or an address naming none; other failures as a turbine's. */
function TrackErrorScreen(props: ErrorComponentProps) {
  const { t } = useI18n();
  const { turbineId } = Route.useParams();
  const { error } = props;
  const missing =
    (error instanceof ApiError && error.code === 'FINDING_NOT_FOUND') ||
    error instanceof InvalidFindingIdError ||
    (error instanceof Error && error.cause instanceof InvalidFindingIdError);
  usePageTitle(missing ? t('panel.findingTrack.notFound') : null);
  if (!missing) return <TurbineErrorScreen {...props} />;
  return (
    <section className="card mx-auto mt-10 w-full max-w-lg p-8" role="alert" data-testid="finding-track-missing">
      <h1 className="text-xl font-semibold">{t('panel.findingTrack.notFound')}</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('panel.findingTrack.notFoundHint')}</p>
      <div className="mt-6">
        <Link to="/turbine/$turbineId" params={{ turbineId }} hash="blade-map" className="btn-primary">
          {t('panel.findingTrack.back')}
        </Link>
      </div>
    </section>
  );
}

function FindingTrack() {
  const { t, locale } = useI18n();
  const { turbineId, findingId } = Route.useParams();
  const { data: turbine } = useSuspenseQuery(turbineQueryOptions(turbineId));
  const { data: finding } = useSuspenseQuery(findingQueryOptions(turbineId, findingId));
  const turbineTitle = useTurbineTitle(turbine);
  const title = t('panel.findingTrack.title', { id: finding.id });
  usePageTitle(title);

  // Each year's own finding: its region on its own photo, and its growth since the year before.
  const years = useQueries({
    queries: finding.history.map((entry) => findingQueryOptions(turbineId, entry.id)),
  });
  const details = years.map((year) => year.data);
  const mediaIds = [...new Set(details.flatMap((detail) => (detail ? [detail.media_id] : [])))].sort((a, b) => a - b);
  const photos = useQuery(photosByIdQueryOptions(turbineId, mediaIds));
  const latest = details.at(-1);
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });

  return (
    <div data-testid="finding-track">
      <nav aria-label={t('panel.turbine.breadcrumb')} className="mb-3 text-sm" data-testid="breadcrumb">
        <ol className="flex items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link to="/" className="hover:text-brand-800 hover:underline dark:hover:text-brand-300">
              {t('panel.turbines.title')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li className="truncate">
            <Link
              to="/turbine/$turbineId"
              params={{ turbineId }}
              className="hover:text-brand-800 hover:underline dark:hover:text-brand-300"
            >
              {turbineTitle}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate font-medium text-slate-900 dark:text-slate-100">
            {title}
          </li>
        </ol>
      </nav>
      <header className="card mb-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-xl font-semibold">{title}</h1>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {t('panel.findingTrack.subtitle', {
                type: t(FINDING_NAME_KEYS.type(finding.type)),
                blade: finding.blade,
                surface: t(FINDING_NAME_KEYS.surface(finding.surface)),
                distance: numbers.format(finding.distance_from_root_m),
              })}
            </p>
          </div>
          <Link
            to="/turbine/$turbineId"
            params={{ turbineId }}
            hash="blade-map"
            className="btn-secondary h-9"
            data-testid="finding-track-back"
          >
            <StrokeIcon className="size-4">
              <path d="M10.5 19.5 3 12m0 0 7.5-7.5M3 12h18" />
            </StrokeIcon>
            {t('panel.findingTrack.back')}
          </Link>
        </div>
        <section className="mt-4" aria-labelledby="finding-track-growth" data-testid="finding-track-growth">
          <h2 id="finding-track-growth" className="text-sm font-semibold">
            {t('panel.findingTrack.growthTitle')}
          </h2>
          {finding.history.length < 2 ? (
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('panel.findingTrack.noGrowth')}</p>
          ) : latest ? (
            <ul className="mt-1 flex flex-col gap-0.5 text-sm">
              {latest.growth.since_previous && (
                <GrowthLine growth={latest.growth.since_previous} to={latest.severity} testId="growth-since-previous" />
              )}
              {latest.growth.since_first &&
                latest.growth.since_first.from_year !== latest.growth.since_previous?.from_year && (
                  <GrowthLine growth={latest.growth.since_first} to={latest.severity} testId="growth-since-first" />
                )}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" role="status">
              …
            </p>
          )}
        </section>
      </header>
      <TrackColumns
        turbineId={turbineId}
        currentId={finding.id}
        history={finding.history}
        details={details}
        photos={photos.data}
        photosFailed={photos.isError}
      />
    </div>
  );
}
