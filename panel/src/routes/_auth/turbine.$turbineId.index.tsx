import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { photoPagesQueryOptions } from '@/api/media';
import { turbineQueryOptions } from '@/api/turbines';
import { CommentsButton, CommentsDrawer } from '@/comments/CommentsDrawer';
import { HeaderActions } from '@/components/HeaderActions';
import { usePageTitle } from '@/components/use-page-title';
import { useI18n } from '@/i18n/language';
import { Lightbox } from '@/media/Lightbox';
import { useCan } from '@/session/use-session';
import { AllPhotos } from './-components/turbine/AllPhotos';
import { BladeMapSection } from './-components/turbine/BladeMapSection';
import { BladeSection } from './-components/turbine/BladeSection';
import { CategorySections, CustomerGalleries } from './-components/turbine/CategorySections';
import { CoverageSection } from './-components/turbine/CoverageSection';
import { lightboxListOf, photoFiltersOf, photoSearchSchema } from './-components/turbine/photo-search';
import { ReportsPanel } from './-components/turbine/ReportsPanel';
import { TurbineErrorScreen } from './-components/turbine/TurbineErrorScreen';
import { TurbineManage } from './-components/turbine/TurbineManage';
import { TurbineTitleCard, useTurbineTitle } from './-components/turbine/TurbineTitleCard';
import { useLightboxNavigation } from './-components/turbine/use-lightbox';
import { WorkspaceNav } from './-components/turbine/WorkspaceNav';

/**
 * Spec §2's /dashboard/turbine/{id}: the turbine's title card; for those who may upload, the blade panels and the
 * drone, operator and robot sections (customers get the three galleries); the blade map of the findings; the
 * reports; every photo of the turbine in one list; comments in a drawer; the lightbox over all of it (the photo open
 * in it is the URL's `?media=`).
 */
export const Route = createFileRoute('/_auth/turbine/$turbineId/')({
  validateSearch: photoSearchSchema,
  // Only the first load waits for the list: later filter changes fetch while the previous rows stay in view.
  loader: ({ context: { queryClient }, params: { turbineId }, location }) =>
    queryClient.ensureInfiniteQueryData(
      photoPagesQueryOptions(turbineId, photoFiltersOf(photoSearchSchema.parse(location.search))),
    ),
  // The first page of photos failing to load is a failed load of the screen: "Hata Oluştu" with a retry.
  errorComponent: TurbineErrorScreen,
  component: TurbineWorkspace,
});

function TurbineWorkspace() {
  const { t } = useI18n();
  const { turbineId } = Route.useParams();
  const search = Route.useSearch();
  const lightbox = useLightboxNavigation();
  const { data: turbine } = useSuspenseQuery(turbineQueryOptions(turbineId));
  const canUpload = useCan('media.upload');
  const canReadReports = useCan('report.read');
  const canReadFindings = useCan('finding.read');
  const canReadCoverage = useCan('coverage.read');
  const [commentsOpen, setCommentsOpen] = useState(false);
  const title = useTurbineTitle(turbine);
  usePageTitle(title);

  return (
    <>
      <HeaderActions>
        <CommentsButton turbineId={turbineId} onClick={() => setCommentsOpen(true)} />
      </HeaderActions>
      <nav aria-label={t('panel.turbine.breadcrumb')} className="mb-3 text-sm" data-testid="breadcrumb">
        <ol className="flex items-center gap-1.5 text-slate-600 dark:text-slate-400">
          <li>
            <Link to="/" className="hover:text-brand-800 hover:underline dark:hover:text-brand-300">
              {t('panel.turbines.title')}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate font-medium text-slate-900 dark:text-slate-100">
            {title}
          </li>
        </ol>
      </nav>
      <TurbineTitleCard turbine={turbine} actions={<TurbineManage turbine={turbine} />} />
      <WorkspaceNav
        sections={[
          ...(canUpload
            ? [
                { id: 'blades', label: 'panel.turbine.bladesTitle' as const },
                { id: 'categories', label: 'panel.turbine.categoriesTitle' as const },
              ]
            : [{ id: 'galleries', label: 'panel.turbine.galleriesTitle' as const }]),
          ...(canReadCoverage ? [{ id: 'coverage', label: 'panel.nav.coverage' as const }] : []),
          ...(canReadFindings ? [{ id: 'blade-map', label: 'panel.turbine.bladeMapTitle' as const }] : []),
          ...(canReadReports ? [{ id: 'reports', label: 'panel.turbine.reportsTitle' as const }] : []),
          { id: 'all-photos', label: 'panel.turbine.allPhotosTitle' as const },
        ]}
      />
      {canUpload ? (
        <>
          <BladeSection turbineId={turbineId} />
          <CategorySections turbineId={turbineId} />
        </>
      ) : (
        <CustomerGalleries turbineId={turbineId} />
      )}
      {canReadCoverage && <CoverageSection turbine={turbine} />}
      {canReadFindings && <BladeMapSection turbine={turbine} />}
      {canReadReports && <ReportsPanel turbineId={turbineId} />}
      <AllPhotos turbine={turbine} />
      {commentsOpen && <CommentsDrawer turbineId={turbineId} onClose={() => setCommentsOpen(false)} />}
      {search.media !== undefined && (
        <Lightbox
          turbineId={turbineId}
          list={lightboxListOf(search)}
          mediaId={search.media}
          onShow={lightbox.show}
          onClose={lightbox.close}
        />
      )}
    </>
  );
}
