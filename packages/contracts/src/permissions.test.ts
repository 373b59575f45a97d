import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, can, PERMISSIONS, permissionsOf } from './permissions.js';
import { isRoleAtMost, normalizeRole, ROLES } from './roles.js';

describe('roles', () => {
  it('normalizes names and the aliases of spec §3', () => {
    expect(normalizeRole('superadmin')).toBe('superadmin');
    expect(normalizeRole(' Super_Admin ')).toBe('superadmin');
    expect(normalizeRole('viewer')).toBe('customer');
    expect(normalizeRole('user')).toBe('customer');
    expect(normalizeRole('root')).toBeNull();
    expect(normalizeRole('')).toBeNull();
  });

  it('orders the roles from superadmin down to customer', () => {
    expect(isRoleAtMost('admin', 'superadmin')).toBe(true);
    expect(isRoleAtMost('superadmin', 'admin')).toBe(false);
    expect(isRoleAtMost('company_manager', 'company_manager')).toBe(true);
    expect(isRoleAtMost('operator', 'customer')).toBe(false);
  });
});

describe('permission map (spec §6)', () => {
  it('names only known roles', () => {
    for (const roles of Object.values(PERMISSIONS)) for (const role of roles) expect(ROLES).toContain(role);
  });

  it('gives the superadmin everything', () => {
    expect(permissionsOf('superadmin')).toEqual(ALL_PERMISSIONS);
  });

  it('matches the spec role by role', () => {
    expect(permissionsOf('admin')).toEqual(
      expect.arrayContaining(['turbine.create', 'user.read', 'user.delete', 'media.delete']),
    );
    for (const denied of ['turbine.update', 'turbine.delete', 'user.create', 'company.read', 'tenant.all'] as const) {
      expect(can('admin', denied), denied).toBe(false);
    }
    expect(permissionsOf('company_manager')).toContain('media.delete');
    expect(can('company_manager', 'user.read')).toBe(false);
    expect(can('operator', 'media.upload')).toBe(true);
    expect(can('operator', 'media.delete')).toBe(false);
    for (const denied of ['media.upload', 'report.read', 'report.upload', 'user.read', 'turbine.create'] as const) {
      expect(can('customer', denied), denied).toBe(false);
    }
    expect(permissionsOf('customer')).toEqual([
      'turbine.read',
      'media.read',
      'comment.read',
      'comment.create',
      'finding.read',
      'repair.read',
      'repair.calendarAll',
    ]);
  });

  it('lets operators mark findings, reviewers release them, and customers read released ones only', () => {
    expect(permissionsOf('operator').filter((permission) => permission.startsWith('finding.'))).toEqual([
      'finding.read',
      'finding.readDrafts',
      'finding.edit',
    ]);
    for (const role of ['superadmin', 'admin', 'company_manager'] as const)
      expect(can(role, 'finding.release')).toBe(true);
    for (const denied of ['finding.readDrafts', 'finding.edit', 'finding.release'] as const) {
      expect(can('customer', denied), denied).toBe(false);
    }
  });

  it('lets whoever edits findings make repairs, and managers schedule, assign, cost, verify and cancel them', () => {
    expect(PERMISSIONS['repair.create']).toEqual(PERMISSIONS['finding.edit']);
    expect(PERMISSIONS['repair.manage']).toEqual(['superadmin', 'admin', 'company_manager']);
    expect(can('customer', 'repair.read')).toBe(true);
    for (const denied of ['repair.readCosts', 'repair.create', 'repair.manage', 'repair.complete'] as const) {
      expect(can('customer', denied), denied).toBe(false);
    }
    expect(can('operator', 'repair.complete')).toBe(true);
    expect(can('operator', 'repair.calendarAll')).toBe(false);
  });

  it('refuses everything to nobody', () => {
    for (const permission of ALL_PERMISSIONS) expect(can(null, permission)).toBe(false);
  });
});
