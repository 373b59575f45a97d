import { type MessageKey } from '@kanat360/i18n';
import { Link } from '@tanstack/react-router';
import { useI18n } from '@/i18n/language';

/**
 * The turbine screen is long (three blades, three categories, reports, every photo): a bar under the header jumps
 * to each section. The filters in the address stay as they are.
 */
export function WorkspaceNav({
  turbineId,
  sections,
}: {
  turbineId: number;
  sections: { id: string; label: MessageKey }[];
}) {
  const { t } = useI18n();
  return (
    <nav
      aria-label={t('panel.turbine.sectionsLabel')}
      className="sticky top-16 z-30 -mx-2 mb-6 border-b border-slate-200 bg-slate-50/90 px-2 py-2 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90"
    >
      <ul className="flex flex-wrap gap-1">
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              to="/turbine/$turbineId"
              params={{ turbineId }}
              search={(previous) => previous}
              hash={section.id}
              className="btn-ghost h-8 text-sm"
            >
              {t(section.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
