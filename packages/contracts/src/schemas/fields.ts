import { z } from 'zod';
import { type ErrorCode } from '../errors.js';
import { LIMITS } from '../constants.js';
import { type Role, normalizeRole } from '../roles.js';

// Each schema's error message is an error code (see errors.ts): the bff answers with it, the panel translates it.

const isMissing = (input: unknown) => input === undefined || input === null;

/** Half of a UTF-16 surrogate pair on its own: JSON's `\ud800` carries one, UTF-8 (and so PostgreSQL) cannot. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * The one string schema of every payload: a string that is well-formed Unicode, TEXT_MALFORMED otherwise (checked
 * first, before the field's own rules). A lone surrogate would reach PostgreSQL as U+FFFD in a text column, and
 * break a JSON one (a job's data): refused here, it never gets that far.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !LONE_SURROGATE.test(value), { error: 'TEXT_MALFORMED' });
}

/** A required text: missing, blank after trimming → `code`; another type → VALIDATION_ERROR. */
export function requiredText(code: ErrorCode, max: number) {
  return text({ error: (issue) => (isMissing(issue.input) ? code : 'VALIDATION_ERROR') })
    .trim()
    .min(1, { error: code })
    .max(max, { error: 'VALUE_TOO_LONG' });
}

/** An optional text: blank becomes null. */
export function optionalText(max: number) {
  return text({ error: 'VALIDATION_ERROR' })
    .trim()
    .max(max, { error: 'VALUE_TOO_LONG' })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An email, trimmed and lowercased: emails are unique without regard to case. */
export function requiredEmail(requiredCode: ErrorCode) {
  return requiredText(requiredCode, 254)
    .toLowerCase()
    .pipe(z.email({ error: 'EMAIL_INVALID' }));
}

export const optionalEmail = text({ error: 'VALIDATION_ERROR' })
  .trim()
  .max(254, { error: 'VALUE_TOO_LONG' })
  .toLowerCase()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email({ error: 'EMAIL_INVALID' }).nullable());

/** A new password: the spec's messages for missing and short; a ceiling so hashing stays cheap. */
export function newPassword(missingCode: ErrorCode = 'PASSWORD_REQUIRED') {
  return text({ error: (issue) => (isMissing(issue.input) ? missingCode : 'VALIDATION_ERROR') })
    .min(1, { error: missingCode })
    .min(LIMITS.passwordMinLength, { error: 'PASSWORD_TOO_SHORT' })
    .max(LIMITS.passwordMaxLength, { error: 'PASSWORD_TOO_LONG' });
}

/**
 * The JSON Schema key that marks a number a request may also send as its text (a form's or a sheet's): its value is
 * the pattern of that text. The API's document shows the request's field as either (bff openapi-document.ts).
 */
export const NUMERIC_TEXT = 'x-numeric-text';

/** `schema`, a number read from a JSON number or from a text that matches `pattern`, marked as such for the document. */
export function readsNumericText<T extends z.ZodType>(schema: T, pattern: RegExp): T {
  return schema.meta({ [NUMERIC_TEXT]: pattern.source });
}

/** A whole number's text, spaces around it allowed. */
export const DIGITS = /^\s*\d+\s*$/;

/** An id as a JSON number or a string of digits (form selects send strings). */
export function idField(missingCode: ErrorCode, invalidCode: ErrorCode) {
  return readsNumericText(
    z.preprocess(
      (value) => {
        if (typeof value === 'string')
          return DIGITS.test(value) ? Number(value) : value.trim() === '' ? undefined : value;
        return value;
      },
      z
        .number({ error: (issue) => (isMissing(issue.input) ? missingCode : invalidCode) })
        .int({ error: invalidCode })
        .positive({ error: invalidCode })
        .max(2_147_483_647, { error: invalidCode }),
    ),
    DIGITS,
  );
}

/** A role name or one of its aliases, answered as the canonical role. */
export const roleField = text({ error: 'ROLE_INVALID' }).transform((value, ctx): Role => {
  const role = normalizeRole(value);
  if (role) return role;
  ctx.addIssue({ code: 'custom', message: 'ROLE_INVALID' });
  return z.NEVER;
});

export const phoneField = text({ error: 'VALIDATION_ERROR' })
  .trim()
  .max(32, { error: 'VALUE_TOO_LONG' })
  .regex(/^[0-9+()\-\s.]*$/, { error: 'PHONE_INVALID' })
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * A row id in a path (`/turbines/{id}`): digits only, a positive 32-bit integer. Anything else names no row, so it
 * answers `notFound` like a missing one.
 */
export function pathId(notFound: ErrorCode) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value),
    z.int({ error: notFound }).min(1, { error: notFound }).max(2_147_483_647, { error: notFound }),
  );
}
