import { cameraName } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { mediaCamerasQueryOptions } from '@/api/media';
import { SearchInput } from '@/components/SearchInput';
import { useI18n } from '@/i18n/language';
import { useUrlSearchText } from '@/search/use-url-search-text';
import { PHOTO_TYPES, type PhotoSearch } from './photo-search';

const route = getRouteApi('/_auth/turbine/$turbineId/');

/** The server is asked once the typing stops for this long. */
const SEARCH_DEBOUNCE_MS = 300;

/** The filters above the list; every change goes to the URL (STYLE 9), the search text once typing pauses. */
export function PhotoFilterBar({ turbineId, years }: { turbineId: number; years: readonly number[] }) {
  const { t } = useI18n();
  const search = route.useSearch();
  const cameras = useQuery(mediaCamerasQueryOptions(turbineId)).data ?? [];
  const navigate = route.useNavigate();
  const patch = (next: Partial<PhotoSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true, hash: 'all-photos' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [text, setText] = useUrlSearchText(search.q ?? '', (value) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => patch({ q: value || undefined }), SEARCH_DEBOUNCE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm">
        <span className="text-slate-600 dark:text-slate-400">{t('panel.turbine.year')}</span>
        <select
          className="input h-9 w-36"
          value={search.year ?? ''}
          onChange={(event) => patch({ year: event.target.value ? Number(event.target.value) : undefined })}
          data-testid="photos-year"
        >
          <option value="">{t('panel.photos.allYears')}</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <span className="text-slate-600 dark:text-slate-400">{t('panel.photos.typeLabel')}</span>
        <select
          className="input h-9 w-36"
          value={search.type ?? ''}
          onChange={(event) => patch({ type: (event.target.value || undefined) as PhotoSearch['type'] })}
          data-testid="photos-type"
        >
          <option value="">{t('panel.photos.type.all')}</option>
          {PHOTO_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`panel.photos.type.${type}`)}
            </option>
          ))}
        </select>
      </label>
      {/* A camera from a shared link that made none of these photos still shows as chosen. */}
      {(cameras.length > 0 || search.camera) && (
        <label className="flex items-center gap-2 text-sm">
          <span className="text-slate-600 dark:text-slate-400">{t('panel.photos.cameraLabel')}</span>
          <select
            className="input h-9 w-56"
            value={search.camera ?? ''}
            onChange={(event) => patch({ camera: event.target.value || undefined })}
            data-testid="photos-camera"
          >
            <option value="">{t('panel.photos.allCameras')}</option>
            {search.camera && !cameras.some((camera) => camera.id === search.camera) && (
              <option value={search.camera}>{search.camera.replace('|', ' ')}</option>
            )}
            {cameras.map((camera) => (
              <option key={camera.id} value={camera.id}>
                {t('panel.photos.cameraOption', { name: cameraName(camera), n: camera.count })}
              </option>
            ))}
          </select>
        </label>
      )}
      <SearchInput
        label={t('panel.photos.searchLabel')}
        placeholder={t('panel.photos.searchPlaceholder')}
        value={text}
        onChange={setText}
        className="min-w-72 flex-1"
      />
    </div>
  );
}
