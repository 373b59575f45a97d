import { useAtom } from 'jotai';
import { useI18n } from '@/i18n/language';
import { themeAtom } from '@/theme/theme';
import { StrokeIcon } from '@/components/StrokeIcon';

/** Light/dark switch; pressed means dark. */
export function ThemeToggle() {
  const [theme, setTheme] = useAtom(themeAtom);
  const { t } = useI18n();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="btn-ghost w-9 px-0"
      aria-label={t('common.themeToggleLabel')}
      aria-pressed={dark}
      title={t('common.themeToggleLabel')}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
    >
      <StrokeIcon className="size-5">
        {dark ? (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
          </>
        ) : (
          <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79Z" />
        )}
      </StrokeIcon>
    </button>
  );
}
