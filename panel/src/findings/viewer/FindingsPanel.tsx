import { FINDING_NAME_KEYS, type Finding } from '@kanat360/contracts';
import { useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { findingsPanelOpenAtom, regionDraftAtom, toolInHandAtom, useViewerSession } from '@/media/viewer-session';
import { useCan } from '@/session/use-session';
import { findingSummary } from '../finding-summary';
import { SeverityBadge } from '../SeverityBadge';
import { FindingDetails } from './FindingDetails';
import { type FindingDrawTool } from './findings-layer';
import { FindingForm } from './FindingForm';
import { usePhotoFindings } from './use-photo-findings';

/** The tools that mark a new finding's region, and whether one is in hand. */
function RegionTools({ panorama }: { panorama: boolean }) {
  const { t } = useI18n();
  const [inHand, setInHand] = useAtom(toolInHandAtom);
  const chosen = inHand?.kind === 'region' ? inHand.tool : null;
  const tools: FindingDrawTool[] = panorama ? ['point'] : ['rectangle', 'polygon'];
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">{t('panel.findingViewer.new')}</p>
      <div className="flex gap-2">
        {tools.map((tool) => (
          <button
            key={tool}
            type="button"
            className={chosen === tool ? 'btn-primary flex-1' : 'btn-secondary flex-1'}
            aria-pressed={chosen === tool}
            onClick={() => setInHand(chosen === tool ? null : { kind: 'region', tool })}
            data-testid={`finding-tool-${tool}`}
          >
            {t(`panel.findingViewer.tool.${tool}`)}
          </button>
        ))}
      </div>
      {chosen && (
        <p className="text-xs text-slate-600 dark:text-slate-400" role="status" data-testid="finding-draw-hint">
          {t(`panel.findingViewer.hint.${chosen}`)}
        </p>
      )}
    </div>
  );
}

/**
 * The findings of the photo on screen, beside the viewer: the list (worst first), the open one with its track, and
 * for those who may edit, a new finding — draw its region with a tool, then fill the form. `drawable`: regions can
 * be drawn on what is shown (a ready photo or panorama, its current version).
 */
export function FindingsPanel({ drawable }: { drawable: boolean }) {
  const { t, locale } = useI18n();
  const { turbineId, item, findings: focus } = useViewerSession();
  const canEdit = useCan('finding.edit');
  const list = usePhotoFindings();
  const findings = list.data ?? [];
  const [draft, setDraft] = useAtom(regionDraftAtom);
  const setOpen = useSetAtom(findingsPanelOpenAtom);
  const setTool = useSetAtom(toolInHandAtom);
  const [editing, setEditing] = useState<number | null>(null);
  const selectedId = focus?.id ?? null;
  const select = (id: number | null) => focus?.onChange(id);
  const selected = findings.find((finding) => finding.id === selectedId) ?? null;
  const sorted = [...findings].sort((a, b) => b.severity - a.severity || a.id - b.id);
  const draftTarget = draft?.mediaId === item.id ? draft.target : null;
  const draftDone = (created: Finding | null) => {
    setDraft(null);
    if (created) select(created.id);
  };

  let body: React.ReactNode;
  if (draftTarget) {
    body = (
      <FindingForm
        key={`draft-${item.id}`}
        turbineId={turbineId}
        item={item}
        finding={null}
        target={draftTarget}
        onSaved={draftDone}
        onCancel={() => draftDone(null)}
      />
    );
  } else if (selected && editing === selected.id) {
    body = (
      <FindingForm
        key={`edit-${selected.id}`}
        turbineId={turbineId}
        item={item}
        finding={selected}
        target={selected.target}
        onSaved={() => setEditing(null)}
        onCancel={() => setEditing(null)}
      />
    );
  } else if (selected) {
    body = <FindingDetails finding={selected} onEdit={() => setEditing(selected.id)} onDeleted={() => select(null)} />;
  }

  return (
    <aside
      className="flex w-80 shrink-0 flex-col border-l border-slate-800 bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100"
      aria-label={t('panel.findingViewer.title')}
      data-testid="findings-panel"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 className="text-base font-semibold">
          {t('panel.findingViewer.title')}{' '}
          <span className="font-normal text-slate-500" data-testid="findings-count">
            ({findings.length})
          </span>
        </h2>
        <button
          type="button"
          className="btn-icon"
          aria-label={t('panel.findingViewer.hide')}
          title={t('panel.findingViewer.hide')}
          onClick={() => {
            setTool((inHand) => (inHand?.kind === 'region' ? null : inHand));
            setOpen(false);
          }}
          data-testid="findings-hide"
        >
          <StrokeIcon className="size-5">
            <path d="M6 18 18 6M6 6l12 12" />
          </StrokeIcon>
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
        {canEdit && drawable && !draftTarget && <RegionTools panorama={item.is_panorama} />}
        {body}
        <div>
          {list.isPending && <p className="text-sm text-slate-500">{t('common.loading')}</p>}
          {list.isError && (
            <p className="text-sm text-red-700 dark:text-red-300" role="alert">
              {t('panel.findingViewer.loadFailed')}
            </p>
          )}
          {list.isSuccess && findings.length === 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="findings-empty">
              {t('panel.findingViewer.empty')}
            </p>
          )}
          <ul className="flex flex-col gap-1" data-testid="findings-list">
            {sorted.map((finding) => (
              <li key={finding.id}>
                <button
                  type="button"
                  className={`flex w-full cursor-pointer items-start gap-2 rounded-lg p-2 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800 ${finding.id === selectedId ? 'bg-brand-50 ring-1 ring-brand-300 dark:bg-brand-950 dark:ring-brand-700' : ''}`}
                  aria-current={finding.id === selectedId ? 'true' : undefined}
                  onClick={() => select(finding.id === selectedId ? null : finding.id)}
                  data-testid="findings-list-item"
                  data-finding-id={finding.id}
                >
                  <SeverityBadge severity={finding.severity} compact />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{findingSummary(finding, t, locale)}</span>
                    {finding.stage === 'draft' && (
                      <span className="text-xs text-amber-700 dark:text-amber-300">
                        {t(FINDING_NAME_KEYS.stage('draft'))}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </aside>
  );
}
