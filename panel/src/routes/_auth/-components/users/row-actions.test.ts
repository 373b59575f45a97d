import { type Permission, permissionsOf, type Role } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { blockedReasons, rowActions, type Viewer } from './row-actions';

const viewer = (id: number, role: Role, permissions: Permission[] = permissionsOf(role)): Viewer => ({
  id,
  role,
  permissions,
});
const target = (id: number, role: Role, is_protected = false) => ({ id, role, is_protected });

const superadmin = viewer(35, 'superadmin');
const admin = viewer(2, 'admin');
const enabled = { enabled: true };

describe('rowActions', () => {
  it('gives the superadmin every action on an ordinary user', () => {
    expect(rowActions(target(7, 'operator'), superadmin)).toEqual({
      edit: enabled,
      password: enabled,
      delete: enabled,
    });
    expect(rowActions(target(8, 'superadmin'), superadmin).delete).toEqual(enabled);
  });

  it('disables every action on the protected user, own row included', () => {
    const blocked = { enabled: false, reason: 'PROTECTED_USER' };
    expect(rowActions(target(35, 'superadmin', true), superadmin)).toEqual({
      edit: blocked,
      password: blocked,
      delete: blocked,
    });
    expect(rowActions(target(35, 'superadmin', true), admin).delete).toEqual(blocked);
  });

  it('disables deleting oneself only', () => {
    const other = viewer(9, 'superadmin');
    expect(rowActions(target(9, 'superadmin'), other)).toEqual({
      edit: enabled,
      password: enabled,
      delete: { enabled: false, reason: 'CANNOT_DELETE_SELF' },
    });
  });

  it('gives an admin only delete, and not on a stronger role or on itself', () => {
    expect(rowActions(target(7, 'customer'), admin)).toEqual({ edit: null, password: null, delete: enabled });
    expect(rowActions(target(3, 'admin'), admin).delete).toEqual(enabled);
    expect(rowActions(target(8, 'superadmin'), admin).delete).toEqual({ enabled: false, reason: 'ROLE_NOT_ALLOWED' });
    expect(rowActions(target(2, 'admin'), admin).delete).toEqual({ enabled: false, reason: 'CANNOT_DELETE_SELF' });
  });

  it('follows the permissions, not the role name', () => {
    const limited = viewer(35, 'superadmin', ['user.read', 'user.changePassword']);
    expect(rowActions(target(7, 'operator'), limited)).toEqual({ edit: null, password: enabled, delete: null });
    expect(rowActions(target(7, 'operator'), viewer(4, 'operator'))).toEqual({
      edit: null,
      password: null,
      delete: null,
    });
  });
});

describe('blockedReasons', () => {
  it('lists each reason once', () => {
    expect(blockedReasons(rowActions(target(35, 'superadmin', true), superadmin))).toEqual(['PROTECTED_USER']);
    expect(blockedReasons(rowActions(target(7, 'operator'), superadmin))).toEqual([]);
    expect(blockedReasons(rowActions(target(2, 'admin'), admin))).toEqual(['CANNOT_DELETE_SELF']);
  });
});
