import {
  ALL_PERMISSIONS,
  type Permission,
  ROLES,
  SESSION_USER_STORAGE_KEY,
  type SessionUser,
} from '@kanat360/contracts';
import { z } from 'zod';
import { localStore } from '@/state/local-storage';

const knownPermissions: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

const sessionUserSchema = z.object({
  id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  company_id: z.number().int(),
  company_name: z.string(),
  is_active: z.boolean(),
  language: z.enum(['tr', 'en']),
  // A permission this build does not know grants nothing here; the server still decides every call.
  permissions: z
    .array(z.string())
    .transform((list) => list.filter((name): name is Permission => knownPermissions.has(name))),
  session_expires_at: z.string(),
}) satisfies z.ZodType<SessionUser, unknown>;

const validateSessionResponseSchema = z.object({ success: z.literal(true), user: sessionUserSchema });

/** The user in a stored or received value, or null when it is not a well-formed SessionUser. */
export function parseSessionUser(value: unknown): SessionUser | null {
  const result = sessionUserSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** The user of a GET /auth/validate-session answer, or null for anything but a success carrying a valid user. */
export function parseValidateSessionResponse(body: unknown): SessionUser | null {
  const result = validateSessionResponseSchema.safeParse(body);
  return result.success ? result.data.user : null;
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
