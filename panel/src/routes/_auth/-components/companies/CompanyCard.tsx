import { type Company } from '@kanat360/contracts';
import { type ReactNode, useId } from 'react';
import { Initials, initialsOf } from '@/components/Initials';
import { EmailText } from '@/components/EmailText';
import { StrokeIcon } from '@/components/StrokeIcon';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';
import { telHref } from './contact-links';

const LINK = 'text-brand-800 underline-offset-2 hover:underline dark:text-brand-300';

function Detail({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

function NotProvided() {
  const { t } = useI18n();
  return <span className="text-slate-600 italic dark:text-slate-400">{t('panel.companies.notProvided')}</span>;
}

/** One partner company: who to contact, where it is, how many users and turbines it has, and its actions. */
export function CompanyCard({
  company,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  company: Company;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, language } = useI18n();
  const titleId = useId();
  return (
    <article className="card flex h-full flex-col" aria-labelledby={titleId} data-testid="company-card">
      <div className="flex items-center gap-4 border-b border-slate-200 px-6 py-5 dark:border-slate-800">
        <Initials text={initialsOf(company.name)} size="md" />
        <h2 id={titleId} className="min-w-0 flex-1 text-lg font-semibold break-words" data-testid="company-name">
          {company.name}
        </h2>
      </div>

      <dl className="grid flex-1 grid-cols-2 content-start gap-x-6 gap-y-4 px-6 py-5">
        <Detail label={t('panel.companies.field.contactEmail')}>
          {company.contact_email ? (
            <a href={`mailto:${company.contact_email}`} className={LINK} title={company.contact_email}>
              <EmailText email={company.contact_email} />
            </a>
          ) : (
            <NotProvided />
          )}
        </Detail>
        <Detail label={t('panel.companies.field.phone')}>
          {company.phone ? (
            <a href={telHref(company.phone)} className={LINK}>
              {company.phone}
            </a>
          ) : (
            <NotProvided />
          )}
        </Detail>
        <Detail label={t('panel.companies.field.authorizedNumber')}>
          {company.authorized_number ?? <NotProvided />}
        </Detail>
        <Detail label={t('panel.companies.field.createdAt')}>
          <time dateTime={company.created_at}>{formatDate(company.created_at, language)}</time>
        </Detail>
        <Detail label={t('panel.companies.field.address')} className="col-span-2">
          {company.address ?? <NotProvided />}
        </Detail>
        <Detail label={t('panel.companies.field.users')}>
          <span className="font-semibold tabular-nums" data-testid="company-user-count">
            {company.user_count}
          </span>
        </Detail>
        <Detail label={t('panel.companies.field.turbines')}>
          <span className="font-semibold tabular-nums" data-testid="company-turbine-count">
            {company.turbine_count}
          </span>
        </Detail>
      </dl>

      {(canEdit || canDelete) && (
        <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-3 dark:border-slate-800">
          {canEdit && (
            <button
              type="button"
              className="btn-secondary"
              aria-label={t('panel.companies.editLabel', { name: company.name })}
              onClick={onEdit}
            >
              <StrokeIcon className="size-4">
                <path d="m16.862 4.487 1.687-1.688a1.875 1.875 0 1 1 2.652 2.652L10.582 16.07a4.5 4.5 0 0 1-1.897 1.13L6 18l.8-2.685a4.5 4.5 0 0 1 1.13-1.897l8.932-8.931Zm0 0L19.5 7.125M18 14v4.75A2.25 2.25 0 0 1 15.75 21H5.25A2.25 2.25 0 0 1 3 18.75V8.25A2.25 2.25 0 0 1 5.25 6H10" />
              </StrokeIcon>
              {t('panel.action.edit')}
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              className="btn border border-red-300 bg-white text-red-800 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950"
              aria-label={t('panel.companies.deleteLabel', { name: company.name })}
              onClick={onDelete}
            >
              <StrokeIcon className="size-4">
                <path d="m14.74 9-.346 9m-4.788 0L9.26 9m9.968-3.21c.342.052.682.107 1.022.166m-1.022-.165L18.16 19.673a2.25 2.25 0 0 1-2.244 2.077H8.084a2.25 2.25 0 0 1-2.244-2.077L4.772 5.79m14.456 0a48.108 48.108 0 0 0-3.478-.397m-12 .562c.34-.059.68-.114 1.022-.165m0 0a48.11 48.11 0 0 1 3.478-.397m7.5 0v-.916c0-1.18-.91-2.164-2.09-2.201a51.964 51.964 0 0 0-3.32 0c-1.18.037-2.09 1.022-2.09 2.201v.916m7.5 0a48.667 48.667 0 0 0-7.5 0" />
              </StrokeIcon>
              {t('panel.action.delete')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
