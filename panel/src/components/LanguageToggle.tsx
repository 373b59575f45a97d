import { useState } from 'react';
import { useI18n, useLanguage } from '@/i18n/language';
import { StrokeIcon } from '@/components/StrokeIcon';
import { useToast } from '@/toast/toast-store';

/**
 * Switches between Turkish and English; the button shows the language it switches to. The other language's texts
 * are fetched first (busy meanwhile); if they cannot be, the language stays and a toast says so.
 */
export function LanguageToggle() {
  const [language, setLanguage] = useLanguage();
  const { t } = useI18n();
  const toast = useToast();
  const [switching, setSwitching] = useState(false);
  const next = language === 'tr' ? 'en' : 'tr';
  const toggle = () => {
    setSwitching(true);
    setLanguage(next)
      .catch(() => toast.error(t('common.languageLoadFailed')))
      .finally(() => setSwitching(false));
  };
  return (
    <button type="button" className="btn-ghost" onClick={toggle} disabled={switching} aria-busy={switching}>
      <StrokeIcon className="size-4">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.7 3.75 5.7 3.75 9S14.5 18.3 12 21c-2.5-2.7-3.75-5.7-3.75-9S9.5 5.7 12 3Z" />
      </StrokeIcon>
      <span lang={next}>{t('common.languageToggle')}</span>
      {/* The name starts with the visible text (WCAG 2.5.3) and says what the button does. */}
      <span className="sr-only"> ({t('common.languageToggleLabel')})</span>
    </button>
  );
}
