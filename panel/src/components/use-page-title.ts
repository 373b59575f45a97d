import { useEffect } from 'react';
import { useI18n } from '@/i18n/language';

/** Each panel page names the browser tab after itself ("Türbin A-12 · Kanat360"), in the chosen language. */
export function usePageTitle(title: string | null): void {
  const { t } = useI18n();
  useEffect(() => {
    document.title = title ? t('panel.meta.pageTitle', { page: title }) : t('panel.meta.title');
  }, [title, t]);
}
