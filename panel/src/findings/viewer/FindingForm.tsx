import {
  BLADES,
  createFindingBody,
  FINDING_ACTIONS,
  FINDING_NAME_KEYS,
  FINDING_STATUSES,
  FINDING_SURFACES,
  FINDING_TYPES,
  FINDING_ZONE_MAX,
  type Finding,
  type FindingSeverity,
  type FindingTarget,
  type MediaItem,
  SEVERITY_ACTION,
  updateFindingBody,
} from '@kanat360/contracts';
import { useState } from 'react';
import { type FindingInput, type FindingUpdate, useCreateFinding, useUpdateFinding } from '@/api/findings';
import { SelectField, TextField } from '@/components/form/Field';
import { FormAlert } from '@/components/form/FormAlert';
import { useFocusFirstInvalid, useFormFeedback, validateWith } from '@/forms/form-feedback';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { FIELDS, fieldsOf, type FindingFormValues, initialValues } from './finding-form-values';
import { SeverityPicker } from './SeverityPicker';

/**
 * A finding's fields: where on the blade, what, how bad, what to do, how big. A new finding (`finding` null) is
 * saved as a draft on the region just drawn; an existing one is saved whole. The recommended action follows the
 * severity unless the author chooses another.
 */
export function FindingForm({
  turbineId,
  item,
  finding,
  target,
  onSaved,
  onCancel,
}: {
  turbineId: number;
  item: MediaItem;
  finding: Finding | null;
  target: FindingTarget;
  onSaved: (finding: Finding) => void;
  onCancel: () => void;
}) {
  const { t, language } = useI18n();
  const canRelease = useCan('finding.release');
  const [values, setValues] = useState(() => initialValues(finding, item));
  const feedback = useFormFeedback(language);
  const { formRef, refuse } = useFocusFirstInvalid(feedback.errors);
  const create = useCreateFinding(turbineId, onSaved);
  const update = useUpdateFinding(turbineId, onSaved);
  const pending = create.isPending || update.isPending;
  // A released finding is the reviewers' to change (the server says so too).
  const locked = finding?.stage === 'released' && !canRelease;

  const set = <K extends keyof FindingFormValues>(field: K, value: FindingFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    feedback.clearField(field);
  };

  const submit = (): void => {
    const fields = fieldsOf(values, target);
    const onError = (error: unknown) => refuse(() => feedback.showServerError(error, FIELDS));
    if (finding) {
      const body = { ...fields, status: values.status, stage: finding.stage };
      const checked = validateWith(updateFindingBody, body, t);
      if (!checked.ok) return refuse(() => feedback.showFieldErrors(checked.errors));
      update.mutate({ id: finding.id, body: body as FindingUpdate }, { onError });
    } else {
      const body = { ...fields, media_id: item.id, media_version: item.version };
      const checked = validateWith(createFindingBody, body, t);
      if (!checked.ok) return refuse(() => feedback.showFieldErrors(checked.errors));
      create.mutate(body as FindingInput, { onError });
    }
  };

  const number = (field: keyof FindingFormValues, label: string, props: { required?: boolean; step?: string } = {}) => (
    <TextField
      label={label}
      inputMode="decimal"
      value={values[field] as string}
      onChange={(event) => set(field, event.target.value)}
      error={feedback.errors[field]}
      disabled={locked}
      data-testid={`finding-${field}`}
      {...props}
    />
  );

  return (
    <form
      ref={formRef}
      className="flex flex-col gap-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="finding-form"
    >
      {feedback.alert && <FormAlert message={feedback.alert} onDismiss={feedback.dismissAlert} />}
      {feedback.errors.target && (
        <p className="text-xs font-medium text-red-700 dark:text-red-400" role="alert">
          {feedback.errors.target}
        </p>
      )}
      {locked && (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('panel.findingViewer.lockedReleased')}</p>
      )}
      <fieldset disabled={locked} className="contents">
        <SeverityPicker value={values.severity as FindingSeverity} onChange={(severity) => set('severity', severity)} />
        <SelectField
          label={t('panel.findingViewer.field.type')}
          value={values.type}
          onChange={(event) => set('type', event.target.value)}
          error={feedback.errors.type}
          data-testid="finding-type"
        >
          {FINDING_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(FINDING_NAME_KEYS.type(type))}
            </option>
          ))}
        </SelectField>
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={t('panel.findingViewer.field.blade')}
            value={values.blade}
            onChange={(event) => set('blade', event.target.value)}
            error={feedback.errors.blade}
            data-testid="finding-blade"
          >
            {BLADES.map((blade) => (
              <option key={blade} value={blade}>
                {t('panel.turbine.blade', { blade })}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('panel.findingViewer.field.zone')}
            type="number"
            min={1}
            max={FINDING_ZONE_MAX}
            value={values.zone}
            onChange={(event) => set('zone', event.target.value)}
            error={feedback.errors.zone}
            data-testid="finding-zone"
          />
        </div>
        <SelectField
          label={t('panel.findingViewer.field.surface')}
          value={values.surface}
          onChange={(event) => set('surface', event.target.value)}
          error={feedback.errors.surface}
          data-testid="finding-surface"
        >
          {FINDING_SURFACES.map((surface) => (
            <option key={surface} value={surface}>
              {t(FINDING_NAME_KEYS.surface(surface))}
            </option>
          ))}
        </SelectField>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.internal}
            onChange={(event) => set('internal', event.target.checked)}
            data-testid="finding-internal"
          />
          {t('panel.findingViewer.field.internal')}
        </label>
        {number('distance_from_root_m', t('panel.findingViewer.field.distanceFromRoot'), { required: true })}
        <div className="grid grid-cols-2 gap-3">
          {number('extent_m', t('panel.findingViewer.field.extent'))}
          {number('distance_from_le_m', t('panel.findingViewer.field.distanceFromLe'))}
        </div>
        <div className="grid grid-cols-2 gap-3">
          {number('length_mm', t('panel.findingViewer.field.length'))}
          {number('width_mm', t('panel.findingViewer.field.width'))}
        </div>
        <SelectField
          label={t('panel.findingViewer.field.action')}
          value={values.action}
          onChange={(event) => set('action', event.target.value)}
          error={feedback.errors.action}
          data-testid="finding-action"
        >
          <option value="">
            {t('panel.findingViewer.actionFromSeverity', {
              action: t(FINDING_NAME_KEYS.action(SEVERITY_ACTION[values.severity as Finding['severity']])),
            })}
          </option>
          {FINDING_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(FINDING_NAME_KEYS.action(action))}
            </option>
          ))}
        </SelectField>
        {finding && (
          <SelectField
            label={t('panel.findingViewer.field.status')}
            value={values.status}
            onChange={(event) => set('status', event.target.value)}
            error={feedback.errors.status}
            data-testid="finding-status"
          >
            {FINDING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(FINDING_NAME_KEYS.status(status))}
              </option>
            ))}
          </SelectField>
        )}
        <div>
          <label
            htmlFor="finding-description"
            className="mb-1.5 block text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('panel.findingViewer.field.description')}
          </label>
          <textarea
            id="finding-description"
            className="input min-h-20"
            maxLength={2000}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            data-testid="finding-description"
          />
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          {t('panel.action.cancel')}
        </button>
        {!locked && (
          <button type="submit" className="btn-primary" disabled={pending} data-testid="finding-save">
            {finding ? t('panel.action.save') : t('panel.findingViewer.create')}
          </button>
        )}
      </div>
    </form>
  );
}
