import { type Blade, BLADES, MEDIA_CATEGORIES } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { mediaPlacesQueryOptions } from '@/api/media';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { countAt } from '@/media/media-places';
import { ChosenFiles } from '@/uploads/ChosenFiles';
import { FileDropZone } from '@/uploads/FileDropZone';
import { UploadProgress } from '@/uploads/UploadProgress';
import { useFileChoice } from '@/uploads/use-file-choice';
import { uploadQueue, uploadSection, useSectionUploads } from '@/uploads/use-uploads';
import { YearPicker } from './BladeSection';
import { SectionCard } from './SectionCard';

type Category = (typeof MEDIA_CATEGORIES)[number];

const ICONS: Record<Category, string> = {
  drone:
    'M6 6.5a2.5 2.5 0 1 0 0-.01M18 6.5a2.5 2.5 0 1 0 0-.01M6 17.5a2.5 2.5 0 1 0 0-.01M18 17.5a2.5 2.5 0 1 0 0-.01M8 8l2.5 2.5M16 8l-2.5 2.5M8 16l2.5-2.5M16 16l-2.5-2.5M10 10h4v4h-4z',
  operator:
    'M15.75 6a3.75 3.75 0 1 1-7.5 0 3.75 3.75 0 0 1 7.5 0ZM4.5 20.12a7.5 7.5 0 0 1 15 0A17.93 17.93 0 0 1 12 21.75c-2.68 0-5.22-.58-7.5-1.63Z',
  robot:
    'M8.25 3v1.5M4.5 8.25H3m18 0h-1.5M4.5 12H3m18 0h-1.5m-15 3.75H3m18 0h-1.5M8.25 19.5V21M12 3v1.5m0 15V21m3.75-18v1.5m0 15V21m-9-1.5h10.5a2.25 2.25 0 0 0 2.25-2.25V6.75a2.25 2.25 0 0 0-2.25-2.25H6.75A2.25 2.25 0 0 0 4.5 6.75v10.5a2.25 2.25 0 0 0 2.25 2.25Zm.75-12h9v9h-9v-9Z',
};

function CategoryIcon({ category }: { category: Category }) {
  return (
    <StrokeIcon className="size-5">
      <path d={ICONS[category]} />
    </StrokeIcon>
  );
}

/** Where a category's photos are seen: its own viewer page (spec §2). */
function CategoryPhotosLink({
  turbineId,
  category,
  primary = false,
}: {
  turbineId: number;
  category: Category;
  primary?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Link
      to={`/turbine/$turbineId/${category}-photos`}
      params={{ turbineId }}
      className={primary ? 'btn-primary' : 'btn-secondary'}
      data-testid={`view-${category}-photos`}
    >
      {t('panel.turbine.viewPhotos')}
    </Link>
  );
}

/** One category (drone, operator, robot): year, blade, an "add photo" tile, the chosen files and the upload. */
function CategoryUploadCard({ turbineId, category }: { turbineId: number; category: Category }) {
  const { t } = useI18n();
  const { data: places } = useQuery(mediaPlacesQueryOptions(turbineId));
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [blade, setBlade] = useState<Blade>('A');
  const choice = useFileChoice(turbineId, 'category');
  const section = uploadSection(turbineId, category);
  const uploads = useSectionUploads(section);
  const upload = () => {
    uploadQueue.add(section, { target: 'media', turbineId, category, blade, room: 1, year }, choice.chosen);
    choice.clear();
  };
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      aria-labelledby={`category-${category}-title`}
      data-testid={`category-panel-${category}`}
    >
      <h3 id={`category-${category}-title`} className="flex items-center gap-2 text-base font-semibold">
        <CategoryIcon category={category} />
        {t(`panel.turbine.category.${category}`)}
      </h3>
      <div className="flex flex-wrap items-center gap-3">
        <YearPicker
          value={year}
          onChange={setYear}
          countOf={(option) => countAt(places, { year: option, category })}
          testId={`${category}-year`}
        />
        <label className="flex items-center gap-2 text-sm">
          <span className="text-slate-600 dark:text-slate-400">{t('panel.turbine.bladePicker')}</span>
          <select
            className="input h-9 w-20"
            value={blade}
            onChange={(event) => setBlade(event.target.value as Blade)}
            data-testid={`${category}-blade`}
          >
            {BLADES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex items-start gap-3">
        <FileDropZone
          picker="category"
          variant="tile"
          onFiles={(files) => void choice.choose(files)}
          disabled={choice.checking}
          label={t('panel.upload.addPhoto')}
        />
        <div className="min-w-0 flex-1">
          <ChosenFiles files={choice.chosen} onRemove={choice.remove} />
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary flex-1"
          disabled={choice.chosen.length === 0}
          onClick={upload}
          data-testid="upload-button"
        >
          {t('panel.upload.button', { n: choice.chosen.length })}
        </button>
        <CategoryPhotosLink turbineId={turbineId} category={category} />
      </div>
      <UploadProgress section={section} items={uploads} />
    </section>
  );
}

/** Spec §2's drone, operator and robot sections (not for customers). */
export function CategorySections({ turbineId }: { turbineId: number }) {
  const { t } = useI18n();
  return (
    <SectionCard
      id="categories"
      title={t('panel.turbine.categoriesTitle')}
      description={t('panel.turbine.categoriesHint')}
    >
      <div className="grid gap-4 lg:grid-cols-3">
        {MEDIA_CATEGORIES.map((category) => (
          <CategoryUploadCard key={category} turbineId={turbineId} category={category} />
        ))}
      </div>
    </SectionCard>
  );
}

/** What a customer sees instead (spec §2, §6): a gallery card for each category. */
export function CustomerGalleries({ turbineId }: { turbineId: number }) {
  const { t } = useI18n();
  const { data: places } = useQuery(mediaPlacesQueryOptions(turbineId));
  return (
    <SectionCard
      id="galleries"
      title={t('panel.turbine.galleriesTitle')}
      description={t('panel.turbine.galleriesHint')}
    >
      <ul className="grid gap-4 sm:grid-cols-3">
        {MEDIA_CATEGORIES.map((category) => (
          <li
            key={category}
            className="flex flex-col gap-3 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
            data-testid={`gallery-${category}`}
          >
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-800 dark:bg-brand-900/50 dark:text-brand-100">
              <CategoryIcon category={category} />
            </span>
            <h3 className="text-base font-semibold">{t(`panel.turbine.gallery.${category}`)}</h3>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t(`panel.turbine.galleryHint.${category}`)}</p>
            <p className="text-sm font-medium" data-testid="gallery-count">
              {t('panel.turbine.galleryCount', { n: countAt(places, { category }) })}
            </p>
            <div className="mt-auto">
              <CategoryPhotosLink turbineId={turbineId} category={category} primary />
            </div>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
