import { describe, expect, it } from 'vitest';
import { userRowRefusal } from './user-rules.js';

const superadmin = { id: 35, role: 'superadmin' as const };
const admin = { id: 2, role: 'admin' as const };

describe('userRowRefusal', () => {
  it('never lets the protected user be changed, not even by itself', () => {
    const root = { id: 35, role: 'superadmin' as const, is_protected: true };
    for (const action of ['update', 'changePassword', 'delete'] as const) {
      expect(userRowRefusal(superadmin, root, action)).toBe('PROTECTED_USER');
      expect(userRowRefusal({ id: 9, role: 'superadmin' }, root, action)).toBe('PROTECTED_USER');
    }
  });

  it('refuses deleting oneself, and only deleting', () => {
    const self = { id: 2, role: 'admin' as const, is_protected: false };
    expect(userRowRefusal(admin, self, 'delete')).toBe('CANNOT_DELETE_SELF');
    expect(userRowRefusal(admin, self, 'update')).toBeNull();
  });

  it('refuses acting on a stronger role, and allows equal and weaker ones', () => {
    expect(userRowRefusal(admin, { id: 8, role: 'superadmin', is_protected: false }, 'delete')).toBe(
      'ROLE_NOT_ALLOWED',
    );
    expect(userRowRefusal(admin, { id: 3, role: 'admin', is_protected: false }, 'delete')).toBeNull();
    expect(userRowRefusal(admin, { id: 7, role: 'customer', is_protected: false }, 'changePassword')).toBeNull();
  });
});
