import { type Blade, type Repair } from '@kanat360/contracts';
import { useState } from 'react';
import { useCompleteRepair } from '@/api/repairs';
import { SelectField, TextAreaField, TextField } from '@/components/form/Field';
import { FormModal } from '@/components/form/FormModal';
import { useFormFeedback } from '@/forms/form-feedback';
import { useI18n } from '@/i18n/language';
import { ChosenFiles } from '@/uploads/ChosenFiles';
import { FileDropZone } from '@/uploads/FileDropZone';
import { UploadProgress } from '@/uploads/UploadProgress';
import { useFileChoice } from '@/uploads/use-file-choice';
import { uploadQueue, uploadSection, useSectionUploads } from '@/uploads/use-uploads';
import { afterPhotoPlace, completeBody } from './repair-page';

/** The fields of the form, so a server error naming one lands beside it. */
const FIELDS = ['note', 'after_media_ids', 'actual_cost', 'labour_hours'] as const;

/**
 * Completing a repair (the page's button, and a card dropped on "done" on the board): a note, after-repair photos
 * uploaded through the panel's upload queue (category `repair`, on a blade of its findings and their year), the
 * actual cost and the labour hours. The server refuses without a note or a photo; its message shows here.
 */
export function CompleteRepairDialog({ repair, onClose }: { repair: Repair; onClose: () => void }) {
  const { t, language } = useI18n();
  const place = afterPhotoPlace(repair);
  const [blade, setBlade] = useState<Blade>(place.blades[0] ?? 'A');
  const [values, setValues] = useState({ note: repair.note ?? '', actualCost: '', labourHours: '' });
  const choice = useFileChoice(repair.turbine_id, 'category');
  const section = uploadSection(repair.turbine_id, `repair-${repair.id}`);
  const uploads = useSectionUploads(section);
  // The section queues media only: a done file's result is the photo the server stored.
  const afterMediaIds = uploads.flatMap((item) => (item.status === 'done' && item.result ? [item.result.id] : []));
  const sending = uploads.some((item) => item.status === 'queued' || item.status === 'sending');
  const feedback = useFormFeedback(language);
  const complete = useCompleteRepair(() => {
    uploadQueue.dismiss(section);
    onClose();
  });
  const set = (field: keyof typeof values, formField: (typeof FIELDS)[number]) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    feedback.clearField(formField);
  };

  const upload = () => {
    uploadQueue.add(
      section,
      { target: 'media', turbineId: repair.turbine_id, category: 'repair', blade, room: 1, year: place.year },
      choice.chosen,
    );
    choice.clear();
    feedback.clearField('after_media_ids');
  };

  const submit = () => {
    const checked = completeBody({ ...values, afterMediaIds }, t);
    if (!checked.ok) {
      feedback.showFieldErrors(checked.errors);
      return;
    }
    complete.mutate(
      { turbineId: repair.turbine_id, id: repair.id, body: checked.data },
      { onError: (error) => feedback.showServerError(error, FIELDS) },
    );
  };

  return (
    <FormModal
      title={t('repairs.complete.title')}
      description={repair.title}
      onClose={onClose}
      width="lg"
      testId="repair-complete"
      onSubmit={submit}
      submitLabel={t('repairs.action.complete')}
      ready={!sending && !choice.checking}
      pending={complete.isPending}
      alert={feedback.alert}
      onDismissAlert={feedback.dismissAlert}
    >
      <div className="grid grid-cols-2 gap-4">
        <TextAreaField
          className="col-span-2"
          label={t('repairs.field.note')}
          required
          value={values.note}
          onChange={(event) => set('note', 'note')(event.target.value)}
          error={feedback.errors.note}
          data-testid="repair-complete-note"
        />
        <fieldset className="col-span-2 space-y-3" aria-describedby="repair-after-hint">
          <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('repairs.complete.photos')}
            <span className="text-red-700 dark:text-red-400" aria-hidden="true">
              {' '}
              *
            </span>
          </legend>
          <p id="repair-after-hint" className="text-xs text-slate-600 dark:text-slate-400">
            {t('repairs.complete.photosHint', { year: place.year })}
          </p>
          <div className="flex flex-wrap items-start gap-3">
            {place.blades.length > 1 && (
              <SelectField
                label={t('repairs.complete.blade')}
                value={blade}
                onChange={(event) => setBlade(event.target.value as Blade)}
                data-testid="repair-complete-blade"
              >
                {place.blades.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </SelectField>
            )}
            <FileDropZone
              picker="category"
              variant="tile"
              onFiles={(files) => void choice.choose(files)}
              disabled={choice.checking}
              label={t('repairs.complete.addPhoto')}
            />
            <div className="min-w-0 flex-1">
              <ChosenFiles files={choice.chosen} onRemove={choice.remove} />
            </div>
          </div>
          {choice.chosen.length > 0 && (
            <button type="button" className="btn-secondary" onClick={upload} data-testid="repair-complete-upload">
              {t('repairs.complete.upload', { n: choice.chosen.length })}
            </button>
          )}
          <UploadProgress section={section} items={uploads} />
          {feedback.errors.after_media_ids && (
            <p className="text-xs font-medium text-red-700 dark:text-red-400" data-testid="field-error">
              {feedback.errors.after_media_ids}
            </p>
          )}
        </fieldset>
        {repair.costs_visible && (
          <TextField
            label={t('repairs.field.actualCost', { currency: repair.currency })}
            inputMode="decimal"
            value={values.actualCost}
            onChange={(event) => set('actualCost', 'actual_cost')(event.target.value)}
            error={feedback.errors.actual_cost}
            data-testid="repair-complete-cost"
          />
        )}
        <TextField
          label={t('repairs.field.labourHours')}
          inputMode="decimal"
          value={values.labourHours}
          onChange={(event) => set('labourHours', 'labour_hours')(event.target.value)}
          error={feedback.errors.labour_hours}
          data-testid="repair-complete-hours"
        />
      </div>
    </FormModal>
  );
}
