import { Link } from '@tanstack/react-router';
import { useI18n } from '@/i18n/language';
import { BrandMark } from './BrandMark';
import { usePageTitle } from './use-page-title';

export function NotFoundScreen() {
  const { t } = useI18n();
  usePageTitle(t('panel.notFound.title'));
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-6 p-8" data-testid="not-found">
      <BrandMark />
      <section className="card w-full max-w-lg p-8 text-center" aria-labelledby="not-found-title">
        <p className="text-5xl font-bold text-brand-700 dark:text-brand-300" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="mt-3 text-xl font-semibold">
          {t('panel.notFound.title')}
        </h1>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t('panel.notFound.message')}</p>
        <Link to="/" className="btn-primary mt-6">
          {t('common.goHome')}
        </Link>
      </section>
    </main>
  );
}
