import { ApiError, errorMessage } from '@kanat360/api-client';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FullPageMessage } from '@/components/FullPageMessage';
import { StaleChunkScreen } from '@/components/StaleChunkScreen';
import { StrokeIcon } from '@/components/StrokeIcon';
import { CatalogAreas } from '@/i18n/CatalogAreas';
import { useI18n } from '@/i18n/language';
import { usePageTitle } from '@/components/use-page-title';
import { isStaleChunkError } from '@/stale-chunks';
import { InvalidTurbineIdError } from './turbine-route';

/**
 * Spec §2's three failures of a turbine screen: an address whose id is not a number ("Geçersiz türbin ID"), a
 * turbine that is not there or not the user's company's ("Türbin bulunamadı"), and a load that failed ("Hata
 * Oluştu", with a retry that loads again).
 */
export function TurbineErrorScreen(props: ErrorComponentProps) {
  return (
    <CatalogAreas areas={['workspace']}>
      <TurbineErrorMessage {...props} />
    </CatalogAreas>
  );
}

function TurbineErrorMessage({ error, reset }: ErrorComponentProps) {
  const { t, language } = useI18n();
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);

  // The router hands a params failure over wrapped in a PathParamError whose cause is ours.
  const invalid =
    error instanceof InvalidTurbineIdError || (error instanceof Error && error.cause instanceof InvalidTurbineIdError);
  const missing = error instanceof ApiError && error.code === 'TURBINE_NOT_FOUND';
  const title = invalid
    ? t('panel.turbine.invalidId')
    : missing
      ? t('panel.turbine.notFound')
      : t('panel.turbine.loadFailedTitle');
  const stale = isStaleChunkError(error);
  usePageTitle(stale ? t('panel.staleChunk.title') : title);
  // A 401 has already sent the browser to the sign-in page (the API client's onUnauthorized).
  if (error instanceof ApiError && error.status === 401) {
    return <FullPageMessage busy>{t('panel.session.redirecting')}</FullPageMessage>;
  }
  // A viewer's code that failed to load (the panel was updated): not a turbine's failure.
  if (stale) return <StaleChunkScreen />;

  const retry = () => {
    reset();
    void router.invalidate();
  };

  return (
    <section className="card mx-auto mt-10 w-full max-w-lg p-8" role="alert" data-testid="turbine-error">
      <div className="flex items-start gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
          <StrokeIcon className="size-5">
            <path d="M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z" />
          </StrokeIcon>
        </span>
        <div>
          <h1 className="text-xl font-semibold">{title}</h1>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {invalid
              ? t('panel.turbine.invalidIdHint')
              : missing
                ? t('panel.turbine.notFoundHint')
                : `${t('panel.turbine.loadFailed')} (${errorMessage(error, language)})`}
          </p>
        </div>
      </div>
      <div className="mt-6 flex gap-3">
        {!invalid && !missing && (
          <button type="button" className="btn-primary" onClick={retry}>
            {t('common.tryAgain')}
          </button>
        )}
        <Link to="/" className={invalid || missing ? 'btn-primary' : 'btn-secondary'}>
          {t('panel.turbine.backToTurbines')}
        </Link>
      </div>
    </section>
  );
}
