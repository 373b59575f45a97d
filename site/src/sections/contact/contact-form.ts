import { ApiError, createApiClient } from '@kanat360/api-client';
import { type ContactInput, type ErrorCode, LIMITS } from '@kanat360/contracts';
import { isLanguage, type Language, translate } from '@kanat360/i18n';
import { CONTACT_FIELDS, type ContactField, contactFieldErrors, isContactField } from './contact-validation';

/**
 * The contact form (ContactPage.astro): plain HTML, made to send itself to POST /api/contact here. States (spec
 * §4): sending, then success (for 3 s, the form cleared) or an error that stays until the next try.
 */
export function enhanceContactForm(form: HTMLFormElement): void {
  const language: Language = isLanguage(document.documentElement.lang) ? document.documentElement.lang : 'tr';
  const t = (key: Parameters<typeof translate>[1]) => translate(language, key);
  const api = createApiClient({ language: () => language });
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const submitLabel = submit.querySelector<HTMLElement>('[data-label]')!;
  const status = form.querySelector<HTMLElement>('[data-contact-status]')!;
  const alert = form.querySelector<HTMLElement>('[data-contact-alert]')!;
  let successTimer: ReturnType<typeof setTimeout> | undefined;

  const field = (name: ContactField) => form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement;
  const fieldError = (name: ContactField) => form.querySelector<HTMLElement>(`[data-error-for="${name}"]`)!;

  const setFieldError = (name: ContactField, code: ErrorCode | null, message?: string) => {
    const input = field(name);
    const slot = fieldError(name);
    if (code === null) {
      input.removeAttribute('aria-invalid');
      slot.hidden = true;
      slot.textContent = '';
      return;
    }
    input.setAttribute('aria-invalid', 'true');
    slot.textContent = message ?? translate(language, `errors.${code}`);
    slot.hidden = false;
  };
  const clearErrors = () => {
    for (const name of CONTACT_FIELDS) setFieldError(name, null);
    alert.hidden = true;
    alert.textContent = '';
  };
  const showAlert = (message: string) => {
    alert.textContent = message;
    alert.hidden = false;
  };
  const setBusy = (busy: boolean) => {
    submit.disabled = busy;
    form.setAttribute('aria-busy', String(busy));
    submit.toggleAttribute('data-busy', busy);
    submitLabel.textContent = busy ? t('site.contact.form.sending') : t('site.contact.form.submit');
  };

  const values = (): ContactInput => {
    const data = new FormData(form);
    const text = (name: ContactField) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    return {
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      subject: text('subject'),
      message: text('message'),
    };
  };

  const failureMessage = (error: unknown): string => {
    if (!(error instanceof ApiError)) return t('site.contact.form.errorGeneric');
    // No answer: the client's own "network error" text says what happened.
    if (error.status === 0) return error.message;
    // A 4xx carries the reason in the visitor's language (X-Lang); a server failure gets the spec's sentence.
    if (error.status >= 500 || error.code === 'SERVER_ERROR_STATUS') return t('site.contact.form.error');
    return error.message || t('site.contact.form.errorGeneric');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    clearTimeout(successTimer);
    status.textContent = '';
    clearErrors();
    const input = values();
    const problems = contactFieldErrors(input);
    if (problems.length > 0) {
      for (const [name, code] of problems) setFieldError(name, code);
      field(problems[0]![0]).focus();
      return;
    }
    setBusy(true);
    status.textContent = t('site.contact.form.sending');
    void (async () => {
      try {
        await api.post('/contact', { body: input });
        form.reset();
        status.textContent = t('site.contact.form.success');
        status.setAttribute('data-state', 'success');
        successTimer = setTimeout(() => {
          status.textContent = '';
          status.removeAttribute('data-state');
        }, LIMITS.contactSuccessMs);
      } catch (error) {
        status.textContent = '';
        if (error instanceof ApiError && isContactField(error.field) && error.status === 400) {
          setFieldError(error.field, error.code as ErrorCode, error.message);
          field(error.field).focus();
        } else {
          showAlert(failureMessage(error));
        }
      } finally {
        setBusy(false);
      }
    })();
  });

  // The button stays disabled until this script runs, so an early click cannot post the page itself.
  setBusy(false);
}
