import { isErrorCode } from '@kanat360/contracts';
import { type z, type ZodType } from 'zod';
import { AppError } from './app-error.js';

/** The first problem of a failed parse as an AppError: the schema's own code, or UNKNOWN_FIELD / VALIDATION_ERROR. */
export function validationError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError('VALIDATION_ERROR');
  const path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const field = [path, issue.keys[0]].filter(Boolean).join('.');
    return new AppError('UNKNOWN_FIELD', { params: { field }, field });
  }
  const code = isErrorCode(issue.message) ? issue.message : 'VALIDATION_ERROR';
  return new AppError(code, { field: path || undefined });
}

/** The path of the first string holding U+0000, which PostgreSQL text cannot store; null when there is none. */
function nulCharacterPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const found = nulCharacterPath(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** A request part parsed by `schema`, or the AppError of its first problem. Nothing missing is read as `{}`. */
export function parseInput<T extends ZodType>(schema: T, value: unknown): z.output<T> {
  // A body that is not a JSON object (a bare string, an array, nothing at all) is as wrong as a bad field.
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationError(result.error);
  // Checked on the parsed value (only the schema's fields, so never deep): bad input, not a database error.
  const nul = nulCharacterPath(result.data);
  if (nul) throw new AppError('VALIDATION_ERROR', { field: nul.join('.') || undefined });
  return result.data;
}
