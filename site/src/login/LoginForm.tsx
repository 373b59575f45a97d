import { createApiClient } from '@kanat360/api-client';
import { type LoginBody, SESSION_USER_STORAGE_KEY, loginBody } from '@kanat360/contracts';
import { LANGUAGE_STORAGE_KEY, type Language, translator } from '@kanat360/i18n';
import { type SubmitEvent, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorAlert, inputClass, labelClass, Spinner } from '../forms/form-parts';
import { useHydrated } from '../forms/use-hydrated';
import { loginFailureMessage, validationMessage } from './login-failure';
import { dashboardRedirectTarget } from './redirect-target';

interface Props {
  /** The page's language: the API answers in it (X-Lang) and the form's texts use it. */
  language: Language;
  /** The id of the heading that names the form. */
  labelledBy: string;
  passwordResetHref: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'failed'; message: string }
  /** Signed in and leaving for the panel: the form stays locked. */
  | { kind: 'signedIn' };

type Field = keyof LoginBody;

const ALERT_ID = 'login-alert';

/** The sign-in form: validates like the API (contracts' loginBody), signs in, then opens the panel. */
export default function LoginForm({ language, labelledBy, passwordResetHref }: Props) {
  const t = translator(language);
  const api = useMemo(() => createApiClient({ language: () => language }), [language]);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [invalidFields, setInvalidFields] = useState<ReadonlySet<Field>>(new Set());
  // Until React has taken over, a click must not submit the form natively.
  const hydrated = useHydrated();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Already signed in (a stored profile whose session the server still knows): straight on to the panel. A stale
  // profile (the session ended meanwhile) is forgotten, and the form stays.
  useEffect(() => {
    let stored: string | null;
    try {
      stored = localStorage.getItem(SESSION_USER_STORAGE_KEY);
    } catch {
      return;
    }
    if (!stored) return;
    const controller = new AbortController();
    api
      .get('/auth/validate-session', {
        signal: controller.signal,
        skipUnauthorizedHandler: true,
      })
      .then((answer) => {
        if (!answer?.success) return;
        setStatus({ kind: 'signedIn' });
        location.replace(dashboardRedirectTarget(location.search, location.origin));
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        try {
          localStorage.removeItem(SESSION_USER_STORAGE_KEY);
        } catch {
          // Nothing stored to forget.
        }
      });
    return () => controller.abort();
  }, [api]);

  const busy = status.kind === 'submitting' || status.kind === 'signedIn';

  async function signIn(body: LoginBody) {
    try {
      const response = await api.post('/auth/login', { body, skipUnauthorizedHandler: true });
      if (!response?.success || !response.user) throw new Error('Unexpected answer from /auth/login');
      try {
        // Only the non-secret profile: the session itself is an httpOnly cookie.
        localStorage.setItem(SESSION_USER_STORAGE_KEY, JSON.stringify(response.user));
        // Signing in on a language's page is a choice of that language: the panel opens in it.
        localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      } catch {
        // Storage unavailable: the panel still has the session cookie and reloads the profile itself.
      }
      setStatus({ kind: 'signedIn' });
      location.assign(dashboardRedirectTarget(location.search, location.origin));
    } catch (error) {
      setStatus({ kind: 'failed', message: loginFailureMessage(error, language) });
    }
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // Read the fields from the DOM: what was typed before hydration counts too.
    const data = new FormData(event.currentTarget);
    const text = (name: Field) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const parsed = loginBody.safeParse({ email: text('email'), password: text('password') });
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]).filter(isField));
      setInvalidFields(fields);
      setStatus({ kind: 'failed', message: validationMessage(parsed.error.issues[0]?.message, language) });
      (fields.has('email') ? emailRef : passwordRef).current?.focus();
      return;
    }
    setInvalidFields(new Set());
    setStatus({ kind: 'submitting' });
    void signIn(parsed.data);
  }

  const describedBy = (field: Field) => (invalidFields.has(field) ? ALERT_ID : undefined);

  return (
    <form
      method="post"
      noValidate
      aria-labelledby={labelledBy}
      aria-busy={busy}
      onSubmit={handleSubmit}
      className="mt-6 space-y-5"
    >
      {status.kind === 'failed' && <ErrorAlert id={ALERT_ID} message={status.message} />}
      {status.kind === 'signedIn' && (
        <div
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-200"
        >
          {t('site.login.redirecting')}
        </div>
      )}

      <div>
        <label htmlFor="login-email" className={labelClass}>
          {t('site.login.email')}
        </label>
        <input
          ref={emailRef}
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          placeholder={t('site.login.emailPlaceholder')}
          aria-invalid={invalidFields.has('email') || undefined}
          aria-describedby={describedBy('email')}
          className={inputClass}
        />
      </div>

      <div>
        <label htmlFor="login-password" className={labelClass}>
          {t('site.login.password')}
        </label>
        <input
          ref={passwordRef}
          id="login-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={invalidFields.has('password') || undefined}
          aria-describedby={describedBy('password')}
          className={inputClass}
        />
        <p className="mt-2 text-right text-sm">
          <a href={passwordResetHref} className="link">
            {t('site.login.forgotPassword')}
          </a>
        </p>
      </div>

      <button type="submit" disabled={!hydrated || busy} className="btn-primary w-full text-base">
        {busy && <Spinner />}
        {busy ? t('site.login.submitting') : t('site.login.submit')}
      </button>
    </form>
  );
}

function isField(key: PropertyKey | undefined): key is Field {
  return key === 'email' || key === 'password';
}
