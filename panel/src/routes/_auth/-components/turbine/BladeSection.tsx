import { type Blade, BLADES } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { mediaPlacesQueryOptions } from '@/api/media';
import { useI18n } from '@/i18n/language';
import { countAt, withCount } from '@/media/media-places';
import { ChosenFiles } from '@/uploads/ChosenFiles';
import { FileDropZone } from '@/uploads/FileDropZone';
import { UploadProgress } from '@/uploads/UploadProgress';
import { useFileChoice } from '@/uploads/use-file-choice';
import { uploadQueue, uploadSection, useSectionUploads } from '@/uploads/use-uploads';
import { roomLabel, roomOptions, yearOptions } from './inspection-options';
import { RoomPhotos } from './RoomPhotos';
import { SectionCard } from './SectionCard';

/** One blade: pick a room, choose photos and point clouds, upload them; the room's photos of the year below. */
function BladePanel({ turbineId, blade, year }: { turbineId: number; blade: Blade; year: number }) {
  const { t, locale } = useI18n();
  const { data: places } = useQuery(mediaPlacesQueryOptions(turbineId));
  const roomId = useId();
  const [room, setRoom] = useState(1);
  const choice = useFileChoice(turbineId, 'blade');
  const section = uploadSection(turbineId, `blade-${blade}`);
  const uploads = useSectionUploads(section);
  const upload = () => {
    uploadQueue.add(section, { target: 'media', turbineId, category: 'blade', blade, room, year }, choice.chosen);
    choice.clear();
  };
  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      aria-labelledby={`${roomId}-title`}
      data-testid={`blade-panel-${blade}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h3 id={`${roomId}-title`} className="text-base font-semibold whitespace-nowrap">
          {t('panel.turbine.blade', { blade })}
        </h3>
        <label className="flex min-w-0 items-center gap-2 text-sm">
          <span className="text-slate-600 dark:text-slate-400">{t('panel.turbine.roomPicker')}</span>
          <select
            id={roomId}
            className="input h-9 w-44 max-w-full min-w-0"
            value={room}
            onChange={(event) => setRoom(Number(event.target.value))}
            data-testid="room-picker"
          >
            {roomOptions().map((option) => (
              <option key={option} value={option}>
                {withCount(
                  roomLabel(option, t),
                  countAt(places, { year, category: 'blade', blade, room: option }),
                  locale,
                )}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FileDropZone
        picker="blade"
        onFiles={(files) => void choice.choose(files)}
        disabled={choice.checking}
        label={t('panel.upload.choose')}
        hint={t('panel.upload.bladeHint')}
      />
      <ChosenFiles files={choice.chosen} onRemove={choice.remove} />
      <button
        type="button"
        className="btn-primary"
        disabled={choice.chosen.length === 0}
        onClick={upload}
        data-testid="upload-button"
      >
        {t('panel.upload.button', { n: choice.chosen.length })}
      </button>
      <UploadProgress section={section} items={uploads} />
      <div className="border-t border-slate-200 pt-3 dark:border-slate-700">
        <h4 className="mb-2 text-sm font-medium">
          {t('panel.turbine.roomPhotos', { room: roomLabel(room, t), year })}
        </h4>
        <RoomPhotos turbineId={turbineId} blade={blade} room={room} year={year} />
      </div>
    </section>
  );
}

/** Spec §2's blade section (not for customers): a year, and a panel for each of the blades A, B and C. */
export function BladeSection({ turbineId }: { turbineId: number }) {
  const { t } = useI18n();
  const { data: places } = useQuery(mediaPlacesQueryOptions(turbineId));
  const [year, setYear] = useState(() => new Date().getFullYear());
  return (
    <SectionCard
      id="blades"
      title={t('panel.turbine.bladesTitle')}
      description={t('panel.turbine.bladesHint')}
      actions={
        <YearPicker
          value={year}
          onChange={setYear}
          countOf={(option) => countAt(places, { year: option, category: 'blade' })}
          testId="blade-year"
        />
      }
    >
      <div className="grid gap-4 lg:grid-cols-3">
        {BLADES.map((blade) => (
          <BladePanel key={blade} turbineId={turbineId} blade={blade} year={year} />
        ))}
      </div>
    </SectionCard>
  );
}

/**
 * The year a section uploads into (spec §9: this year and the ten before); with `countOf`, each with how many
 * media the section has of it, so the campaigns that hold something stand out.
 */
export function YearPicker({
  value,
  onChange,
  countOf = () => 0,
  testId,
}: {
  value: number;
  onChange: (year: number) => void;
  countOf?: (year: number) => number;
  testId?: string;
}) {
  const { t, locale } = useI18n();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="text-slate-600 dark:text-slate-400">{t('panel.turbine.year')}</span>
      <select
        className="input h-9 w-32"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        data-testid={testId}
      >
        {yearOptions().map((year) => (
          <option key={year} value={year}>
            {withCount(String(year), countOf(year), locale)}
          </option>
        ))}
      </select>
    </label>
  );
}
