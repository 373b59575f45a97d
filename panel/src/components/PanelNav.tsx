import { type Permission } from '@kanat360/contracts';
import { Link, type LinkProps } from '@tanstack/react-router';
import { type MessageKey } from '@kanat360/i18n';
import { useI18n } from '@/i18n/language';
import { useSessionUser } from '@/session/use-session';
import { hasPermission } from '@/session/session-user';

const SECTIONS: { to: LinkProps['to']; label: MessageKey; permission: Permission }[] = [
  { to: '/', label: 'panel.nav.turbines', permission: 'turbine.read' },
  { to: '/findings', label: 'panel.nav.findings', permission: 'finding.read' },
  // Field teams plan their campaign with it; customers see results (released findings, reports), not progress.
  { to: '/coverage', label: 'panel.nav.coverage', permission: 'coverage.read' },
  { to: '/companies', label: 'panel.nav.companies', permission: 'company.read' },
  { to: '/users', label: 'panel.nav.users', permission: 'user.read' },
];

/**
 * The panel's sections the signed-in user may open (spec §2's header buttons), from the permission map. Always
 * there, even with one section: from a turbine's screens, "Türbin Yönetimi" is the way back to the list.
 */
export function PanelNav({ vertical = false }: { vertical?: boolean }) {
  const { t } = useI18n();
  const user = useSessionUser();
  const sections = SECTIONS.filter((section) => hasPermission(user, section.permission));
  return (
    <nav aria-label={t('panel.nav.label')}>
      <ul className={vertical ? 'flex flex-col gap-1' : 'flex items-center gap-1'}>
        {sections.map((section) => (
          <li key={section.label}>
            <Link
              to={section.to}
              activeOptions={{ exact: true, includeSearch: false }}
              className="btn-ghost w-full justify-start aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900 dark:aria-[current=page]:bg-brand-900/50 dark:aria-[current=page]:text-brand-100"
            >
              {t(section.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
