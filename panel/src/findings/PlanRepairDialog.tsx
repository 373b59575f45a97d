import {
  createRepairBody,
  FINDING_NAME_KEYS,
  FINDING_SEVERITIES,
  REPAIR_METHODS,
  REPAIR_NAME_KEYS,
  type Repair,
} from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { repairAssigneesQueryOptions, useCreateRepair } from '@/api/repairs';
import { SelectField, TextField } from '@/components/form/Field';
import { FormModal } from '@/components/form/FormModal';
import { useFormFeedback, validateWith } from '@/forms/form-feedback';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { type PlannableFinding, repairDefaults } from './plan-repair';

/** The fields this form shows, so a server error naming one of them lands beside it. */
const FIELDS = ['title', 'method', 'priority', 'due_date', 'assignee_id'] as const;

/**
 * "Plan repair" (issue #24) from findings of one turbine (the callers check planRepairProblem first): the title,
 * method and priority prefilled as the server would choose them; a due date and assignee for a role that schedules
 * (repair.manage), which makes the repair scheduled rather than planned.
 */
export function PlanRepairDialog({
  turbineId,
  findings,
  onClose,
  onPlanned,
}: {
  turbineId: number;
  findings: readonly PlannableFinding[];
  onClose: () => void;
  onPlanned?: (repair: Repair) => void;
}) {
  const { t, language } = useI18n();
  const canSchedule = useCan('repair.manage');
  const assignees = useQuery({ ...repairAssigneesQueryOptions(turbineId), enabled: canSchedule });
  const [values, setValues] = useState(() => {
    const defaults = repairDefaults(findings, t);
    return {
      title: defaults?.title ?? '',
      method: defaults?.method ?? 'other',
      priority: String(defaults?.priority ?? 3),
      due_date: '',
      assignee_id: '',
    };
  });
  const feedback = useFormFeedback(language);
  const create = useCreateRepair(turbineId, (repair) => {
    onPlanned?.(repair);
    onClose();
  });
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    feedback.clearField(field);
  };

  const submit = () => {
    const checked = validateWith(
      createRepairBody,
      {
        finding_ids: findings.map((finding) => finding.id),
        title: values.title,
        method: values.method,
        priority: Number(values.priority),
        ...(canSchedule && values.due_date !== '' ? { due_date: values.due_date, status: 'scheduled' } : {}),
        ...(canSchedule && values.assignee_id !== '' ? { assignee_id: Number(values.assignee_id) } : {}),
      },
      t,
    );
    if (!checked.ok) {
      feedback.showFieldErrors(checked.errors);
      return;
    }
    create.mutate(checked.data, { onError: (error) => feedback.showServerError(error, FIELDS) });
  };

  return (
    <FormModal
      title={t('panel.planRepair.title')}
      description={t('panel.planRepair.findings', { n: findings.length })}
      onClose={onClose}
      width="lg"
      testId="plan-repair"
      onSubmit={submit}
      submitLabel={t('panel.planRepair.submit')}
      ready={values.title.trim() !== ''}
      pending={create.isPending}
      alert={feedback.alert}
      onDismissAlert={feedback.dismissAlert}
    >
      <div className="grid grid-cols-2 gap-4">
        <TextField
          className="col-span-2"
          label={t('panel.planRepair.field.title')}
          required
          value={values.title}
          onChange={(event) => set('title')(event.target.value)}
          error={feedback.errors.title}
          data-testid="plan-repair-title"
        />
        <SelectField
          label={t('panel.planRepair.field.method')}
          value={values.method}
          onChange={(event) => set('method')(event.target.value)}
          error={feedback.errors.method}
          data-testid="plan-repair-method"
        >
          {REPAIR_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(REPAIR_NAME_KEYS.method(method))}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('panel.planRepair.field.priority')}
          hint={t('panel.planRepair.field.priorityHint')}
          value={values.priority}
          onChange={(event) => set('priority')(event.target.value)}
          error={feedback.errors.priority}
          data-testid="plan-repair-priority"
        >
          {FINDING_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {severity} – {t(FINDING_NAME_KEYS.severity(severity))}
            </option>
          ))}
        </SelectField>
        {canSchedule && (
          <>
            <TextField
              type="date"
              label={t('panel.planRepair.field.dueDate')}
              hint={t('panel.planRepair.field.dueDateHint')}
              value={values.due_date}
              onChange={(event) => set('due_date')(event.target.value)}
              error={feedback.errors.due_date}
              data-testid="plan-repair-due"
            />
            <SelectField
              label={t('panel.planRepair.field.assignee')}
              value={values.assignee_id}
              onChange={(event) => set('assignee_id')(event.target.value)}
              error={feedback.errors.assignee_id}
              disabled={!assignees.data}
              data-testid="plan-repair-assignee"
            >
              <option value="">{t('panel.planRepair.noAssignee')}</option>
              {assignees.data?.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name} ({person.email})
                </option>
              ))}
            </SelectField>
          </>
        )}
      </div>
    </FormModal>
  );
}
