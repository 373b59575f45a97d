import { type User } from '@kanat360/contracts';
import { type ReactNode, useId } from 'react';
import { Initials, initialsOf } from '@/components/Initials';
import { RoleBadge } from '@/components/RoleBadge';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useI18n } from '@/i18n/language';
import { blockedReasons, type RowAction, rowActions, type Viewer } from './row-actions';
import { fullName } from './user-search';

export type UserAction = 'edit' | 'password' | 'delete';

const ICONS: Record<UserAction, ReactNode> = {
  edit: (
    <path d="m16.862 4.487 1.687-1.688a1.875 1.875 0 1 1 2.652 2.652L10.582 16.07a4.5 4.5 0 0 1-1.897 1.13L6 18l.8-2.685a4.5 4.5 0 0 1 1.13-1.897l8.932-8.931Zm0 0L19.5 7.125M18 14v4.75A2.25 2.25 0 0 1 15.75 21H5.25A2.25 2.25 0 0 1 3 18.75V8.25A2.25 2.25 0 0 1 5.25 6H10" />
  ),
  password: (
    <path d="M15.75 5.25a3 3 0 0 1 3 3m3 0a6 6 0 0 1-7.029 5.912c-.563-.097-1.159.026-1.563.43L10.5 17.25H8.25v2.25H6v2.25H2.25v-2.818c0-.597.237-1.17.659-1.591l6.499-6.499c.404-.404.527-1 .43-1.563A6 6 0 1 1 21.75 8.25Z" />
  ),
  delete: (
    <path d="m14.74 9-.346 9m-4.788 0L9.26 9m9.968-3.21c.342.052.682.107 1.022.166m-1.022-.165L18.16 19.673a2.25 2.25 0 0 1-2.244 2.077H8.084a2.25 2.25 0 0 1-2.244-2.077L4.772 5.79m14.456 0a48.108 48.108 0 0 0-3.478-.397m-12 .562c.34-.059.68-.114 1.022-.165m0 0a48.11 48.11 0 0 1 3.478-.397m7.5 0v-.916c0-1.18-.91-2.164-2.09-2.201a51.964 51.964 0 0 0-3.32 0c-1.18.037-2.09 1.022-2.09 2.201v.916m7.5 0a48.667 48.667 0 0 0-7.5 0" />
  ),
};

/** The user table of spec §2: who, email, role, company, status and the actions the viewer may take on each. */
export function UsersTable({
  users,
  viewer,
  onAction,
}: {
  users: readonly User[];
  viewer: Viewer;
  onAction: (action: UserAction, user: User) => void;
}) {
  const { t } = useI18n();
  const columnClass =
    'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300';
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-sm" data-testid="users-table">
        <caption className="sr-only">{t('panel.users.tableCaption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
          <tr>
            <th scope="col" className={columnClass}>
              {t('panel.users.column.user')}
            </th>
            <th scope="col" className={columnClass}>
              {t('panel.users.column.email')}
            </th>
            <th scope="col" className={columnClass}>
              {t('panel.users.column.role')}
            </th>
            <th scope="col" className={columnClass}>
              {t('panel.users.column.company')}
            </th>
            <th scope="col" className={columnClass}>
              {t('panel.users.column.status')}
            </th>
            <th scope="col" className={`${columnClass} text-right`}>
              {t('panel.users.column.actions')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {users.map((user) => (
            <UserRow key={user.id} user={user} viewer={viewer} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserRow({
  user,
  viewer,
  onAction,
}: {
  user: User;
  viewer: Viewer;
  onAction: (action: UserAction, user: User) => void;
}) {
  const { t } = useI18n();
  const reasonId = useId();
  const name = fullName(user);
  const actions = rowActions(user, viewer);
  const reasons = blockedReasons(actions);
  const isSelf = user.id === viewer.id;

  return (
    <tr data-testid="user-row" data-user-id={user.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <div className="flex items-center gap-3">
          <Initials text={initialsOf(user.first_name, user.last_name)} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium text-slate-900 dark:text-slate-100" data-testid="user-row-name">
                {name}
              </span>
              {isSelf && (
                <span className="badge bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100">
                  {t('panel.users.you')}
                </span>
              )}
              {user.is_protected && (
                <span className="badge gap-1 bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                  <StrokeIcon className="size-3">
                    <path d="M16.5 10.5V6.75a4.5 4.5 0 1 0-9 0v3.75m-.75 11.25h10.5a2.25 2.25 0 0 0 2.25-2.25v-6.75a2.25 2.25 0 0 0-2.25-2.25H6.75a2.25 2.25 0 0 0-2.25 2.25v6.75a2.25 2.25 0 0 0 2.25 2.25Z" />
                  </StrokeIcon>
                  {t('panel.users.protected')}
                </span>
              )}
            </div>
            <span className="text-xs text-slate-600 dark:text-slate-400">#{user.id}</span>
          </div>
        </div>
      </th>
      <td className="px-4 py-3 break-all text-slate-800 dark:text-slate-200">{user.email}</td>
      <td className="px-4 py-3">
        <RoleBadge role={user.role} />
      </td>
      <td className="px-4 py-3 text-slate-800 dark:text-slate-200">{user.company_name}</td>
      <td className="px-4 py-3">
        <StatusBadge active={user.is_active} />
      </td>
      <td className="px-4 py-3">
        <div className="flex items-center justify-end gap-1">
          {reasons.map((reason) => (
            <span key={reason} id={`${reasonId}-${reason}`} className="sr-only">
              {t(`errors.${reason}`)}
            </span>
          ))}
          {(['edit', 'password', 'delete'] as const).map((action) => (
            <ActionButton
              key={action}
              action={action}
              state={actions[action]}
              label={t(`panel.users.action.${action}`, { name })}
              reasonId={reasonId}
              onClick={() => onAction(action, user)}
            />
          ))}
        </div>
      </td>
    </tr>
  );
}

/**
 * An icon button named with the user's name. A blocked one stays focusable (aria-disabled, not disabled) so the
 * keyboard and screen readers reach the reason it is off, which also shows as its tooltip.
 */
function ActionButton({
  action,
  state,
  label,
  reasonId,
  onClick,
}: {
  action: UserAction;
  state: RowAction;
  label: string;
  reasonId: string;
  onClick: () => void;
}) {
  const { t } = useI18n();
  if (!state) return null;
  const reason = state.enabled ? null : state.reason;
  const danger = action === 'delete' ? 'text-red-700 dark:text-red-400' : '';
  return (
    <button
      type="button"
      className={`btn-icon ${danger} aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent`}
      aria-label={label}
      title={reason ? t(`errors.${reason}`) : label}
      aria-disabled={reason ? true : undefined}
      aria-describedby={reason ? `${reasonId}-${reason}` : undefined}
      data-action={action}
      onClick={reason ? undefined : onClick}
    >
      <StrokeIcon className="size-5">{ICONS[action]}</StrokeIcon>
    </button>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useI18n();
  return (
    <span
      className={`badge gap-1.5 ${active ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' : 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200'}`}
      data-testid="user-status"
    >
      <span
        className={`size-1.5 rounded-full ${active ? 'bg-emerald-600 dark:bg-emerald-400' : 'bg-slate-500'}`}
        aria-hidden="true"
      />
      {active ? t('panel.users.status.active') : t('panel.users.status.inactive')}
    </span>
  );
}
