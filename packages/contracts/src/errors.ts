import { z } from 'zod';
import { skippedFile } from './schemas/media.js';

/**
 * Every error the API answers with: a stable code (what clients translate through `errors.<CODE>` in locales/)
 * and its HTTP status. Bad input is 400/409/413/422, never 5xx.
 */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNKNOWN_FIELD: 400,
  VALUE_TOO_LONG: 400,
  FIELDS_REQUIRED: 400,
  FIELDS_REQUIRED_EDIT: 400,
  COMPANY_REQUIRED: 400,
  COMPANY_NAME_REQUIRED: 400,
  EMAIL_REQUIRED: 400,
  EMAIL_INVALID: 400,
  PASSWORD_REQUIRED: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_LONG: 400,
  PASSWORD_TOO_COMMON: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  ROLE_INVALID: 400,
  PHONE_INVALID: 400,
  RESET_TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  XSRF_MISMATCH: 403,
  ROLE_NOT_ALLOWED: 403,
  PROTECTED_USER: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  COMPANY_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  COMPANY_NAME_TAKEN: 409,
  COMPANY_HAS_DEPENDENTS: 409,
  CANNOT_DELETE_SELF: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  COMPANY_INVALID: 422,
  TOO_MANY_ATTEMPTS: 429,
  NAME_REQUIRED: 400,
  SUBJECT_REQUIRED: 400,
  MESSAGE_REQUIRED: 400,
  TOO_MANY_MESSAGES: 429,
  CITY_REQUIRED: 400,
  CODE_REQUIRED: 400,
  LOCATION_REQUIRED: 400,
  ROOMS_INVALID: 400,
  STATUS_INVALID: 400,
  YEAR_INVALID: 400,
  LIMIT_INVALID: 400,
  CURSOR_INVALID: 400,
  BLADE_INVALID: 400,
  CATEGORY_INVALID: 400,
  NO_FILES: 400,
  TOO_MANY_FILES: 400,
  FILE_NAME_INVALID: 400,
  FILE_EMPTY: 400,
  REPORT_NAME_INVALID: 400,
  COMMENT_REQUIRED: 400,
  COMMENT_TOO_LONG: 400,
  COMMENT_EDIT_WINDOW_PASSED: 403,
  SURFACE_INVALID: 400,
  ZONE_INVALID: 400,
  DISTANCE_REQUIRED: 400,
  DISTANCE_INVALID: 400,
  FINDING_TYPE_INVALID: 400,
  SEVERITY_INVALID: 400,
  ACTION_INVALID: 400,
  FINDING_SIZE_INVALID: 400,
  FINDING_STATUS_INVALID: 400,
  STAGE_INVALID: 400,
  FINDING_TARGET_INVALID: 400,
  FINDING_RELEASED: 403,
  FINDING_NOT_FOUND: 404,
  FINDING_MEDIA_INVALID: 422,
  FINDING_TARGET_MISMATCH: 422,
  FINDING_LINK_INVALID: 422,
  TURBINE_NOT_FOUND: 404,
  MEDIA_NOT_FOUND: 404,
  REPORT_NOT_FOUND: 404,
  COMMENT_NOT_FOUND: 404,
  UPLOAD_NOT_FOUND: 404,
  TOO_MANY_DIRECT_UPLOADS: 400,
  STORAGE_QUOTA_EXCEEDED: 403,
  UPLOAD_ADDRESS_USED: 409,
  UPLOAD_SIZE_MISMATCH: 409,
  DUPLICATE_FILE_NAME: 409,
  UPLOAD_INCOMPLETE: 409,
  NOTHING_TO_RESTORE: 409,
  PHOTO_HAS_FINDINGS: 409,
  FILE_TOO_LARGE: 413,
  UPLOAD_TOO_LARGE: 413,
  VIDEO_TOO_LARGE: 413,
  FILE_TYPE_UNKNOWN: 415,
  FILE_TYPE_MISMATCH: 415,
  FILE_TYPE_FORBIDDEN: 415,
  REPORT_NOT_PDF: 415,
  EDITED_PHOTO_NOT_JPEG: 415,
  IMAGE_TOO_LARGE: 422,
  NOT_A_PHOTO: 422,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  STORAGE_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}

/** The catalog key of an error code's message. */
export function errorMessageKey(code: ErrorCode): `errors.${ErrorCode}` {
  return `errors.${code}`;
}

/** The body of every failed API call. */
export const errorBody = z
  .strictObject({
    success: z.literal(false),
    code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
    message: z.string().meta({ description: "What went wrong, in the caller's language" }),
    field: z.string().optional().meta({ description: 'Which field an input error is about, when there is one' }),
    skipped: z
      .array(skippedFile)
      .optional()
      .meta({ description: 'An upload where every file was skipped: each file and why' }),
    correlationId: z
      .string()
      .optional()
      .meta({ description: 'The request id of an unexpected failure: quote it to find the failure in the logs' }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;
