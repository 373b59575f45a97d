import { LIMITS } from '@kanat360/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useI18n } from '@/i18n/language';
import { useToast } from '@/toast/toast-store';
import { usePageTitle } from './use-page-title';

/**
 * A page this user may not open: the error toast, an explanation, and back to the turbine list after 2 s
 * (spec §2, §9). The server refuses the page's calls anyway; this only says so kindly.
 */
export function UnauthorizedScreen({ message }: { message: string }) {
  const { t } = useI18n();
  const toast = useToast();
  const navigate = useNavigate();
  const toasted = useRef(false);
  usePageTitle(t('panel.unauthorized.title'));

  useEffect(() => {
    if (!toasted.current) {
      toasted.current = true;
      toast.error(message);
    }
    const timer = window.setTimeout(() => void navigate({ to: '/', replace: true }), LIMITS.companyRedirectMs);
    return () => window.clearTimeout(timer);
  }, [message, navigate, toast]);

  return (
    <section
      className="card mx-auto max-w-lg p-8 text-center"
      data-testid="unauthorized"
      aria-labelledby="unauthorized-title"
    >
      <p className="text-5xl font-bold text-red-700 dark:text-red-300" aria-hidden="true">
        403
      </p>
      <h1 id="unauthorized-title" className="mt-3 text-xl font-semibold">
        {t('panel.unauthorized.title')}
      </h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{message}</p>
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400" role="status">
        {t('panel.unauthorized.redirecting')}
      </p>
    </section>
  );
}
