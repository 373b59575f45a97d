import { useSessionUser } from '@/session/use-session';
import { Initials, initialsOf } from './Initials';
import { RoleBadge } from './RoleBadge';

/** Who is signed in: name, role and company (on narrow screens only the initials, unless `withName`). */
export function UserChip({ withName = false }: { withName?: boolean }) {
  const user = useSessionUser();
  return (
    <div className="flex items-center gap-3">
      <Initials text={initialsOf(user.first_name, user.last_name)} />
      <div className={`${withName ? 'flex' : 'hidden lg:flex'} min-w-0 flex-col leading-tight`}>
        <span className="flex items-center gap-2">
          <span className="truncate text-sm font-medium" data-testid="user-name">
            {`${user.first_name} ${user.last_name}`.trim()}
          </span>
          <RoleBadge role={user.role} testId="user-role" />
        </span>
        <span className="truncate text-xs text-slate-600 dark:text-slate-400" data-testid="user-company">
          {user.company_name}
        </span>
      </div>
    </div>
  );
}
