import { Link } from '@tanstack/react-router';
import { type ReactNode } from 'react';
import { useI18n } from '@/i18n/language';
import { BrandMark } from './BrandMark';
import { LanguageToggle } from './LanguageToggle';
import { LogoutButton } from './LogoutButton';
import { ThemeToggle } from './ThemeToggle';

/**
 * The signed-in header: brand on the left; on the right the page's own actions (`actions`, e.g. permission-gated
 * buttons of a later screen), then language, theme and logout.
 */
export function AppHeader({ actions }: { actions?: ReactNode }) {
  const { t } = useI18n();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-8">
        <Link to="/" className="rounded-lg">
          <BrandMark tagline />
        </Link>
        <div className="flex items-center gap-2" role="group" aria-label={t('panel.header.actionsLabel')}>
          {actions}
          <LanguageToggle />
          <ThemeToggle />
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
