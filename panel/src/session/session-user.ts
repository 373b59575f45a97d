import {
  ALL_PERMISSIONS,
  type Permission,
  type Role,
  ROLES,
  SESSION_USER_STORAGE_KEY,
  type SessionUser,
} from '@kanat360/contracts';
import { localStore } from '@/state/local-storage';

const knownPermissions: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

const isText = (value: unknown): value is string => typeof value === 'string';
const isWholeNumber = (value: unknown): value is number => Number.isSafeInteger(value);
const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * The user in a stored or received value, or null when it is not a well-formed SessionUser. Checked by hand: this
 * runs in the first load, which carries no zod (see search/url-values.ts).
 */
export function parseSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const {
    id,
    first_name,
    last_name,
    email,
    role,
    company_id,
    company_name,
    is_active,
    language,
    permissions,
    session_expires_at,
  } = value as Record<keyof SessionUser, unknown>;
  if (
    !isWholeNumber(id) ||
    id < 1 ||
    !isText(first_name) ||
    !isText(last_name) ||
    !isText(email) ||
    !isRole(role) ||
    !isWholeNumber(company_id) ||
    !isText(company_name) ||
    typeof is_active !== 'boolean' ||
    (language !== 'tr' && language !== 'en') ||
    !Array.isArray(permissions) ||
    !permissions.every(isText) ||
    !isText(session_expires_at)
  ) {
    return null;
  }
  return {
    id,
    first_name,
    last_name,
    email,
    role,
    company_id,
    company_name,
    is_active,
    language,
    // A permission this build does not know grants nothing here; the server still decides every call.
    permissions: permissions.filter((name: string): name is Permission => knownPermissions.has(name)),
    session_expires_at,
  };
}

/** The user of a GET /auth/validate-session answer, or null for anything but a success carrying a valid user. */
export function parseValidateSessionResponse(body: unknown): SessionUser | null {
  if (typeof body !== 'object' || body === null || (body as { success?: unknown }).success !== true) return null;
  return parseSessionUser((body as { user?: unknown }).user);
}

/** True when the session's end has passed, or when the end is not a readable date. */
export function isSessionExpired(user: Pick<SessionUser, 'session_expires_at'>, now: number = Date.now()): boolean {
  const end = Date.parse(user.session_expires_at);
  return Number.isNaN(end) || end <= now;
}

export function hasPermission(user: Pick<SessionUser, 'permissions'>, permission: Permission): boolean {
  return user.permissions.includes(permission);
}

/** The profile the site stored at sign-in (or the panel after the last validation); null when missing or malformed. */
export function readStoredUser(): SessionUser | null {
  const raw = localStore.get(SESSION_USER_STORAGE_KEY);
  if (!raw) return null;
  try {
    return parseSessionUser(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function storeUser(user: SessionUser): void {
  localStore.set(SESSION_USER_STORAGE_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  localStore.remove(SESSION_USER_STORAGE_KEY);
}
