import { type Repair, type RepairStatus } from '@kanat360/contracts';
import { useState } from 'react';
import { useCancelRepair, useUpdateRepair, useVerifyRepair } from '@/api/repairs';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';
import { RepairLink } from '@/components/RepairLink';
import { BoardColumnCards } from './BoardColumnCards';
import { CompleteRepairDialog } from './CompleteRepairDialog';
import { BOARD_COLUMNS, boardColumns, boardMove, boardTargets } from './repair-board';

/**
 * The repairs by status, a column each. A card is dragged to a column the server allows (its allowed_actions), or
 * moved with its "Move to" menu from the keyboard; cancelling asks first, completing asks for the note and photos.
 */
export function RepairBoard({
  repairs,
  counts,
  loadingMore = false,
}: {
  repairs: readonly Repair[];
  /** Each column's count while its cards are still coming in (else the cards are counted). */
  counts?: Record<RepairStatus, number> | undefined;
  loadingMore?: boolean;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [dragged, setDragged] = useState<Repair | null>(null);
  const [cancelling, setCancelling] = useState<Repair | null>(null);
  // Completing asks for the note and the after photos: the repair's page's own dialog.
  const [completing, setCompleting] = useState<Repair | null>(null);
  const onError = { onError: (error: Error) => toast.error(error.message) };
  const update = useUpdateRepair();
  const verify = useVerifyRepair();
  const cancel = useCancelRepair(() => setCancelling(null));
  const columns = boardColumns(repairs);

  const move = (repair: Repair, to: RepairStatus) => {
    const step = boardMove(repair, to);
    if (!step) return;
    const ref = { turbineId: repair.turbine_id, id: repair.id };
    switch (step.via) {
      case 'put':
        update.mutate({ ...ref, body: { status: to } }, onError);
        break;
      case 'verify':
        verify.mutate(ref, onError);
        break;
      case 'cancel':
        setCancelling(repair);
        break;
      case 'complete':
        setCompleting(repair);
        break;
    }
  };

  return (
    <div className="grid grid-cols-6 gap-3 overflow-x-auto" data-testid="repair-board">
      {BOARD_COLUMNS.map((status) => {
        const droppable = dragged !== null && boardMove(dragged, status) !== null;
        return (
          <section
            key={status}
            aria-label={t(`repairs.status.${status}`)}
            data-testid={`board-column-${status}`}
            className={`flex min-w-40 flex-col rounded-lg border p-2 ${
              droppable
                ? 'border-sky-500 bg-sky-50 dark:bg-sky-950'
                : 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-900'
            }`}
            onDragOver={(event) => {
              if (droppable) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged) move(dragged, status);
              setDragged(null);
            }}
          >
            <h2 className="mb-2 flex justify-between text-sm font-semibold">
              <span>{t(`repairs.status.${status}`)}</span>
              <span className="text-slate-600 dark:text-slate-400" data-testid={`board-count-${status}`}>
                {counts?.[status] ?? columns[status].length}
              </span>
            </h2>
            <BoardColumnCards
              repairs={columns[status]}
              footer={
                loadingMore && (
                  <p className="text-xs text-slate-600 dark:text-slate-400" role="status" data-testid="board-loading">
                    {t('common.loading')}
                  </p>
                )
              }
              renderCard={(repair) => {
                const targets = boardTargets(repair);
                return (
                  <div
                    draggable={targets.length > 0}
                    onDragStart={(event) => {
                      // Chromium starts no drag without data in the transfer, and drops one whose page changes
                      // during dragstart: the columns light up a task later.
                      event.dataTransfer.setData('text/plain', String(repair.id));
                      event.dataTransfer.effectAllowed = 'move';
                      setTimeout(() => setDragged(repair), 0);
                    }}
                    onDragEnd={() => setDragged(null)}
                    data-testid={`board-card-${repair.id}`}
                    className={`rounded-md border border-slate-200 bg-white p-2 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-800 ${
                      targets.length > 0 ? 'cursor-grab' : ''
                    }`}
                  >
                    <RepairLink
                      id={repair.id}
                      turbineId={repair.turbine_id}
                      className="font-medium hover:underline"
                      testId="board-card-link"
                    >
                      {repair.title}
                    </RepairLink>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {repair.turbine.name} · P{repair.priority}
                      {repair.due_date ? ` · ${repair.due_date}` : ''}
                    </p>
                    {targets.length > 0 && (
                      <label className="mt-1 block text-xs">
                        <span className="sr-only">{t('repairs.board.moveTo')}</span>
                        <select
                          className="input py-0.5 text-xs"
                          value=""
                          onChange={(event) => move(repair, event.target.value as RepairStatus)}
                        >
                          <option value="">{t('repairs.board.moveTo')}</option>
                          {targets.map((target) => (
                            <option key={target} value={target}>
                              {t(`repairs.status.${target}`)}
                            </option>
                          ))}
                        </select>
                      </label>
                    )}
                  </div>
                );
              }}
            />
          </section>
        );
      })}
      {completing && <CompleteRepairDialog repair={completing} onClose={() => setCompleting(null)} />}
      {cancelling && (
        <ConfirmDialog
          title={t('repairs.action.cancel')}
          confirmLabel={t('repairs.action.cancel')}
          busy={cancel.isPending}
          onClose={() => setCancelling(null)}
          onConfirm={() => cancel.mutate({ turbineId: cancelling.turbine_id, id: cancelling.id }, onError)}
          testId="repair-cancel-confirm"
        >
          <p>{t('repairs.board.cancelConfirm', { title: cancelling.title })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
