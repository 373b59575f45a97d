import { errorMessage } from '@kanat360/api-client';
import { LIMITS, type TurbineComment } from '@kanat360/contracts';
import { type MessageKey } from '@kanat360/i18n';
import { useQuery } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { type Ref, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { commentListQueryOptions, type CommentChange, useCommentChange } from '@/api/comments';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { StrokeIcon } from '@/components/StrokeIcon';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { useCan, useSessionUser } from '@/session/use-session';
import { useToast } from '@/toast/toast-store';

const EDIT_WINDOW_MS = LIMITS.commentEditWindowMinutes * 60_000;

/** An unsent comment per turbine: closing the drawer (or Escape) does not throw the text away. */
const commentDraftsAtom = atom<Record<number, string>>({});
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The comments button of the header (spec §2), with how many there are. */
export function CommentsButton({ turbineId, onClick }: { turbineId: number; onClick: () => void }) {
  const { t } = useI18n();
  const { data } = useQuery(commentListQueryOptions(turbineId));
  return (
    <button type="button" className="btn-secondary" onClick={onClick} data-testid="comments-button">
      <StrokeIcon className="size-4">
        <path d="M8.625 12a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Zm4.125 0a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0Zm4.125 0a.375.375 0 1 1-.75 0 .375.375 0 0 1 .75 0ZM2.25 12.76c0 1.6 1.123 2.994 2.707 3.227 1.087.16 2.185.283 3.293.369V21l4.184-4.183a1.14 1.14 0 0 1 .778-.332 48.3 48.3 0 0 0 5.83-.498c1.585-.233 2.708-1.626 2.708-3.228V6.741c0-1.602-1.123-2.995-2.707-3.228A48.4 48.4 0 0 0 12 3c-2.392 0-4.744.175-7.043.513C3.373 3.746 2.25 5.14 2.25 6.741v6.018Z" />
      </StrokeIcon>
      {t('panel.comments.button')}
      {data && (
        <span className="badge bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100">{data.length}</span>
      )}
    </button>
  );
}

/**
 * Why the caller may not change a comment now, or null when it may. The server's `can_edit` was true when the list
 * came; a comment also passes its 60 minutes while the drawer is open, so the window is checked against the clock.
 */
function refusal(comment: TurbineComment, moderator: boolean, userId: number, now: number): MessageKey | null {
  if (moderator) return null;
  if (comment.user_id !== userId) return 'panel.comments.notYours';
  if (!comment.can_edit || now - Date.parse(comment.created_at) >= EDIT_WINDOW_MS) return 'panel.comments.windowPassed';
  return null;
}

/** A text box for a comment, with spec §5's 500-character limit and its counter. */
function CommentField({
  value,
  onChange,
  label,
  autoFocus = false,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLTextAreaElement>;
}) {
  const { t } = useI18n();
  const counterId = useId();
  return (
    <div>
      <textarea
        ref={inputRef}
        className="input h-24 resize-none py-2"
        maxLength={LIMITS.commentMaxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-label={label}
        aria-describedby={counterId}
        autoFocus={autoFocus}
      />
      <p
        id={counterId}
        className="mt-1 text-right text-xs text-slate-600 dark:text-slate-400"
        data-testid="comment-counter"
      >
        {t('panel.comments.counter', { n: value.length, max: LIMITS.commentMaxLength })}
      </p>
    </div>
  );
}

function CommentItem({
  comment,
  now,
  onChange,
  busy,
}: {
  comment: TurbineComment;
  now: number;
  onChange: (change: CommentChange) => Promise<boolean>;
  busy: boolean;
}) {
  const { t, language } = useI18n();
  const user = useSessionUser();
  const moderator = useCan('comment.moderate');
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reasonId = useId();
  const reason = refusal(comment, moderator, user.id, now);
  const long = comment.comment.length > LIMITS.commentCollapseAt;
  const shown = long && !expanded ? `${comment.comment.slice(0, LIMITS.commentCollapseAt)}…` : comment.comment;
  const edited = comment.updated_at !== comment.created_at;

  return (
    <li className="space-y-1.5 py-3" data-testid="comment" data-comment-id={comment.id}>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-medium">{comment.user_name}</p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          <time dateTime={comment.created_at}>{formatDate(comment.created_at, language, DATE_TIME)}</time>
          {edited && <span data-testid="comment-edited"> {t('panel.comments.edited')}</span>}
        </p>
      </div>
      {editing === null ? (
        <>
          <p className="text-sm break-words whitespace-pre-wrap" data-testid="comment-text">
            {shown}
          </p>
          {long && (
            <button
              type="button"
              className="text-xs font-medium text-brand-800 hover:underline dark:text-brand-300"
              aria-expanded={expanded}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? t('panel.comments.showLess') : t('panel.comments.showMore')}
            </button>
          )}
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <button
              type="button"
              className="btn-ghost h-7 px-2 text-xs"
              disabled={reason !== null}
              aria-describedby={reason ? reasonId : undefined}
              onClick={() => setEditing(comment.comment)}
            >
              {t('panel.action.edit')}
            </button>
            <button
              type="button"
              className="btn-ghost h-7 px-2 text-xs text-red-700 dark:text-red-400"
              disabled={reason !== null}
              aria-describedby={reason ? reasonId : undefined}
              onClick={() => setConfirming(true)}
            >
              {t('panel.action.delete')}
            </button>
            {reason && (
              <span id={reasonId} className="text-xs text-slate-600 dark:text-slate-400" data-testid="comment-reason">
                {t(reason)}
              </span>
            )}
          </div>
        </>
      ) : (
        <form
          className="space-y-2"
          onKeyDown={(event) => {
            // Escape leaves the edit, not the drawer: one key press never throws away more than the edit.
            if (event.key !== 'Escape') return;
            event.preventDefault();
            event.stopPropagation();
            setEditing(null);
          }}
          onSubmit={(event) => {
            event.preventDefault();
            void onChange({ kind: 'edit', id: comment.id, comment: editing.trim() }).then((ok) => {
              if (ok) setEditing(null);
            });
          }}
        >
          <CommentField value={editing} onChange={setEditing} label={t('panel.comments.editLabel')} autoFocus />
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary h-8" onClick={() => setEditing(null)}>
              {t('panel.action.cancel')}
            </button>
            <button type="submit" className="btn-primary h-8" disabled={busy || editing.trim() === ''}>
              {t('panel.comments.save')}
            </button>
          </div>
        </form>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('panel.comments.deleteTitle')}
          confirmLabel={t('panel.action.delete')}
          busy={busy}
          onConfirm={() => void onChange({ kind: 'delete', id: comment.id }).then(() => setConfirming(false))}
          onClose={() => setConfirming(false)}
          testId="delete-comment-dialog"
        >
          <p>{t('panel.comments.deleteConfirm')}</p>
        </ConfirmDialog>
      )}
    </li>
  );
}

const FAILURE: Record<CommentChange['kind'], MessageKey> = {
  add: 'panel.comments.addFailed',
  edit: 'panel.comments.editFailed',
  delete: 'panel.comments.deleteFailed',
};

/**
 * Spec §2's comments drawer: the turbine's comments, a new one, editing and deleting where the server allows it
 * (the author for 60 minutes, a superadmin always), with the reason shown where it does not. Escape or the close
 * button closes it, and focus goes back where it was. Independent of the page, so every turbine screen can use it.
 */
export function CommentsDrawer({ turbineId, onClose }: { turbineId: number; onClose: () => void }) {
  const { t, language } = useI18n();
  const toast = useToast();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [drafts, setDrafts] = useAtom(commentDraftsAtom);
  const draft = drafts[turbineId] ?? '';
  const setDraft = (text: string) => setDrafts((all) => ({ ...all, [turbineId]: text }));
  const [now, setNow] = useState(() => Date.now());
  const list = useQuery(commentListQueryOptions(turbineId));
  const change = useCommentChange(turbineId);
  const scroller = useRef<HTMLDivElement>(null);
  const count = list.data?.length ?? 0;
  const newBox = useRef<HTMLTextAreaElement>(null);
  // The newest comment is the last one, beside the box where the next is written: show it on opening and adding.
  // A deleted comment takes its confirmation (where the focus was) with it: the focus goes to that box, so it stays
  // in the drawer and Escape still closes it.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
    if (dialog.current?.open && !dialog.current.contains(document.activeElement)) newBox.current?.focus();
  }, [count]);

  useLayoutEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);
  // The edit window runs out while the drawer is open: the buttons follow the clock.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const apply = async (next: CommentChange): Promise<boolean> => {
    try {
      const answer = await change.mutateAsync(next);
      if (answer.message) toast.success(answer.message);
      return true;
    } catch (error) {
      toast.error(`${t(FAILURE[next.kind])}: ${errorMessage(error, language)}`);
      return false;
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-md border-l border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      data-testid="comments-drawer"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('panel.comments.title')}
          </h2>
          <button type="button" className="btn-icon" aria-label={t('panel.modal.close')} onClick={onClose}>
            <StrokeIcon className="size-5">
              <path d="M6 18 18 6M6 6l12 12" />
            </StrokeIcon>
          </button>
        </header>
        <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-5">
          {list.isPending ? (
            <p className="py-4 text-sm text-slate-600 dark:text-slate-400" role="status">
              {t('panel.comments.loading')}
            </p>
          ) : list.isError ? (
            <p className="py-4 text-sm text-red-700 dark:text-red-300" role="alert">
              {t('panel.comments.loadFailed')}{' '}
              <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
                {t('common.tryAgain')}
              </button>
            </p>
          ) : list.data.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400" data-testid="comments-empty">
              {t('panel.comments.empty')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {list.data.map((comment) => (
                <CommentItem key={comment.id} comment={comment} now={now} onChange={apply} busy={change.isPending} />
              ))}
            </ul>
          )}
        </div>
        <form
          className="space-y-2 border-t border-slate-200 px-5 py-4 dark:border-slate-800"
          onSubmit={(event) => {
            event.preventDefault();
            void apply({ kind: 'add', comment: draft.trim() }).then((ok) => {
              if (ok) setDraft('');
            });
          }}
        >
          <CommentField value={draft} onChange={setDraft} label={t('panel.comments.newLabel')} inputRef={newBox} />
          <div className="flex justify-end">
            <button type="submit" className="btn-primary" disabled={change.isPending || draft.trim() === ''}>
              {t('panel.comments.send')}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
