import { errorMessage } from '@kanat360/api-client';
import {
  FINDING_NAME_KEYS,
  REPAIR_NAME_KEYS,
  type Repair,
  type RepairFinding,
  type RepairPhoto,
  type RepairStatus,
} from '@kanat360/contracts';
import { useQueries } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { RepairLink } from '@/components/RepairLink';
import { type ReactNode, useState } from 'react';
import { findingQueryOptions } from '@/api/findings';
import { useCancelRepair, useDeleteRepair, useUpdateRepair, useVerifyRepair } from '@/api/repairs';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { PageHeading } from '@/components/PageHeading';
import { usePageTitle } from '@/components/use-page-title';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';
import { CompleteRepairDialog } from './CompleteRepairDialog';
import { EditRepairDialog } from './EditRepairDialog';
import { cropStyle } from './repair-crop';
import { pageActions, repairHistory, type StepButton, stepTarget } from './repair-page';

/** A due date is a calendar day: shown as UTC, so the viewer's zone never moves it a day. */
const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
const INSTANT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

const STATUS_TONE: Record<RepairStatus, string> = {
  planned: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  scheduled: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  in_progress: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  done: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  verified: 'bg-emerald-600 text-white dark:bg-emerald-700',
  cancelled: 'bg-slate-200 text-slate-600 line-through dark:bg-slate-800 dark:text-slate-400',
};

/** A repair's page: its fields, its findings before and after, its timeline, and what the caller may do to it. */
export function RepairPage({ repair }: { repair: Repair }) {
  const { t } = useI18n();
  usePageTitle(repair.title);
  return (
    <>
      <nav className="mb-3 text-sm" aria-label={t('repairs.detail.breadcrumb')}>
        <Link to="/repairs" className="font-medium text-brand-800 hover:underline dark:text-brand-300">
          {t('repairs.page.title')}
        </Link>
        <span aria-hidden="true"> / </span>
        <Link
          to="/turbine/$turbineId"
          params={{ turbineId: repair.turbine_id }}
          hash="repairs"
          className="font-medium text-brand-800 hover:underline dark:text-brand-300"
          data-testid="repair-turbine-link"
        >
          {repair.turbine.name}
        </Link>
      </nav>
      <PageHeading
        title={repair.title}
        summary={
          <span className="flex flex-wrap items-center gap-2">
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[repair.status]}`}
              data-testid="repair-status"
              data-status={repair.status}
            >
              {t(REPAIR_NAME_KEYS.status(repair.status))}
            </span>
            {repair.overdue && (
              <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-200">
                {t('repairs.page.overdue')}
              </span>
            )}
            <span>
              #{repair.id} · {repair.turbine.company_name}
            </span>
          </span>
        }
        actions={<RepairActions repair={repair} />}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <RepairFields repair={repair} />
        <RepairHistory repair={repair} />
      </div>
      <RepairFindings repair={repair} />
    </>
  );
}

const STEP_STYLE: Record<StepButton, string> = {
  start: 'btn-primary',
  postpone: 'btn-secondary',
  reopen: 'btn-secondary',
  complete: 'btn-primary',
  verify: 'btn-primary',
  cancel: 'btn-danger',
  delete: 'btn-danger',
};

function RepairActions({ repair }: { repair: Repair }) {
  const { t, language } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'edit' | 'complete' | 'cancel' | 'delete' | null>(null);
  const close = () => setOpen(null);
  const onError = { onError: (error: Error) => toast.error(errorMessage(error, language)) };
  const update = useUpdateRepair();
  const verify = useVerifyRepair();
  const cancel = useCancelRepair(close);
  const remove = useDeleteRepair(() => void navigate({ to: '/repairs' }));
  const { edit, steps } = pageActions(repair);
  const ref = { turbineId: repair.turbine_id, id: repair.id };
  const busy = update.isPending || verify.isPending;

  const take = (step: StepButton) => {
    switch (step) {
      case 'complete':
      case 'cancel':
      case 'delete':
        setOpen(step);
        return;
      case 'verify':
        verify.mutate(ref, onError);
        return;
      case 'start':
      case 'postpone':
      case 'reopen': {
        const to = stepTarget(repair.status, step);
        if (to) update.mutate({ ...ref, body: { status: to } }, onError);
        return;
      }
    }
  };

  if (!edit && steps.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="repair-actions">
      {edit && (
        <button type="button" className="btn-secondary" onClick={() => setOpen('edit')} data-testid="repair-edit-open">
          {t('repairs.action.edit')}
        </button>
      )}
      {steps.map((step) => (
        <button
          key={step}
          type="button"
          className={STEP_STYLE[step]}
          disabled={busy}
          onClick={() => take(step)}
          data-testid={`repair-step-${step}`}
        >
          {t(REPAIR_NAME_KEYS.action(step))}
        </button>
      ))}
      {open === 'edit' && <EditRepairDialog repair={repair} onClose={close} />}
      {open === 'complete' && <CompleteRepairDialog repair={repair} onClose={close} />}
      {open === 'cancel' && (
        <ConfirmDialog
          title={t('repairs.action.cancel')}
          confirmLabel={t('repairs.action.cancel')}
          busy={cancel.isPending}
          onClose={close}
          onConfirm={() => cancel.mutate(ref, onError)}
          testId="repair-cancel-confirm"
        >
          <p>{t('repairs.board.cancelConfirm', { title: repair.title })}</p>
        </ConfirmDialog>
      )}
      {open === 'delete' && (
        <ConfirmDialog
          title={t('repairs.action.delete')}
          confirmLabel={t('repairs.action.delete')}
          busy={remove.isPending}
          onClose={close}
          onConfirm={() => remove.mutate(ref, onError)}
          testId="repair-delete-confirm"
        >
          <p>{t('repairs.detail.deleteConfirm', { title: repair.title })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm">{children}</dd>
    </div>
  );
}

function RepairFields({ repair }: { repair: Repair }) {
  const { t, language, locale } = useI18n();
  const none = '—';
  const instant = (value: string | null) => (value === null ? none : formatDate(value, language, INSTANT));
  const money = (amount: number | null) =>
    amount === null
      ? none
      : new Intl.NumberFormat(locale, { style: 'currency', currency: repair.currency }).format(amount);
  const byWhom = (when: string | null, who: { name: string } | null) =>
    when === null ? none : who ? t('repairs.detail.byOn', { name: who.name, when: instant(when) }) : instant(when);
  return (
    <section className="card p-5 lg:col-span-2" aria-labelledby="repair-fields-title" data-testid="repair-fields">
      <h2 id="repair-fields-title" className="mb-4 text-base font-semibold">
        {t('repairs.detail.fields')}
      </h2>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 md:grid-cols-3">
        <Field label={t('repairs.field.method')}>{t(REPAIR_NAME_KEYS.method(repair.method))}</Field>
        <Field label={t('repairs.field.priority')}>{repair.priority}</Field>
        <Field label={t('repairs.field.assignee')} testId="repair-assignee">
          {repair.assignee?.name ?? t('repairs.page.unassigned')}
        </Field>
        <Field label={t('repairs.field.dueDate')}>
          {repair.due_date === null ? none : formatDate(repair.due_date, language, DAY)}
        </Field>
        <Field label={t('repairs.field.window')}>
          {repair.window_start && repair.window_end
            ? `${instant(repair.window_start)} – ${instant(repair.window_end)}`
            : none}
        </Field>
        <Field label={t('repairs.field.labourHours')}>{repair.labour_hours ?? none}</Field>
        {repair.costs_visible && (
          <>
            <Field label={t('repairs.field.estimatedCost', { currency: repair.currency })} testId="repair-estimated">
              {money(repair.estimated_cost)}
            </Field>
            <Field label={t('repairs.field.actualCost', { currency: repair.currency })} testId="repair-actual">
              {money(repair.actual_cost)}
            </Field>
          </>
        )}
        <Field label={t('repairs.detail.createdBy')}>{byWhom(repair.created_at, repair.created_by_user)}</Field>
        <Field label={t('repairs.detail.completedBy')} testId="repair-completed">
          {byWhom(repair.completed_at, repair.completed_by_user)}
        </Field>
        <Field label={t('repairs.detail.verifiedBy')} testId="repair-verified">
          {byWhom(repair.verified_at, repair.verified_by_user)}
        </Field>
      </dl>
      <div className="mt-4">
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('repairs.field.note')}</p>
        <p className="mt-0.5 text-sm whitespace-pre-line" data-testid="repair-note">
          {repair.note ?? none}
        </p>
      </div>
    </section>
  );
}

function RepairHistory({ repair }: { repair: Repair }) {
  const { t, language } = useI18n();
  // The findings' own repair histories: which other repairs covered the same damage.
  const details = useQueries({
    queries: repair.findings.map((finding) => findingQueryOptions(repair.turbine_id, finding.id)),
  });
  const others = details.flatMap((detail) => detail.data?.repairs ?? []);
  const events = repairHistory(repair, others);
  return (
    <section className="card p-5" aria-labelledby="repair-history-title" data-testid="repair-history">
      <h2 id="repair-history-title" className="mb-4 text-base font-semibold">
        {t('repairs.detail.history')}
      </h2>
      <ol className="space-y-3 border-l border-slate-200 pl-4 dark:border-slate-700">
        {events.map((event) => (
          <li
            key={`${event.kind}-${event.repair?.id ?? ''}-${event.at}`}
            className="text-sm"
            data-testid="repair-event"
          >
            <p className="text-xs text-slate-600 dark:text-slate-400">{formatDate(event.at, language, INSTANT)}</p>
            {event.repair ? (
              <p>
                {t('repairs.history.earlier')}{' '}
                <RepairLink
                  id={event.repair.id}
                  turbineId={repair.turbine_id}
                  className="font-medium text-brand-800 hover:underline dark:text-brand-300"
                >
                  {event.repair.title}
                </RepairLink>{' '}
                ({t(REPAIR_NAME_KEYS.status(event.repair.status))})
              </p>
            ) : (
              <p>
                {t(`repairs.history.${event.kind}`)}
                {event.by && <span className="text-slate-600 dark:text-slate-400"> · {event.by}</span>}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function RepairFindings({ repair }: { repair: Repair }) {
  const { t } = useI18n();
  return (
    <section className="card mt-4 p-5" aria-labelledby="repair-findings-title" data-testid="repair-findings">
      <h2 id="repair-findings-title" className="mb-1 text-base font-semibold">
        {t('repairs.detail.findings', { n: repair.findings.length })}
      </h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('repairs.detail.beforeAfterHint')}</p>
      <ul className="space-y-6">
        {repair.findings.map((finding) => (
          <li key={finding.id} className="grid gap-4 md:grid-cols-[16rem_1fr]" data-testid="repair-finding">
            <Before repair={repair} finding={finding} />
            <div className="min-w-0">
              <p className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
                {t('repairs.detail.after')}
              </p>
              {repair.after_photos.length === 0 ? (
                <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="repair-no-after">
                  {t('repairs.detail.noAfter')}
                </p>
              ) : (
                <ul className="flex flex-wrap gap-3">
                  {repair.after_photos
                    .filter((photo) => photo.blade === null || photo.blade === finding.blade)
                    .map((photo) => (
                      <li key={photo.id}>
                        <AfterPhoto photo={photo} />
                      </li>
                    ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The finding's region on the photo it was marked on; a click opens the viewer at the finding. */
function Before({ repair, finding }: { repair: Repair; finding: RepairFinding }) {
  const { t } = useI18n();
  const photo = finding.photo;
  const source = photo?.preview_url ?? photo?.thumbnail_url ?? null;
  const crop = photo && photo.preview_url ? cropStyle(finding.target, photo) : null;
  return (
    <div>
      <p className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        {t('repairs.detail.before')}
      </p>
      <Link
        to="/turbine/$turbineId/findings/$findingId"
        params={{ turbineId: repair.turbine_id, findingId: finding.id }}
        className="group block"
        data-testid="repair-finding-open"
      >
        <span className="relative block aspect-[4/3] w-64 overflow-hidden rounded-lg bg-slate-900">
          {source &&
            (crop ? (
              <>
                <img
                  src={source}
                  alt=""
                  className="absolute max-w-none"
                  style={crop.image}
                  data-testid="repair-before"
                />
                <span
                  className="absolute rounded-sm border-2 border-amber-400 shadow-[0_0_0_1px_rgb(0_0_0/0.5)]"
                  style={crop.region}
                  aria-hidden="true"
                />
              </>
            ) : (
              <img src={source} alt="" className="size-full object-cover" data-testid="repair-before" />
            ))}
        </span>
        <span className="mt-2 block text-sm font-medium group-hover:underline">
          {t(FINDING_NAME_KEYS.type(finding.type))} · {t('repairs.detail.severity', { severity: finding.severity })}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {t('repairs.detail.findingPlace', {
            blade: finding.blade,
            surface: t(FINDING_NAME_KEYS.surface(finding.surface)),
            zone: finding.zone,
            year: finding.year,
          })}{' '}
          · {t(FINDING_NAME_KEYS.status(finding.status))}
        </span>
      </Link>
    </div>
  );
}

function AfterPhoto({ photo }: { photo: RepairPhoto }) {
  const { t } = useI18n();
  const source = photo.preview_url ?? photo.thumbnail_url;
  return (
    <a
      href={photo.url}
      target="_blank"
      rel="noreferrer"
      className="block w-64"
      title={photo.original_name}
      data-testid="repair-after"
    >
      <span className="flex aspect-[4/3] w-64 items-center justify-center overflow-hidden rounded-lg bg-slate-900 text-xs text-slate-300">
        {source ? <img src={source} alt="" className="size-full object-cover" /> : t('repairs.detail.processing')}
      </span>
      <span className="mt-1 block truncate text-xs text-slate-600 dark:text-slate-400">
        {photo.original_name} · {photo.year}
      </span>
    </a>
  );
}
