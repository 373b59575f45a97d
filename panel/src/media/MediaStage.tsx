import { errorMessageKey, type MediaItem } from '@kanat360/contracts';
import { lazy, Suspense, useState } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { type ViewerHandle } from '@/viewers/viewer-handle';

// Each viewer library is its own chunk, fetched the first time a picture of its kind is shown.
const DeepZoomViewer = lazy(() => import('@/viewers/deep-zoom/DeepZoomViewer'));
const PanoramaViewer = lazy(() => import('@/viewers/panorama/PanoramaViewer'));
const PointCloudViewer = lazy(() => import('@/viewers/point-cloud/PointCloudViewer'));
// A panorama's findings are markers of Photo Sphere Viewer's plugin: they come with it, where findings are shown.
const PanoramaFindingsLayer = lazy(() => import('@/findings/viewer/PanoramaFindingsLayer'));

/** A card in place of a picture: why it is not shown here, and the original to download. */
export function StageCard({
  item,
  title,
  text,
  testId,
}: {
  item: MediaItem;
  title: string;
  text: string;
  testId: string;
}) {
  const { t } = useI18n();
  return (
    <div
      className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-2xl bg-slate-800/90 p-8 text-center text-slate-100"
      data-testid={testId}
      role="status"
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

function Spinner({ text, testId }: { text?: string; testId: string }) {
  return (
    <div className="flex flex-col items-center gap-3 text-slate-200" role="status" data-testid={testId}>
      <span
        className="size-8 animate-spin rounded-full border-4 border-slate-600 border-t-brand-300"
        aria-hidden="true"
      />
      {text && <p className="text-sm">{text}</p>}
    </div>
  );
}

/** A video that plays and seeks (Range requests), its poster frame and length from the server's ffmpeg. */
function VideoStage({ item }: { item: MediaItem }) {
  const { t } = useI18n();
  const [unplayable, setUnplayable] = useState(false);
  if (unplayable) {
    return (
      <StageCard
        item={item}
        title={t('panel.viewer.videoUnplayableTitle')}
        text={t('panel.viewer.videoUnplayableText')}
        testId="stage-video-unplayable"
      />
    );
  }
  return (
    <video
      key={item.id}
      src={item.url}
      poster={item.preview_url ?? undefined}
      controls
      preload="metadata"
      className="max-h-full max-w-full"
      data-testid="stage-video"
      aria-label={item.originalName}
      // A format this browser cannot decode fails here; the original can still be downloaded.
      onError={() => setUnplayable(true)}
    />
  );
}

/**
 * What a media item looks like in the lightbox, compare and the photo pages: a flat photo through the deep-zoom
 * viewer (its tiles, never the original), a 2:1 panorama on a sphere, a video that plays and seeks, a point cloud in
 * 3D. The viewer of each kind is a lazy leaf; `onHandle` gets its controls (zoom, drawing projection, view lock).
 * `findings`: a panorama shows the viewer session's findings as markers (a flat photo's are the photo overlay's).
 */
export function MediaStage({
  item,
  onHandle,
  findings,
}: {
  item: MediaItem;
  onHandle?: (handle: ViewerHandle | null) => void;
  findings?: boolean;
}) {
  const { t } = useI18n();
  if (item.kind === 'video') return <VideoStage item={item} />;
  if (item.kind === 'pointcloud') {
    return (
      <Suspense fallback={<Spinner text={t('panel.pointcloud.loadingViewer')} testId="stage-loading" />}>
        <PointCloudViewer item={item} />
      </Suspense>
    );
  }
  if (item.status === 'pending') return <Spinner text={t('panel.lightbox.processing')} testId="stage-processing" />;
  if (item.status === 'failed' || !item.tiles_url) {
    return (
      <StageCard
        item={item}
        title={t('panel.media.failed')}
        text={item.failure_code ? t(errorMessageKey(item.failure_code), { file: item.originalName }) : ''}
        testId="stage-failed"
      />
    );
  }
  return (
    <Suspense fallback={<Spinner testId="stage-loading" />}>
      {item.is_panorama ? (
        <PanoramaViewer
          item={item}
          onHandle={onHandle}
          layer={
            findings
              ? (viewer) => (
                  <Suspense fallback={null}>
                    <PanoramaFindingsLayer viewer={viewer} />
                  </Suspense>
                )
              : undefined
          }
        />
      ) : (
        <DeepZoomViewer item={item} onHandle={onHandle} />
      )}
    </Suspense>
  );
}
