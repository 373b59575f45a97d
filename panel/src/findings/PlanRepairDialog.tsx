import {
  createRepairBody,
  type Finding,
  FINDING_NAME_KEYS,
  FINDING_SEVERITIES,
  OPEN_FINDING_STATUSES,
  REPAIR_METHODS,
  REPAIR_NAME_KEYS,
  type Repair,
} from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { turbineFindingsQueryOptions } from '@/api/findings';
import { repairAssigneesQueryOptions, useCreateRepair } from '@/api/repairs';
import { SelectField, TextField } from '@/components/form/Field';
import { FormModal } from '@/components/form/FormModal';
import { useFormFeedback, validateWith } from '@/forms/form-feedback';
import { useI18n } from '@/i18n/language';
import { useCan } from '@/session/use-session';
import { findingSummary } from './finding-summary';
import { selectable } from './finding-selection';
import { type PlannableFinding, repairDefaults } from './plan-repair';
import { SeverityBadge } from './SeverityBadge';

/** The fields this form shows, so a server error naming one of them lands beside it. */
const FIELDS = ['finding_ids', 'title', 'method', 'priority', 'due_date', 'assignee_id'] as const;

export interface PlanRepairDialogProps {
  turbineId: number;
  /** The findings to plan (the callers check planRepairProblem first); with `pick`, none. */
  findings: readonly PlannableFinding[];
  /** Let the user pick among the turbine's open findings that no open repair holds (the turbine screen). */
  pick?: boolean;
  onClose: () => void;
  onPlanned?: (repair: Repair) => void;
}

/** What the user typed over the defaults; a field left alone follows the findings picked. */
type Edits = Partial<Record<'title' | 'method' | 'priority' | 'due_date' | 'assignee_id', string>>;

/** The open findings of the turbine a new repair may take, worst first. */
function pickable(findings: readonly Finding[]): Finding[] {
  return findings
    .filter((finding) => (OPEN_FINDING_STATUSES as readonly string[]).includes(finding.status) && selectable(finding))
    .sort((a, b) => b.severity - a.severity || a.id - b.id);
}

/** The picker of the turbine screen's dialog: a checkbox per finding that can be planned. */
function FindingPicker({
  turbineId,
  picked,
  onToggle,
  error,
}: {
  turbineId: number;
  picked: ReadonlyMap<number, PlannableFinding>;
  onToggle: (finding: Finding) => void;
  error: string | undefined;
}) {
  const { t, locale } = useI18n();
  const choices = useQuery({ ...turbineFindingsQueryOptions(turbineId), select: pickable });
  return (
    <fieldset className="col-span-2 flex flex-col gap-2" data-testid="plan-repair-pick">
      <legend className="text-sm font-medium">{t('panel.planRepair.pick')}</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('panel.planRepair.pickHint')}</p>
      {choices.isPending && <p className="text-sm text-slate-600 dark:text-slate-400">{t('common.loading')}</p>}
      {choices.isError && (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {t('panel.planRepair.choicesFailed')}
        </p>
      )}
      {choices.data?.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="plan-repair-no-choices">
          {t('panel.planRepair.noChoices')}
        </p>
      )}
      {choices.data && choices.data.length > 0 && (
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-700">
          {choices.data.map((finding) => (
            <li key={finding.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded p-1 text-sm hover:bg-slate-50 dark:hover:bg-slate-800">
                <input
                  type="checkbox"
                  checked={picked.has(finding.id)}
                  onChange={() => onToggle(finding)}
                  data-testid="plan-repair-choice"
                  data-finding-id={finding.id}
                />
                <SeverityBadge severity={finding.severity} compact />
                <span className="min-w-0 flex-1 truncate">{findingSummary(finding, t, locale)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="text-sm text-red-700 dark:text-red-300" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * "Plan repair" (issue #24) from findings of one turbine, or from those the user picks: the title, method and
 * priority prefilled as the server would choose them; a due date and assignee for a role that schedules
 * (repair.manage), which makes the repair scheduled rather than planned.
 */
export function PlanRepairDialog({ turbineId, findings, pick = false, onClose, onPlanned }: PlanRepairDialogProps) {
  const { t, language } = useI18n();
  const canSchedule = useCan('repair.manage');
  const assignees = useQuery({ ...repairAssigneesQueryOptions(turbineId), enabled: canSchedule });
  const [picked, setPicked] = useState<ReadonlyMap<number, PlannableFinding>>(
    () => new Map(findings.map((finding) => [finding.id, finding])),
  );
  const [edits, setEdits] = useState<Edits>({});
  const chosen = useMemo(() => [...picked.values()], [picked]);
  const defaults = repairDefaults(chosen, t);
  const values = {
    title: edits.title ?? defaults?.title ?? '',
    method: edits.method ?? defaults?.method ?? 'other',
    priority: edits.priority ?? String(defaults?.priority ?? 3),
    due_date: edits.due_date ?? '',
    assignee_id: edits.assignee_id ?? '',
  };
  const feedback = useFormFeedback(language);
  const create = useCreateRepair(turbineId, (repair) => {
    onPlanned?.(repair);
    onClose();
  });
  const set = (field: keyof Edits) => (value: string) => {
    setEdits((current) => ({ ...current, [field]: value }));
    feedback.clearField(field);
  };
  const toggle = (finding: Finding) => {
    setPicked((current) => {
      const next = new Map(current);
      if (!next.delete(finding.id)) next.set(finding.id, finding);
      return next;
    });
    feedback.clearField('finding_ids');
  };

  const submit = () => {
    const checked = validateWith(
      createRepairBody,
      {
        finding_ids: chosen.map((finding) => finding.id),
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
      description={
        chosen.length === 0 ? t('panel.planRepair.findingsNone') : t('panel.planRepair.findings', { n: chosen.length })
      }
      onClose={onClose}
      width="lg"
      testId="plan-repair"
      onSubmit={submit}
      submitLabel={t('panel.planRepair.submit')}
      ready={values.title.trim() !== '' && chosen.length > 0}
      pending={create.isPending}
      alert={feedback.alert}
      onDismissAlert={feedback.dismissAlert}
    >
      <div className="grid grid-cols-2 gap-4">
        {pick && (
          <FindingPicker turbineId={turbineId} picked={picked} onToggle={toggle} error={feedback.errors.finding_ids} />
        )}
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
              {t(FINDING_NAME_KEYS.severity(severity))}
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
