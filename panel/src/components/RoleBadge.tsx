import { type Role } from '@kanat360/contracts';
import { useI18n } from '@/i18n/language';

const ROLE_STYLES: Record<Role, string> = {
  superadmin: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-100',
  admin: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  company_manager: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  operator: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  customer: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
};

export function RoleBadge({ role, testId }: { role: Role; testId?: string }) {
  const { t } = useI18n();
  return (
    <span className={`badge ${ROLE_STYLES[role]}`} data-testid={testId}>
      {t(`roles.${role}`)}
    </span>
  );
}
