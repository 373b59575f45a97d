import { type SessionUser } from '@kanat360/contracts';
import { describe, expect, it } from 'vitest';
import { loginUrl } from './login-url';
import { hasPermission, isSessionExpired, parseSessionUser, parseValidateSessionResponse } from './session-user';

const user: SessionUser = {
  id: 7,
  first_name: 'Ayşe',
  last_name: 'Yılmaz',
  email: 'ayse@example.com',
  role: 'admin',
  company_id: 3,
  company_name: 'Rüzgar Enerji A.Ş.',
  is_active: true,
  language: 'tr',
  permissions: ['turbine.read', 'turbine.create', 'user.read'],
  session_expires_at: '2030-01-01T00:00:00.000Z',
};

describe('parseSessionUser', () => {
  it('accepts a well-formed user', () => {
    expect(parseSessionUser(user)).toEqual(user);
  });

  it('refuses missing fields, unknown roles and non-objects', () => {
    expect(parseSessionUser(null)).toBeNull();
    expect(parseSessionUser('{"id":1}')).toBeNull();
    expect(parseSessionUser({ ...user, role: 'root' })).toBeNull();
    for (const broken of [{ id: 0 }, { id: 1.5 }, { language: 'de' }, { permissions: 'all' }, { is_active: 'yes' }]) {
      expect(parseSessionUser({ ...user, ...broken }), JSON.stringify(broken)).toBeNull();
    }
    const { company_name: _omitted, ...withoutCompany } = user;
    expect(parseSessionUser(withoutCompany)).toBeNull();
  });

  it('drops permissions this build does not know', () => {
    expect(parseSessionUser({ ...user, permissions: ['turbine.read', 'rocket.launch'] })?.permissions).toEqual([
      'turbine.read',
    ]);
  });
});

describe('parseValidateSessionResponse', () => {
  it('returns the user of a success', () => {
    expect(parseValidateSessionResponse({ success: true, user, message: 'ok' })).toEqual(user);
  });

  it('returns null for a failure or a success without a valid user', () => {
    expect(parseValidateSessionResponse({ success: false, code: 'SESSION_EXPIRED', message: 'x' })).toBeNull();
    expect(parseValidateSessionResponse({ success: true })).toBeNull();
    expect(parseValidateSessionResponse(undefined)).toBeNull();
  });
});

describe('isSessionExpired', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');

  it('is false before the end and true at or after it', () => {
    expect(isSessionExpired({ session_expires_at: '2026-05-01T12:00:01Z' }, now)).toBe(false);
    expect(isSessionExpired({ session_expires_at: '2026-05-01T12:00:00Z' }, now)).toBe(true);
    expect(isSessionExpired({ session_expires_at: '2026-04-30T00:00:00Z' }, now)).toBe(true);
  });

  it('treats an unreadable end as expired', () => {
    expect(isSessionExpired({ session_expires_at: 'soon' }, now)).toBe(true);
  });
});

describe('hasPermission', () => {
  it('reads the permissions list, not the role', () => {
    expect(hasPermission(user, 'turbine.create')).toBe(true);
    expect(hasPermission(user, 'company.read')).toBe(false);
    expect(hasPermission({ permissions: [] }, 'turbine.read')).toBe(false);
  });
});

describe('loginUrl', () => {
  it('sends Turkish to /login and English to /en/login, keeping where the user was', () => {
    expect(loginUrl('tr', '/dashboard?view=list')).toBe('/login?redirect=%2Fdashboard%3Fview%3Dlist');
    expect(loginUrl('en', '/dashboard/')).toBe('/en/login?redirect=%2Fdashboard%2F');
  });
});
