import { errorMessage } from '@kanat360/api-client';
import { type User } from '@kanat360/contracts';
import { translator } from '@kanat360/i18n/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useDeleteUser, userListQueryOptions } from '@/api/users';
import { EmptyState } from '@/components/EmptyState';
import { PageHeading } from '@/components/PageHeading';
import { SearchInput } from '@/components/SearchInput';
import { StrokeIcon } from '@/components/StrokeIcon';
import { languageAtom, useI18n } from '@/i18n/language';
import { usePageTitle } from '@/components/use-page-title';
import { loadSessionUser } from '@/session/load-session-user';
import { hasPermission } from '@/session/session-user';
import { useCan, useSessionUser } from '@/session/use-session';
import { appStore } from '@/state/store';
import { showToastAtom, useToast } from '@/toast/toast-store';
import { loadCompanyOptions, useCompanyOptions } from '@/forms/company-options';
import { useUrlSearchText } from '@/search/use-url-search-text';
import { ChangePasswordModal } from './-components/users/ChangePasswordModal';
import { DeleteUserDialog } from './-components/users/DeleteUserDialog';
import { filterUsers, userSearchParams } from './-components/users/user-search';
import { UserFormModal } from './-components/users/UserFormModal';
import { type UserAction, UsersTable } from './-components/users/UsersTable';

export const Route = createFileRoute('/_auth/users')({
  validateSearch: userSearchParams,
  loader: async ({ context: { queryClient }, preload }) => {
    const user = await loadSessionUser(queryClient);
    if (!hasPermission(user, 'user.read')) {
      // Spec §2: only who may manage users stays; the others go back to the turbine list, told why. No user list
      // is asked for (the server would refuse it anyway). A preload (hovering a link) stays silent.
      if (!preload) {
        const t = translator(appStore.get(languageAtom));
        appStore.set(showToastAtom, { type: 'error', message: t('panel.unauthorized.general') });
      }
      // The router's contract: a thrown redirect (a Response, not an Error) ends the load and navigates.
      throw redirect({ to: '/', replace: true });
    }
    await Promise.all([
      queryClient.ensureQueryData(userListQueryOptions()),
      // The forms' company picker: every company for who may read them, otherwise only the viewer's own.
      loadCompanyOptions(queryClient, user),
    ]);
  },
  component: UsersPage,
});

type OpenDialog = { kind: 'add' } | { kind: UserAction; user: User } | null;

function UsersPage() {
  const { t, language } = useI18n();
  usePageTitle(t('panel.users.title'));
  const toast = useToast();
  const viewer = useSessionUser();
  const { data: users } = useSuspenseQuery(userListQueryOptions());
  const canCreate = useCan('user.create');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);

  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  const pushQuery = useCallback(
    (value: string) => void navigate({ search: (prev) => ({ ...prev, q: value || undefined }), replace: true }),
    [navigate],
  );
  const [query, setQuery] = useUrlSearchText(q, pushQuery);

  const shown = useMemo(() => filterUsers(users, query), [users, query]);
  const options = useCompanyOptions();
  // Here, not in the dialog: the outcome is toasted even when the dialog was closed while the call ran.
  const deleteUser = useDeleteUser(() => undefined);

  const confirmDelete = (user: User) =>
    deleteUser.mutate(user.id, {
      onError: (error) => toast.error(errorMessage(error, language)),
      // Closes this user's confirmation either way, but not a dialog opened since.
      onSettled: () =>
        setDialog((current) => (current?.kind === 'delete' && current.user.id === user.id ? null : current)),
    });

  return (
    <>
      <PageHeading
        title={t('panel.users.title')}
        summary={
          query.trim()
            ? t('panel.users.summaryFiltered', { total: users.length, shown: shown.length })
            : t('panel.users.summary', { total: users.length })
        }
        actions={
          canCreate && (
            <button type="button" className="btn-primary" onClick={() => setDialog({ kind: 'add' })}>
              <StrokeIcon className="size-4">
                <path d="M12 4.5v15m7.5-7.5h-15" />
              </StrokeIcon>
              {t('panel.users.add')}
            </button>
          )
        }
      />
      <div className="mb-4" role="search" aria-label={t('panel.users.searchLabel')}>
        <SearchInput
          label={t('panel.users.searchLabel')}
          placeholder={t('panel.users.searchPlaceholder')}
          value={query}
          onChange={setQuery}
          className="w-96"
        />
      </div>
      {users.length === 0 ? (
        <EmptyState title={t('panel.users.empty')} />
      ) : shown.length === 0 ? (
        <EmptyState title={t('panel.users.noResults')}>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('panel.users.noResultsHint', { query: query.trim() })}
          </p>
          <button type="button" className="btn-secondary" onClick={() => setQuery('')}>
            {t('panel.users.clearSearch')}
          </button>
        </EmptyState>
      ) : (
        <UsersTable users={shown} viewer={viewer} onAction={(kind, user) => setDialog({ kind, user })} />
      )}

      {dialog?.kind === 'add' && <UserFormModal user={null} viewer={viewer} companies={options} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <UserFormModal user={dialog.user} viewer={viewer} companies={options} onClose={close} />
      )}
      {dialog?.kind === 'password' && <ChangePasswordModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteUserDialog
          user={dialog.user}
          busy={deleteUser.isPending}
          onConfirm={() => confirmDelete(dialog.user)}
          onClose={close}
        />
      )}
    </>
  );
}
