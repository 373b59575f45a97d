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
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
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
export interface ErrorBody {
  success: false;
  code: ErrorCode;
  message: string;
  /** Which field an input error is about, when there is one. */
  field?: string;
  /** The request id: quote it to find the failure in the logs. */
  correlationId?: string;
}
