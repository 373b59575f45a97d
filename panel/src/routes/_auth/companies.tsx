import { type Company } from '@kanat360/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { companyListQueryOptions } from '@/api/companies';
import { EmptyState } from '@/components/EmptyState';
import { PageHeading } from '@/components/PageHeading';
import { SearchInput } from '@/components/SearchInput';
import { StrokeIcon } from '@/components/StrokeIcon';
import { UnauthorizedScreen } from '@/components/UnauthorizedScreen';
import { useI18n, loadCatalogAreas } from '@/i18n/language';
import { usePageTitle } from '@/components/use-page-title';
import { loadSessionUser } from '@/session/load-session-user';
import { hasPermission } from '@/session/session-user';
import { useCan } from '@/session/use-session';
import { CompanyCard } from './-components/companies/CompanyCard';
import { CompanyFormModal } from './-components/companies/CompanyFormModal';
import { companiesSearchSchema, filterCompanies } from './-components/companies/company-search';
import { DeleteCompanyDialog } from './-components/companies/DeleteCompanyDialog';
import { useUrlSearchText } from '@/search/use-url-search-text';

/**
 * Partner management (spec §2 "/dashboard/companies"): superadmin only. Anyone else gets the unauthorized screen
 * and is never made to ask the server for the list (it would refuse anyway).
 */
export const Route = createFileRoute('/_auth/companies')({
  beforeLoad: () => loadCatalogAreas('admin'),
  validateSearch: companiesSearchSchema,
  loader: async ({ context: { queryClient } }) => {
    const user = await loadSessionUser(queryClient);
    if (hasPermission(user, 'company.read')) await queryClient.ensureQueryData(companyListQueryOptions());
  },
  component: CompaniesPage,
});

function CompaniesPage() {
  const { t } = useI18n();
  const canRead = useCan('company.read');
  if (!canRead) return <UnauthorizedScreen message={t('panel.unauthorized.companies')} />;
  return <CompanyManagement />;
}

/** Which modal is open: the form (adding, or editing a company) or the delete confirmation. */
type OpenModal = { kind: 'add' } | { kind: 'edit'; company: Company } | { kind: 'delete'; company: Company } | null;

function CompanyManagement() {
  const { t } = useI18n();
  usePageTitle(t('panel.companies.title'));
  const { data: companies } = useSuspenseQuery(companyListQueryOptions());
  const { q = '' } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The URL follows the box, replacing its entry so typing leaves no trail in the history.
  const [term, search] = useUrlSearchText(q, (value) => {
    void navigate({ search: (previous) => ({ ...previous, q: value || undefined }), replace: true });
  });
  const [modal, setModal] = useState<OpenModal>(null);
  const canCreate = useCan('company.create');
  const canUpdate = useCan('company.update');
  const canDelete = useCan('company.delete');

  const shown = filterCompanies(companies, term);
  const searching = term.trim() !== '';
  const close = () => setModal(null);

  return (
    <>
      <PageHeading
        title={t('panel.companies.title')}
        summary={
          searching
            ? t('panel.companies.summaryFiltered', { shown: shown.length, total: companies.length })
            : t('panel.companies.summary', { total: companies.length })
        }
        actions={
          <>
            <SearchInput
              label={t('panel.companies.search.label')}
              placeholder={t('panel.companies.search.placeholder')}
              value={term}
              onChange={search}
            />
            {canCreate && (
              <button type="button" className="btn-primary" onClick={() => setModal({ kind: 'add' })}>
                <StrokeIcon className="size-4">
                  <path d="M12 4.5v15m7.5-7.5h-15" />
                </StrokeIcon>
                {t('panel.companies.add')}
              </button>
            )}
          </>
        }
      />

      {companies.length === 0 ? (
        <EmptyState title={t('panel.companies.empty')}>
          {canCreate && <p className="text-sm text-slate-700 dark:text-slate-300">{t('panel.companies.emptyHint')}</p>}
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState title={t('panel.companies.noResults')}>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('panel.companies.noResultsHint', { q: term.trim() })}
          </p>
          <button type="button" className="btn-secondary" onClick={() => search('')}>
            {t('panel.companies.clearSearch')}
          </button>
        </EmptyState>
      ) : (
        <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3" aria-label={t('panel.companies.listLabel')}>
          {shown.map((company) => (
            <li key={company.id}>
              <CompanyCard
                company={company}
                canEdit={canUpdate}
                canDelete={canDelete}
                onEdit={() => setModal({ kind: 'edit', company })}
                onDelete={() => setModal({ kind: 'delete', company })}
              />
            </li>
          ))}
        </ul>
      )}

      {modal?.kind === 'add' && <CompanyFormModal company={null} onClose={close} />}
      {modal?.kind === 'edit' && <CompanyFormModal key={modal.company.id} company={modal.company} onClose={close} />}
      {modal?.kind === 'delete' && <DeleteCompanyDialog company={modal.company} onClose={close} />}
    </>
  );
}
