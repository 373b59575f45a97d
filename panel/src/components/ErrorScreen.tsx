import { errorMessage } from '@kanat360/api-client';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useI18n } from '@/i18n/language';
import { isStaleChunkError } from '@/stale-chunks';
import { BrandMark } from './BrandMark';
import { StaleChunkScreen } from './StaleChunkScreen';
import { usePageTitle } from './use-page-title';

/** The router's fallback for an error no route handled: what happened, try again, or go home. */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const { t, language } = useI18n();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  const stale = isStaleChunkError(error);
  usePageTitle(stale ? t('panel.staleChunk.title') : t('panel.error.title'));

  // A failed query stays failed until its boundary is reset; without this "try again" would show the same error.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  const retry = () => {
    reset();
    void router.invalidate();
  };

  if (stale) return <StaleChunkScreen />;
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-6 p-8" data-testid="error-screen">
      <BrandMark />
      <section className="card w-full max-w-lg p-8" role="alert" aria-labelledby="error-title">
        <h1 id="error-title" className="text-xl font-semibold text-red-700 dark:text-red-300">
          {t('panel.error.title')}
        </h1>
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{errorMessage(error, language)}</p>
        <div className="mt-6 flex gap-3">
          <button type="button" className="btn-primary" onClick={retry}>
            {t('common.tryAgain')}
          </button>
          <Link to="/" className="btn-secondary" onClick={reset}>
            {t('common.goHome')}
          </Link>
        </div>
      </section>
    </main>
  );
}
