import { type MediaItem } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { photoVersionsQueryOptions, useRestoreOriginal } from '@/api/media';
import { StrokeIcon } from '@/components/StrokeIcon';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { useViewerSession } from './viewer-session';

/** The photo's versions (the original first), one to look at, and the original to restore (spec §7, DESIGN). */
export function VersionsMenu({
  viewing,
  onView,
}: {
  viewing: MediaItem | null;
  onView: (versionId: number | null) => void;
}) {
  const { t, language } = useI18n();
  const { turbineId, item, onItemChange } = useViewerSession();
  const canEdit = useCan('media.edit');
  const [open, setOpen] = useState(false);
  const versions = useQuery({ ...photoVersionsQueryOptions(turbineId, item.key), enabled: open });
  const menu = useRef<HTMLDivElement>(null);
  // Spec §2: Escape or a click outside closes a dropdown (and Escape does nothing else then).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopImmediatePropagation();
      setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  const restore = useRestoreOriginal(turbineId, (restored) => {
    setOpen(false);
    onView(null);
    onItemChange(restored);
  });
  return (
    <div className="relative" ref={menu}>
      <button
        type="button"
        className="flex h-9 cursor-pointer items-center gap-1 rounded-lg px-2 text-sm text-slate-100 hover:bg-slate-700"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="versions-button"
      >
        <StrokeIcon className="size-5">
          <path d="M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />
        </StrokeIcon>
        {t('panel.versions.button')}
      </button>
      {open && (
        <div
          className="absolute right-0 bottom-11 z-20 w-80 rounded-xl bg-white p-3 text-sm text-slate-900 shadow-xl dark:bg-slate-800 dark:text-slate-100"
          data-testid="versions-menu"
        >
          <p className="mb-2 font-semibold">{t('panel.versions.title')}</p>
          {versions.isPending && <p className="text-slate-500">{t('common.loading')}</p>}
          {versions.isError && <p className="text-red-600">{t('panel.versions.loadFailed')}</p>}
          <ul className="flex max-h-60 flex-col gap-1 overflow-y-auto">
            {versions.data?.map((version) => {
              const shown = (viewing ?? item).id === version.id;
              return (
                <li key={version.id} className="flex items-center gap-1">
                  <button
                    type="button"
                    className={`min-w-0 flex-1 cursor-pointer rounded-lg px-2 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-700 ${shown ? 'bg-slate-100 dark:bg-slate-700' : ''}`}
                    aria-current={shown ? 'true' : undefined}
                    onClick={() => onView(version.id === item.id ? null : version.id)}
                  >
                    <span className="font-medium">
                      {version.is_edited
                        ? t('panel.versions.edited', { n: version.version })
                        : t('panel.versions.original')}
                    </span>
                    {version.id === item.id && (
                      <span className="ml-2 rounded bg-brand-100 px-1.5 text-xs text-brand-800">
                        {t('panel.versions.current')}
                      </span>
                    )}
                    <span className="block text-xs text-slate-500 dark:text-slate-400">
                      {formatDate(version.upload_date, language, { dateStyle: 'medium', timeStyle: 'short' })}
                      {version.uploader_name ? ` · ${version.uploader_name}` : ''}
                    </span>
                  </button>
                  <a
                    href={version.download_url}
                    download
                    className="btn-icon shrink-0"
                    aria-label={t('panel.versions.download', {
                      version: version.is_edited
                        ? t('panel.versions.edited', { n: version.version })
                        : t('panel.versions.original'),
                    })}
                    title={t('panel.versions.downloadShort')}
                  >
                    <StrokeIcon className="size-4">
                      <path d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5M16.5 12 12 16.5m0 0L7.5 12m4.5 4.5V3" />
                    </StrokeIcon>
                  </a>
                </li>
              );
            })}
          </ul>
          {canEdit && item.is_edited && (
            <button
              type="button"
              className="btn-secondary mt-3 w-full"
              disabled={restore.isPending}
              onClick={() => restore.mutate(item)}
              data-testid="restore-original"
            >
              {t('panel.versions.restore')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
