import { ApiError } from '@kanat360/api-client';
import { type Language, type MessageKey, translate, turkishCatalog } from '@kanat360/i18n';

/**
 * The text to show when signing in fails (spec §8): the server's own message (already in the page's language,
 * the client sends X-Lang); "could not connect" when no answer came; otherwise the generic login error.
 */
export function loginFailureMessage(error: unknown, language: Language): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT')
      return translate(language, 'errors.CONNECTION_FAILED');
    // SERVER_ERROR_STATUS means the answer carried no message of its own (a proxy page, an empty body).
    if (error.code !== 'SERVER_ERROR_STATUS' && error.message) return error.message;
  }
  return translate(language, 'errors.LOGIN_ERROR');
}

/** The message for a validation code of the contracts' schemas (they use error codes as messages). */
export function validationMessage(code: string | undefined, language: Language): string {
  const key = `errors.${code ?? ''}`;
  return translate(language, isMessageKey(key) ? key : 'errors.VALIDATION_ERROR');
}

function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(turkishCatalog, key);
}
