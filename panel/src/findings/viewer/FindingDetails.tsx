import { errorMessage } from '@kanat360/api-client';
import { FINDING_NAME_KEYS, type Finding, type FindingDetail, updateBodyOf } from '@kanat360/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  findingQueryOptions,
  turbineFindingsQueryOptions,
  useDeleteFinding,
  useLinkFinding,
  useUpdateFinding,
} from '@/api/findings';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useI18n } from '@/i18n/language';
import { useViewerSession } from '@/media/viewer-session';
import { useCan } from '@/session/use-session';
import { useToast } from '@/toast/toast-store';
import { findingSummary } from '../finding-summary';
import { GrowthLine } from '../GrowthLine';
import { LazyPlanRepairDialog } from '../LazyPlanRepairDialog';
import { repairHolding } from '../plan-repair';
import { SeverityBadge } from '../SeverityBadge';
import { FindingRepairLink } from '../FindingRepairLink';

type Translate = ReturnType<typeof useI18n>['t'];

function sizeText(length: number | null, width: number | null, t: Translate, locale: string): string {
  const mm = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (length === null && width === null) return '—';
  return t('panel.findingViewer.size', {
    length: length === null ? '—' : mm.format(length),
    width: width === null ? '—' : mm.format(width),
  });
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1 text-sm">
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

/** The earlier years' findings of the same blade this one can be linked to (the same damage found before). */
function LinkToEarlier({ turbineId, finding }: { turbineId: number; finding: FindingDetail }) {
  const { t, locale, language } = useI18n();
  const toast = useToast();
  const [choice, setChoice] = useState('');
  const candidates = useQuery({
    ...turbineFindingsQueryOptions(turbineId, { blade: finding.blade }),
    select: (all) => {
      // A track holds each year once: a damage already found this year elsewhere is another one.
      const tracksOfThisYear = new Set(
        all.filter((other) => other.year === finding.year).map((other) => other.track_id),
      );
      return all
        .filter((other) => other.year < finding.year && !tracksOfThisYear.has(other.track_id))
        .sort(
          (a, b) =>
            b.year - a.year ||
            Math.abs(a.distance_from_root_m - finding.distance_from_root_m) -
              Math.abs(b.distance_from_root_m - finding.distance_from_root_m),
        );
    },
  });
  const link = useLinkFinding(turbineId, () => setChoice(''));
  if (!candidates.data || candidates.data.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <label htmlFor="finding-link" className="text-sm font-medium">
        {t('panel.findingViewer.linkLabel')}
      </label>
      <select
        id="finding-link"
        className="input"
        value={choice}
        onChange={(event) => setChoice(event.target.value)}
        data-testid="finding-link-choice"
      >
        <option value="">{t('panel.findingViewer.linkChoose')}</option>
        {candidates.data.map((other) => (
          <option key={other.id} value={other.id}>
            {`${other.year} · ${findingSummary(other, t, locale)} · ${t(FINDING_NAME_KEYS.severity(other.severity))}`}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn-secondary"
        disabled={!choice || link.isPending}
        onClick={() =>
          link.mutate(
            { id: finding.id, earlierId: Number(choice) },
            { onError: (error) => toast.error(errorMessage(error, language)) },
          )
        }
        data-testid="finding-link"
      >
        {t('panel.findingViewer.link')}
      </button>
    </div>
  );
}

/**
 * The finding's repair, linked to its page; or, when no open repair holds it, "plan repair" for a role that may make
 * one (issue #24: from the viewer as from the blade map).
 */
function FindingRepair({ turbineId, finding }: { turbineId: number; finding: Finding }) {
  const { t } = useI18n();
  const canPlan = useCan('repair.create');
  const [planning, setPlanning] = useState(false);
  if (!finding.repair && !canPlan) return null;
  return (
    <div className="flex flex-col items-start gap-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-700">
      {finding.repair && (
        <FindingRepairLink
          repair={finding.repair}
          turbineId={turbineId}
          className="font-medium text-sky-800 underline hover:text-sky-950 dark:text-sky-300 dark:hover:text-sky-100"
          testId="finding-repair-link"
        />
      )}
      {canPlan && !repairHolding(finding) && (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => setPlanning(true)}
          data-testid="finding-plan-repair"
        >
          {t('panel.planRepair.action')}
        </button>
      )}
      {planning && (
        <LazyPlanRepairDialog turbineId={turbineId} findings={[finding]} onClose={() => setPlanning(false)} />
      )}
    </div>
  );
}

/** One finding as a reader sees it, with its track, and the actions the user's role allows. */
export function FindingDetails({
  finding,
  onEdit,
  onDeleted,
}: {
  finding: Finding;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t, locale, language } = useI18n();
  const { turbineId } = useViewerSession();
  const toast = useToast();
  const canEdit = useCan('finding.edit');
  const canRelease = useCan('finding.release');
  const detail = useQuery(findingQueryOptions(turbineId, finding.id));
  const [deleting, setDeleting] = useState(false);
  const release = useUpdateFinding(turbineId);
  const remove = useDeleteFinding(turbineId, () => {
    setDeleting(false);
    onDeleted();
  });
  const metres = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const released = finding.stage === 'released';
  const setStage = (stage: Finding['stage']) => {
    release.mutate(
      { id: finding.id, body: { ...updateBodyOf(finding), stage } },
      { onError: (error) => toast.error(errorMessage(error, language)) },
    );
  };

  return (
    <div className="flex flex-col gap-3" data-testid="finding-details" data-finding-id={finding.id}>
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={finding.severity} />
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${released ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'}`}
          data-testid="finding-stage"
        >
          {t(FINDING_NAME_KEYS.stage(finding.stage))}
        </span>
      </div>
      <dl className="divide-y divide-slate-100 dark:divide-slate-800">
        <Row label={t('panel.findingViewer.field.type')}>{t(FINDING_NAME_KEYS.type(finding.type))}</Row>
        <Row label={t('panel.findingViewer.position')}>
          {[
            t('panel.turbine.blade', { blade: finding.blade }),
            t(FINDING_NAME_KEYS.surface(finding.surface)),
            t('panel.findingViewer.zoneValue', { zone: finding.zone }),
            t(finding.internal ? 'findings.internal.true' : 'findings.internal.false'),
          ].join(' · ')}
        </Row>
        <Row label={t('panel.findingViewer.field.distanceFromRoot')}>
          {t('panel.findingViewer.metres', { value: metres.format(finding.distance_from_root_m) })}
        </Row>
        <Row label={t('panel.findingViewer.sizeLabel')}>{sizeText(finding.length_mm, finding.width_mm, t, locale)}</Row>
        <Row label={t('panel.findingViewer.field.action')}>{t(FINDING_NAME_KEYS.action(finding.action))}</Row>
        <Row label={t('panel.findingViewer.field.status')}>{t(FINDING_NAME_KEYS.status(finding.status))}</Row>
      </dl>
      {finding.description && <p className="text-sm whitespace-pre-wrap">{finding.description}</p>}
      {detail.data && detail.data.history.length > 1 && (
        <div className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800" data-testid="finding-history">
          <p className="mb-1 font-semibold">{t('panel.findingViewer.history')}</p>
          <ol className="flex flex-col gap-0.5">
            {detail.data.history.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-2">
                <span className={entry.id === finding.id ? 'font-semibold' : ''}>{entry.year}</span>
                <span className="text-xs">{sizeText(entry.length_mm, entry.width_mm, t, locale)}</span>
                <SeverityBadge severity={entry.severity} compact />
              </li>
            ))}
          </ol>
          {detail.data.growth.since_previous && (
            <GrowthLine
              as="p"
              className="mt-2 text-xs"
              growth={detail.data.growth.since_previous}
              to={finding.severity}
              testId="finding-growth-previous"
            />
          )}
          {detail.data.growth.since_first &&
            detail.data.growth.since_first.from_year !== detail.data.growth.since_previous?.from_year && (
              <GrowthLine
                as="p"
                className="text-xs"
                growth={detail.data.growth.since_first}
                to={finding.severity}
                testId="finding-growth-first"
              />
            )}
          <Link
            to="/turbine/$turbineId/findings/$findingId/track"
            params={{ turbineId, findingId: finding.id }}
            className="mt-2 inline-block text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
            data-testid="finding-track-link"
          >
            {t('panel.findingViewer.showTrack')}
          </Link>
        </div>
      )}
      {canEdit && detail.data && <LinkToEarlier turbineId={turbineId} finding={detail.data} />}
      <FindingRepair turbineId={turbineId} finding={finding} />
      <div className="flex flex-wrap gap-2">
        {canEdit && (!released || canRelease) && (
          <button type="button" className="btn-secondary" onClick={onEdit} data-testid="finding-edit">
            {t('panel.action.edit')}
          </button>
        )}
        {canRelease && (
          <button
            type="button"
            className={released ? 'btn-secondary' : 'btn-primary'}
            disabled={release.isPending}
            onClick={() => setStage(released ? 'draft' : 'released')}
            data-testid={released ? 'finding-withdraw' : 'finding-release'}
          >
            {released ? t('panel.findingViewer.withdraw') : t('panel.findingViewer.release')}
          </button>
        )}
        {canEdit && (!released || canRelease) && (
          <button
            type="button"
            className="btn-ghost text-red-700 dark:text-red-300"
            onClick={() => setDeleting(true)}
            data-testid="finding-delete"
          >
            {t('panel.action.delete')}
          </button>
        )}
      </div>
      {deleting && (
        <ConfirmDialog
          title={t('panel.findingViewer.deleteTitle')}
          confirmLabel={t('panel.action.delete')}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(finding.id, {
              onError: (error) => {
                toast.error(errorMessage(error, language));
                setDeleting(false);
              },
            })
          }
          onClose={() => setDeleting(false)}
          testId="delete-finding-dialog"
        >
          <p>{t('panel.findingViewer.deleteMessage', { finding: findingSummary(finding, t, locale) })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
