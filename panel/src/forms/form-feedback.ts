import { errorMessage } from '@kanat360/api-client';
import { ApiError } from '@kanat360/api-client';
import { isErrorCode } from '@kanat360/contracts';
import { type Language, type MessageKey, type Translate } from '@kanat360/i18n';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type z } from 'zod';

/** A message per field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** The message of a contracts error code (schemas carry codes, not texts). */
export function codeMessage(code: string, t: Translate): string {
  return t(isErrorCode(code) ? (`errors.${code}` as MessageKey) : 'errors.VALIDATION_ERROR');
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Checks a form with the same contracts schema the server uses, so the panel and the server never disagree on a
 * rule. Each field gets its first problem.
 */
export function validateWith<S extends z.ZodType>(schema: S, values: unknown, t: Translate): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= codeMessage(issue.message, t);
  }
  return { ok: false, errors };
}

/**
 * A form's feedback: messages next to fields, and a banner for failures that belong to no field it shows.
 * What the user typed is never touched, so a failed save can be corrected and sent again.
 */
export function useFormFeedback(language: Language) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);

  const clearField = useCallback((field: string) => {
    setErrors((current) => (current[field] === undefined ? current : { ...current, [field]: undefined }));
  }, []);

  const showFieldErrors = useCallback((next: FieldErrors) => {
    setErrors(next);
    setAlert(null);
  }, []);

  /** A refused save: beside the field the server named when the form has it, otherwise in the banner. */
  const showServerError = useCallback(
    (error: unknown, formFields: readonly string[]) => {
      const message = errorMessage(error, language);
      if (error instanceof ApiError && error.field && formFields.includes(error.field)) {
        setErrors({ [error.field]: message });
        setAlert(null);
      } else {
        setErrors({});
        setAlert(message);
      }
    },
    [language],
  );

  return { errors, alert, dismissAlert: () => setAlert(null), clearField, showFieldErrors, showServerError };
}

/**
 * After a refused save (not while typing), the first field with a message takes the focus, so it is read out and
 * can be fixed. Call `refuse` around showing the refusal; put `formRef` on the form.
 */
export function useFocusFirstInvalid(errors: FieldErrors) {
  const formRef = useRef<HTMLFormElement>(null);
  const pending = useRef(false);
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);
  const refuse = useCallback((show: () => void) => {
    pending.current = true;
    show();
  }, []);
  return { formRef, refuse };
}
