import { ApiError, createApiClient } from '@kanat360/api-client';
import { LIMITS, passwordResetBody } from '@kanat360/contracts';
import { type Language, translator } from '@kanat360/i18n';
import { type SubmitEvent, Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorAlert, inputClass, labelClass, Spinner } from '../forms/form-parts';
import { useBrowserValue, useHydrated } from '../forms/use-hydrated';
import { loginFailureMessage, validationMessage } from '../login/login-failure';
import { newPasswordProblem } from './new-password';

interface Props {
  language: Language;
  loginHref: string;
  /** This page without a token: where "request a new link" goes. */
  requestHref: string;
}

/** Asking for a link (spec §4: idle → sending → success, resend back to idle). */
type Request = { kind: 'idle'; error?: string } | { kind: 'sending' } | { kind: 'sent'; email: string };

/** Setting the new password from the mailed link. */
type Confirm =
  { kind: 'idle'; error?: string; tokenInvalid?: boolean } | { kind: 'saving' } | { kind: 'done'; message: string };

const ALERT_ID = 'password-reset-alert';

/** The token of the mailed link (`?token=…`), or null on a plain visit. */
function tokenFromUrl(): string | null {
  return new URLSearchParams(location.search).get('token')?.trim() || null;
}

/**
 * The password-reset page: without a token, the form that mails a reset link; with the mailed link's token,
 * the form that sets the new password. The server renders the first; the second replaces it on load (an inline
 * script in the page keeps the first hidden meanwhile, see PasswordResetPage.astro).
 */
export default function PasswordResetFlow({ language, loginHref, requestHref }: Props) {
  const token = useBrowserValue(tokenFromUrl, null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.resetReady = '';
  }, [hydrated]);

  return token ? (
    <NewPasswordForm language={language} token={token} loginHref={loginHref} requestHref={requestHref} />
  ) : (
    <RequestLinkForm language={language} loginHref={loginHref} hydrated={hydrated} />
  );
}

function RequestLinkForm({
  language,
  loginHref,
  hydrated,
}: {
  language: Language;
  loginHref: string;
  hydrated: boolean;
}) {
  const t = translator(language);
  const api = useMemo(() => createApiClient({ language: () => language }), [language]);
  const [state, setState] = useState<Request>({ kind: 'idle' });
  // The address last sent to: the form shows it again after "send again". The field itself is uncontrolled, so
  // what is typed before React has taken over is kept.
  const [lastEmail, setLastEmail] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previous = useRef<Request['kind']>('idle');

  // Moving between the form and the success screen: focus follows, so keyboard and screen-reader users land
  // on what changed.
  useEffect(() => {
    if (state.kind === 'sent' && previous.current !== 'sent') headingRef.current?.focus();
    if (state.kind === 'idle' && previous.current === 'sent') emailRef.current?.focus();
    previous.current = state.kind;
  }, [state.kind]);

  async function send(address: string) {
    try {
      await api.post('/auth/password-reset', { body: { email: address } });
      setState({ kind: 'sent', email: address });
    } catch (error) {
      const message = error instanceof ApiError ? loginFailureMessage(error, language) : t('errors.UNEXPECTED');
      setState({ kind: 'idle', error: message });
    }
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const value = new FormData(event.currentTarget).get('email');
    const parsed = passwordResetBody.safeParse({ email: typeof value === 'string' ? value : '' });
    if (!parsed.success) {
      setState({ kind: 'idle', error: validationMessage(parsed.error.issues[0]?.message, language) });
      emailRef.current?.focus();
      return;
    }
    setLastEmail(parsed.data.email);
    setState({ kind: 'sending' });
    void send(parsed.data.email);
  }

  if (state.kind === 'sent') {
    return (
      <div data-reset-state="sent">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
          <MailIcon />
        </span>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-4 text-2xl font-bold tracking-tight text-slate-950 focus:outline-none dark:text-white"
        >
          {t('site.passwordReset.sent.title')}
        </h1>
        <p className="mt-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
          {t('site.passwordReset.sent.body')}
          {/* On a line of its own, wrapping after its @ and dots, never inside a name (break-all did). */}
          <strong
            data-reset-email
            className="block font-semibold [overflow-wrap:anywhere] text-slate-950 dark:text-white"
          >
            {state.email.split(/(?<=[@.])/).map((part, index) => (
              <Fragment key={index}>
                {index > 0 && <wbr />}
                {part}
              </Fragment>
            ))}
          </strong>
        </p>
        <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
          {t('site.passwordReset.sent.validity')}
        </p>
        <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('site.passwordReset.sent.spam')}
        </p>
        <a href={loginHref} className="btn-primary mt-6 w-full text-base">
          {t('site.passwordReset.backToLogin')}
        </a>
        <p className="mt-5 text-center text-sm text-slate-600 dark:text-slate-400">
          {t('site.passwordReset.resendPrompt')}{' '}
          <button type="button" className="link" onClick={() => setState({ kind: 'idle' })}>
            {t('site.passwordReset.resend')}
          </button>
        </p>
      </div>
    );
  }

  const sending = state.kind === 'sending';
  const error = state.kind === 'idle' ? state.error : undefined;
  return (
    <div data-reset-state={state.kind}>
      <h1 id="password-reset-title" className="text-2xl font-bold tracking-tight text-slate-950 dark:text-white">
        {t('site.passwordReset.title')}
      </h1>
      <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
        {t('site.passwordReset.subtitle')}
      </p>
      <form
        method="post"
        noValidate
        aria-labelledby="password-reset-title"
        aria-busy={sending}
        onSubmit={handleSubmit}
        className="mt-6 space-y-5"
      >
        {error && <ErrorAlert id={ALERT_ID} message={error} />}
        <div>
          <label htmlFor="password-reset-email" className={labelClass}>
            {t('site.login.email')}
          </label>
          <input
            ref={emailRef}
            id="password-reset-email"
            name="email"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            defaultValue={lastEmail}
            placeholder={t('site.login.emailPlaceholder')}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ALERT_ID : undefined}
            className={inputClass}
          />
        </div>
        <button type="submit" disabled={!hydrated || sending} className="btn-primary w-full text-base">
          {sending && <Spinner />}
          {sending ? t('site.passwordReset.sending') : t('site.passwordReset.submit')}
        </button>
      </form>
      <p className="mt-6 border-t border-slate-200 pt-5 text-sm dark:border-slate-700">
        <a href={loginHref} className="link">
          {t('site.passwordReset.backToLogin')}
        </a>
      </p>
    </div>
  );
}

function NewPasswordForm({
  language,
  token,
  loginHref,
  requestHref,
}: {
  language: Language;
  token: string;
  loginHref: string;
  requestHref: string;
}) {
  const t = translator(language);
  const api = useMemo(() => createApiClient({ language: () => language }), [language]);
  const [state, setState] = useState<Confirm>({ kind: 'idle' });
  const [invalid, setInvalid] = useState<'password' | 'confirm' | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (state.kind === 'done') doneRef.current?.focus();
  }, [state.kind]);

  async function save(password: string) {
    try {
      const answer = await api.post('/auth/password-reset/confirm', { body: { token, password } });
      setState({ kind: 'done', message: answer?.message ?? t('auth.passwordResetDone') });
    } catch (error) {
      const tokenInvalid = error instanceof ApiError && error.code === 'RESET_TOKEN_INVALID';
      const message = error instanceof ApiError ? loginFailureMessage(error, language) : t('errors.UNEXPECTED');
      setState({ kind: 'idle', error: message, tokenInvalid });
    }
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'saving') return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const password = text('password');
    const problem = newPasswordProblem(password, text('confirm'));
    if (problem) {
      setInvalid(problem.field);
      setState({ kind: 'idle', error: t(`errors.${problem.code}`) });
      (problem.field === 'password' ? passwordRef : confirmRef).current?.focus();
      return;
    }
    setInvalid(null);
    setState({ kind: 'saving' });
    void save(password);
  }

  if (state.kind === 'done') {
    return (
      <div data-reset-state="done">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300">
          <CheckIcon />
        </span>
        <h1
          ref={doneRef}
          tabIndex={-1}
          className="mt-4 text-2xl font-bold tracking-tight text-slate-950 focus:outline-none dark:text-white"
        >
          {t('site.passwordReset.new.done')}
        </h1>
        <p role="status" className="mt-3 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
          {state.message}
        </p>
        <a href={loginHref} className="btn-primary mt-6 w-full text-base">
          {t('site.passwordReset.new.signIn')}
        </a>
      </div>
    );
  }

  const saving = state.kind === 'saving';
  const error = state.kind === 'idle' ? state.error : undefined;
  return (
    <div data-reset-state={state.kind === 'idle' ? 'new-password' : 'saving'}>
      <h1 id="new-password-title" className="text-2xl font-bold tracking-tight text-slate-950 dark:text-white">
        {t('site.passwordReset.new.title')}
      </h1>
      <p className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
        {t('site.passwordReset.new.subtitle')}
      </p>
      <form
        method="post"
        noValidate
        aria-labelledby="new-password-title"
        aria-busy={saving}
        onSubmit={handleSubmit}
        className="mt-6 space-y-5"
      >
        {error && <ErrorAlert id={ALERT_ID} message={error} />}
        {state.kind === 'idle' && state.tokenInvalid && (
          <p className="text-sm">
            <a href={requestHref} className="link">
              {t('site.passwordReset.new.requestAgain')}
            </a>
          </p>
        )}
        <div>
          <label htmlFor="new-password" className={labelClass}>
            {t('site.passwordReset.new.password')}
          </label>
          <input
            ref={passwordRef}
            id="new-password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={LIMITS.passwordMinLength}
            maxLength={LIMITS.passwordMaxLength}
            aria-invalid={invalid === 'password' || undefined}
            aria-describedby={invalid === 'password' ? `${ALERT_ID} new-password-hint` : 'new-password-hint'}
            className={inputClass}
          />
          <p id="new-password-hint" className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
            {t('site.passwordReset.new.hint')}
          </p>
        </div>
        <div>
          <label htmlFor="new-password-confirm" className={labelClass}>
            {t('site.passwordReset.new.confirm')}
          </label>
          <input
            ref={confirmRef}
            id="new-password-confirm"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            maxLength={LIMITS.passwordMaxLength}
            aria-invalid={invalid === 'confirm' || undefined}
            aria-describedby={invalid === 'confirm' ? ALERT_ID : undefined}
            className={inputClass}
          />
        </div>
        <button type="submit" disabled={saving} className="btn-primary w-full text-base">
          {saving && <Spinner />}
          {saving ? t('site.passwordReset.new.submitting') : t('site.passwordReset.new.submit')}
        </button>
      </form>
    </div>
  );
}

function MailIcon() {
  return (
    <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" aria-hidden="true">
      <path d="M4 6h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Z" strokeLinejoin="round" />
      <path d="M3.5 7l8.5 6.5L20.5 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4.5 12.5l5 5 10-11" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
