import { type ContactInput, contactBody, type ErrorCode, isErrorCode } from '@kanat360/contracts';

export const CONTACT_FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export function isContactField(value: unknown): value is ContactField {
  return typeof value === 'string' && (CONTACT_FIELDS as readonly string[]).includes(value);
}

/**
 * Checks the form like the API does (the same schema of @kanat360/contracts): every field's first problem as an
 * error code, in the order of the form. Empty when the form can be sent.
 */
export function contactFieldErrors(input: ContactInput): [ContactField, ErrorCode][] {
  const result = contactBody.safeParse(input);
  if (result.success) return [];
  const errors = new Map<ContactField, ErrorCode>();
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isContactField(field) && !errors.has(field))
      errors.set(field, isErrorCode(issue.message) ? issue.message : 'VALIDATION_ERROR');
  }
  return CONTACT_FIELDS.filter((field) => errors.has(field)).map((field) => [field, errors.get(field)!]);
}
