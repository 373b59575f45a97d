import {
  FINDING_NAME_KEYS,
  FINDING_SEVERITIES,
  REPAIR_CURRENCIES,
  REPAIR_METHODS,
  REPAIR_NAME_KEYS,
  type Repair,
} from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { repairAssigneesQueryOptions, useUpdateRepair } from '@/api/repairs';
import { SelectField, TextAreaField, TextField } from '@/components/form/Field';
import { FormModal } from '@/components/form/FormModal';
import { useFormFeedback } from '@/forms/form-feedback';
import { useI18n } from '@/i18n/language';
import { editableFields, editBody, type EditField, editValuesOf } from './repair-page';

/**
 * Editing a repair: only the fields the caller may change in its status (the server's allowed_actions) — its texts,
 * method and priority; the assignee (the turbine company's users); the window and due date; the costs and hours.
 * Only what changed is sent.
 */
export function EditRepairDialog({ repair, onClose }: { repair: Repair; onClose: () => void }) {
  const { t, language } = useI18n();
  const fields = editableFields(repair);
  const has = (field: EditField) => fields.includes(field);
  const assignees = useQuery({ ...repairAssigneesQueryOptions(repair.turbine_id), enabled: has('assignee_id') });
  const [values, setValues] = useState(() => editValuesOf(repair));
  const feedback = useFormFeedback(language);
  const update = useUpdateRepair(() => onClose());
  const set = (field: EditField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    feedback.clearField(field);
  };
  const input = (field: EditField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
    error: feedback.errors[field],
    'data-testid': `repair-edit-${field}`,
  });

  const submit = () => {
    const checked = editBody(repair, fields, values, t);
    if (!checked.ok) {
      feedback.showFieldErrors(checked.errors);
      return;
    }
    if (Object.keys(checked.data).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { turbineId: repair.turbine_id, id: repair.id, body: checked.data },
      { onError: (error) => feedback.showServerError(error, fields) },
    );
  };

  return (
    <FormModal
      title={t('repairs.edit.title')}
      description={repair.title}
      onClose={onClose}
      width="lg"
      testId="repair-edit"
      onSubmit={submit}
      submitLabel={t('repairs.edit.save')}
      pending={update.isPending}
      alert={feedback.alert}
      onDismissAlert={feedback.dismissAlert}
    >
      <div className="grid grid-cols-2 gap-4">
        {has('title') && (
          <TextField className="col-span-2" label={t('repairs.field.title')} required {...input('title')} />
        )}
        {has('method') && (
          <SelectField label={t('repairs.field.method')} {...input('method')}>
            {REPAIR_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(REPAIR_NAME_KEYS.method(method))}
              </option>
            ))}
          </SelectField>
        )}
        {has('priority') && (
          <SelectField label={t('repairs.field.priority')} {...input('priority')}>
            {FINDING_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(FINDING_NAME_KEYS.severity(severity))}
              </option>
            ))}
          </SelectField>
        )}
        {has('assignee_id') && (
          <SelectField
            className="col-span-2"
            label={t('repairs.field.assignee')}
            disabled={!assignees.data}
            {...input('assignee_id')}
          >
            <option value="">{t('repairs.page.unassigned')}</option>
            {/* The current assignee stays choosable even when no longer on the list (deactivated). */}
            {repair.assignee && !assignees.data?.some((person) => person.id === repair.assignee?.id) && (
              <option value={repair.assignee.id}>{repair.assignee.name}</option>
            )}
            {assignees.data?.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} ({person.email})
              </option>
            ))}
          </SelectField>
        )}
        {has('window_start') && (
          <TextField type="datetime-local" label={t('repairs.field.windowStart')} {...input('window_start')} />
        )}
        {has('window_end') && (
          <TextField type="datetime-local" label={t('repairs.field.windowEnd')} {...input('window_end')} />
        )}
        {has('due_date') && <TextField type="date" label={t('repairs.field.dueDate')} {...input('due_date')} />}
        {has('currency') && (
          <SelectField label={t('repairs.field.currency')} {...input('currency')}>
            {REPAIR_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </SelectField>
        )}
        {has('estimated_cost') && (
          <TextField
            label={t('repairs.field.estimatedCost', { currency: values.currency })}
            inputMode="decimal"
            {...input('estimated_cost')}
          />
        )}
        {has('actual_cost') && (
          <TextField
            label={t('repairs.field.actualCost', { currency: values.currency })}
            inputMode="decimal"
            {...input('actual_cost')}
          />
        )}
        {has('labour_hours') && (
          <TextField label={t('repairs.field.labourHours')} inputMode="decimal" {...input('labour_hours')} />
        )}
        {has('note') && <TextAreaField className="col-span-2" label={t('repairs.field.note')} {...input('note')} />}
      </div>
    </FormModal>
  );
}
