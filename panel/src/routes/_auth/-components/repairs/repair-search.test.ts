import { permissionsOf, ROLES } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { offersAssignedToMe } from './repair-search';

describe('the repairs filter "Assigned to me"', () => {
  it('is offered to every role that can be a repair’s assignee, and not to a customer', () => {
    const offered = ROLES.filter((role) => offersAssignedToMe({ permissions: permissionsOf(role) }));
    expect(offered).not.toContain('customer');
    expect(offered).toEqual(expect.arrayContaining(['superadmin', 'admin', 'company_manager', 'operator']));
    expect(offered).toHaveLength(ROLES.length - 1);
  });
});
