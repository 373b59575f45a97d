import { type MediaItem } from '@kanat360/contracts';
import { lazy, Suspense } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';

// three.js stays out of every screen until a point cloud is opened.
const PointCloudViewer = lazy(() => import('@/viewers/point-cloud/PointCloudViewer'));

/** A card in place of a picture: why it is not shown here, and the original to download. */
function StageCard({ item, title, text, testId }: { item: MediaItem; title: string; text: string; testId: string }) {
  const { t } = useI18n();
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl bg-slate-800/90 p-8 text-center text-slate-100"
      data-testid={testId}
    >
      <StrokeIcon className="size-10 text-slate-300" strokeWidth={1.4}>
        <path d="M21 7.5 12 2.25 3 7.5m18 0-9 5.25m9-5.25v9L12 21.75m0-9L3 7.5m9 5.25v9M3 7.5v9l9 5.25" />
      </StrokeIcon>
      <p className="text-base font-semibold">{title}</p>
      <p className="text-sm text-slate-300">{text}</p>
      <a href={item.download_url} className="btn-secondary" download>
        {t('panel.lightbox.download')}
      </a>
    </div>
  );
}

/**
 * What a media item looks like in the lightbox and in compare: the 2048 px preview of a photo (never the 20–45 MP
 * original), a video that plays and seeks (Range requests), and for a point cloud or a 360° panorama a card until
 * their viewers come (the viewers' issue plugs OpenSeadragon, Photo Sphere Viewer and three.js in here, each as a
 * lazy-loaded leaf, by kind).
 */
export function MediaStage({ item }: { item: MediaItem }) {
  const { t } = useI18n();
  // Videos and point clouds show without waiting for the server's derivatives; a photo waits for its preview.
  if (item.kind === 'video') {
    return (
      <video
        key={item.id}
        src={item.url}
        poster={item.preview_url ?? undefined}
        controls
        preload="metadata"
        className="max-h-full max-w-full"
        data-testid="stage-video"
      />
    );
  }
  if (item.kind === 'pointcloud') {
    return (
      <Suspense
        fallback={
          <p className="text-sm text-slate-300" role="status">
            {t('panel.pointcloud.loadingViewer')}
          </p>
        }
      >
        <PointCloudViewer item={item} />
      </Suspense>
    );
  }
  if (item.status === 'pending') {
    return (
      <div className="flex flex-col items-center gap-3 text-slate-200" role="status" data-testid="stage-processing">
        <span
          className="size-8 animate-spin rounded-full border-4 border-slate-600 border-t-brand-300"
          aria-hidden="true"
        />
        <p className="text-sm">{t('panel.lightbox.processing')}</p>
      </div>
    );
  }
  if (item.is_panorama) {
    return (
      <StageCard
        item={item}
        title={t('panel.lightbox.panoramaTitle')}
        text={t('panel.lightbox.panoramaText')}
        testId="stage-panorama"
      />
    );
  }
  const source = item.preview_url ?? item.thumbnail_url;
  if (!source) {
    return (
      <StageCard item={item} title={t('panel.media.failed')} text={item.failure_reason ?? ''} testId="stage-failed" />
    );
  }
  return (
    <img
      key={item.id}
      src={source}
      alt={item.originalName}
      className="max-h-full max-w-full object-contain"
      data-testid="stage-photo"
    />
  );
}
