import { cameraName, type MediaItem } from '@kanat360/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { isTypingTarget } from '@/components/typing-target';
import { formatCameraTime } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { formatBytes } from '@/uploads/format-bytes';

/** Decimal degrees to a metre or so: what a map takes, written the same in both languages. */
const COORDINATE_DIGITS = 6;

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5" data-testid={testId}>
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-slate-100">{children}</dd>
    </div>
  );
}

/**
 * What the file says of itself: when it was taken on the camera's clock (with the clock's offset from UTC when the
 * file tells it), the camera, lens and focal length, where (GPS), its size and dimensions, and what processing went
 * past.
 */
export function MediaInfoPanel({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const { t, language, locale } = useI18n();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const unknown = <span className="text-slate-400">{t('panel.mediaInfo.notRecorded')}</span>;
  const camera = item.camera && (item.camera.make || item.camera.model) ? cameraName(item.camera) : null;
  return (
    <aside
      className="absolute top-14 right-3 z-20 flex max-h-[calc(100%-11rem)] w-80 flex-col gap-3 overflow-y-auto rounded-xl bg-slate-900/90 p-4 shadow-lg ring-1 ring-slate-700 backdrop-blur"
      aria-labelledby="media-info-title"
      data-testid="media-info"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id="media-info-title" className="text-sm font-semibold text-slate-100">
          {t('panel.mediaInfo.title')}
        </h2>
        <button
          type="button"
          className="flex size-7 cursor-pointer items-center justify-center rounded-lg text-slate-300 hover:bg-slate-700"
          aria-label={t('panel.mediaInfo.close')}
          onClick={onClose}
        >
          <StrokeIcon className="size-4">
            <path d="M6 18 18 6M6 6l12 12" />
          </StrokeIcon>
        </button>
      </div>
      {item.processing_warning && (
        <p
          className="rounded-lg bg-amber-400/15 px-3 py-2 text-xs text-amber-100 ring-1 ring-amber-300/30"
          data-testid="media-info-warning"
        >
          {t(`panel.media.warning.${item.processing_warning}`)}
        </p>
      )}
      <dl className="flex flex-col gap-3">
        <Fact label={t('panel.mediaInfo.file')} testId="media-info-file">
          {item.originalName}
        </Fact>
        <Fact label={t('panel.mediaInfo.taken')} testId="media-info-taken">
          {item.captured_at_local ? (
            <>
              {formatCameraTime(item.captured_at_local, language, { dateStyle: 'long', timeStyle: 'medium' })}
              <span className="block text-xs text-slate-400">
                {item.captured_offset
                  ? t('panel.mediaInfo.offset', { offset: `UTC${item.captured_offset}` })
                  : t('panel.mediaInfo.offsetUnknown')}
              </span>
            </>
          ) : (
            unknown
          )}
        </Fact>
        <Fact label={t('panel.mediaInfo.camera')} testId="media-info-camera">
          {camera ?? unknown}
        </Fact>
        {item.camera?.lens && (
          <Fact label={t('panel.mediaInfo.lens')} testId="media-info-lens">
            {item.camera.lens}
          </Fact>
        )}
        {item.focal_length_mm !== null && (
          <Fact label={t('panel.mediaInfo.focalLength')} testId="media-info-focal-length">
            {t('panel.mediaInfo.millimetres', { value: number.format(item.focal_length_mm) })}
          </Fact>
        )}
        <Fact label={t('panel.mediaInfo.location')} testId="media-info-gps">
          {item.gps
            ? `${item.gps.lat.toFixed(COORDINATE_DIGITS)}, ${item.gps.lng.toFixed(COORDINATE_DIGITS)}`
            : unknown}
        </Fact>
        <Fact label={t('panel.mediaInfo.size')} testId="media-info-size">
          {formatBytes(item.size, locale)}
        </Fact>
        {item.width !== null && item.height !== null && (
          <Fact label={t('panel.mediaInfo.dimensions')} testId="media-info-dimensions">
            {t('panel.mediaInfo.pixels', {
              width: item.width,
              height: item.height,
              megapixels: number.format((item.width * item.height) / 1e6),
            })}
          </Fact>
        )}
        {item.duration_s !== null && (
          <Fact label={t('panel.mediaInfo.duration')} testId="media-info-duration">
            {t('panel.mediaInfo.seconds', { value: number.format(item.duration_s) })}
          </Fact>
        )}
      </dl>
    </aside>
  );
}

/**
 * The info panel of a viewer with its toggle: a small toolbar of its own at the stage's top right, so it is there for
 * every kind of media, videos and point clouds included (they bring their own controls at the bottom). `I` toggles it
 * too; Escape closes it.
 */
export function MediaInfo({ item }: { item: MediaItem }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'i' || event.key === 'I') setOpen((current) => !current);
      else if (event.key === 'Escape' && open) {
        // Not the lightbox's Escape too (nor the dialog's own close on Escape, which only preventDefault stops).
        event.preventDefault();
        event.stopImmediatePropagation();
        setOpen(false);
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [open]);
  return (
    <>
      <div
        role="toolbar"
        aria-label={t('panel.mediaInfo.toolbar')}
        className="absolute top-3 right-3 z-20 rounded-xl bg-slate-900/85 p-1 shadow-lg backdrop-blur"
      >
        <button
          type="button"
          className={`flex size-9 cursor-pointer items-center justify-center rounded-lg text-slate-100 hover:bg-slate-700 ${open ? 'bg-slate-700' : ''}`}
          aria-label={t('panel.mediaInfo.open')}
          title={t('panel.mediaInfo.open')}
          aria-pressed={open}
          aria-keyshortcuts="I"
          onClick={() => setOpen(!open)}
          data-testid="viewer-info"
        >
          <StrokeIcon className="size-5">
            <path d="m11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z" />
          </StrokeIcon>
        </button>
      </div>
      {open && <MediaInfoPanel item={item} onClose={() => setOpen(false)} />}
    </>
  );
}
