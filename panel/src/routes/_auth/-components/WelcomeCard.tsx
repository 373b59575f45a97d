import { type SessionUser } from '@kanat360/contracts';
import { formatDate } from '@/i18n/format-date';
import { useI18n } from '@/i18n/language';

function initials(user: SessionUser): string {
  return `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`.toLocaleUpperCase('tr-TR');
}

/** Who is signed in: name, role, company and email. */
export function WelcomeCard({ user }: { user: SessionUser }) {
  const { t, language } = useI18n();
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const today = new Date();

  return (
    <section className="card overflow-hidden" aria-labelledby="welcome-title">
      <div className="flex items-center gap-5 border-b border-slate-200 bg-gradient-to-r from-brand-50 to-white px-8 py-7 dark:border-slate-800 dark:from-brand-900/40 dark:to-slate-900">
        <span
          className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-semibold text-white dark:bg-brand-300 dark:text-slate-950"
          aria-hidden="true"
        >
          {initials(user)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 id="welcome-title" className="truncate text-2xl font-semibold tracking-tight">
            {t('panel.welcome.title', { name: user.first_name })}
          </h1>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('panel.welcome.subtitle')}</p>
        </div>
        <time dateTime={today.toISOString().slice(0, 10)} className="text-sm text-slate-600 dark:text-slate-400">
          {formatDate(today, language, { dateStyle: 'full' })}
        </time>
      </div>

      <div className="px-8 py-7">
        <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {t('panel.welcome.detailsTitle')}
        </h2>
        <dl className="mt-5 grid grid-cols-2 gap-x-10 gap-y-6 xl:grid-cols-4">
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('panel.user.name')}</dt>
            <dd className="mt-1 text-base font-medium" data-testid="user-name">
              {fullName}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('panel.user.role')}</dt>
            <dd className="mt-1">
              <span
                className="inline-flex items-center rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-medium text-brand-900 dark:bg-brand-900 dark:text-brand-100"
                data-testid="user-role"
              >
                {t(`roles.${user.role}`)}
              </span>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('panel.user.company')}</dt>
            <dd className="mt-1 text-base font-medium" data-testid="user-company">
              {user.company_name}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{t('panel.user.email')}</dt>
            <dd className="mt-1 text-base break-all">
              <a
                href={`mailto:${user.email}`}
                className="text-brand-800 underline-offset-2 hover:underline dark:text-brand-300"
              >
                {user.email}
              </a>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
