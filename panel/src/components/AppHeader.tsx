import { Link } from '@tanstack/react-router';
import { useI18n } from '@/i18n/language';
import { BrandMark } from './BrandMark';
import { LanguageToggle } from './LanguageToggle';
import { LogoutButton } from './LogoutButton';
import { PanelNav } from './PanelNav';
import { ThemeToggle } from './ThemeToggle';
import { UserChip } from './UserChip';

/** The signed-in header: brand and the sections the user may open; who is signed in, language, theme, logout. */
export function AppHeader() {
  const { t } = useI18n();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-8">
        <div className="flex items-center gap-6">
          <Link to="/" className="rounded-lg">
            <BrandMark tagline />
          </Link>
          <PanelNav />
        </div>
        <div className="flex items-center gap-2" role="group" aria-label={t('panel.header.actionsLabel')}>
          <UserChip />
          <LanguageToggle />
          <ThemeToggle />
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
