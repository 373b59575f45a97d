import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '@/i18n/language';
import { BrandMark } from './BrandMark';
import { HeaderSlot } from './HeaderActions';
import { LanguageToggle } from './LanguageToggle';
import { LogoutButton } from './LogoutButton';
import { PanelNav } from './PanelNav';
import { StrokeIcon } from './StrokeIcon';
import { ThemeToggle } from './ThemeToggle';
import { UserChip } from './UserChip';

/**
 * The signed-in header: brand and the sections the user may open; the page's own buttons; who is signed in,
 * language, theme, logout. Below 1100 px wide (spec §2: "a hamburger menu on small widths") the sections and the
 * user's controls fold into a menu; the page's buttons stay in view.
 */
export function AppHeader() {
  const { t } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // A new page closes the menu.
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  // Escape and a click outside close it (spec §2: "Escape closes the open dropdown; clicking outside closes").
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-6 px-8">
        <div className="flex items-center gap-6">
          <Link to="/" className="rounded-lg">
            <BrandMark tagline />
          </Link>
          <div className="hidden min-[1100px]:block">
            <PanelNav />
          </div>
        </div>
        <div className="flex items-center gap-2">
          <HeaderSlot />
          <div
            className="hidden items-center gap-2 min-[1100px]:flex"
            role="group"
            aria-label={t('panel.header.actionsLabel')}
          >
            <UserChip />
            <LanguageToggle />
            <ThemeToggle />
            <LogoutButton />
          </div>
          <button
            ref={buttonRef}
            type="button"
            className="btn-icon min-[1100px]:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={t('panel.header.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <StrokeIcon className="size-6">
              {menuOpen ? <path d="M6 18 18 6M6 6l12 12" /> : <path d="M3.75 6.75h16.5M3.75 12h16.5m-16.5 5.25h16.5" />}
            </StrokeIcon>
          </button>
        </div>
      </div>
      {menuOpen && (
        <div
          ref={menuRef}
          id={menuId}
          className="border-t border-slate-200 bg-white px-8 py-4 shadow-lg min-[1100px]:hidden dark:border-slate-800 dark:bg-slate-900"
          data-testid="header-menu"
        >
          <div className="mx-auto flex max-w-7xl flex-col gap-4">
            <PanelNav vertical />
            <div
              className="flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4 dark:border-slate-800"
              role="group"
              aria-label={t('panel.header.actionsLabel')}
            >
              <UserChip withName />
              <LanguageToggle />
              <ThemeToggle />
              <LogoutButton />
            </div>
          </div>
        </div>
      )}
    </header>
  );
}
