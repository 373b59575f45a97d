import { Controller, Req, Res } from '@nestjs/common';
import {
  aliveAnswer,
  doneAnswer,
  loginBody,
  type LoginBody,
  passwordResetBody,
  type PasswordResetBody,
  passwordResetConfirmBody,
  type PasswordResetConfirmBody,
  sessionAnswer,
  sessionUserAnswer,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Request, type Response } from 'express';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { requestLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { Route, RouteGroup, ValidBody } from '@/openapi/route.js';
import { CurrentPrincipal } from './access.decorators.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService, type IssuedSession, toSessionUser } from './auth.service.js';
import { clearSessionCookies, setSessionCookies } from './session-cookies.js';

const EXAMPLE_USER = {
  id: 41,
  first_name: 'Ayşe',
  last_name: 'Yılmaz',
  email: 'operator@demo.kanat360.local',
  role: 'operator',
  company_id: 1000,
  company_name: 'Anadolu Rüzgar Enerji A.Ş.',
  is_active: true,
  language: 'tr',
  permissions: ['turbine.read', 'media.read', 'media.upload'],
  session_expires_at: '2025-06-12T02:15:00.000Z',
} as const;

@RouteGroup('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly guard: AuthGuard,
  ) {}

  @Route('POST', 'login', {
    summary: 'Signs in: a session cookie for browsers, a bearer token for API clients',
    description:
      'Sets the httpOnly session cookie and the XSRF-TOKEN cookie (a browser echoes it in X-XSRF-TOKEN on ' +
      'mutations). Failed attempts are throttled per address and per account and address (429 ' +
      'TOO_MANY_ATTEMPTS); the failure never says which part was wrong.',
    access: 'public',
    body: loginBody,
    answers: { 200: sessionAnswer.meta({ description: 'Signed in' }) },
    errors: ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'],
    example: {
      body: { email: 'operator@demo.kanat360.local', password: 'kanat360-demo' },
      answer: {
        success: true,
        token: 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiI0MiJ9.c2lnbmF0dXJl',
        user: EXAMPLE_USER,
        message: 'Giriş başarılı',
      },
    },
  })
  async login(
    @ValidBody() body: LoginBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestTranslator() t: Translate,
  ) {
    const issued = await this.auth.login(body, {
      ip: request.ip ?? 'unknown',
      userAgent: request.get('user-agent') ?? null,
      language: requestLanguage(request),
    });
    this.setCookies(request, response, issued);
    return { success: true as const, token: issued.token, user: issued.user, message: t('auth.loginSuccess') };
  }

  @Route('GET', 'verify', {
    summary: 'Whether the session is alive',
    access: 'signed-in',
    answers: { 200: aliveAnswer },
  })
  verify() {
    return { success: true as const };
  }

  @Route('GET', 'profile', {
    summary: 'The signed-in user',
    access: 'signed-in',
    answers: { 200: sessionUserAnswer },
  })
  profile(@CurrentPrincipal() principal: Principal) {
    return { success: true as const, user: toSessionUser(principal) };
  }

  @Route('GET', 'validate-session', {
    summary: 'The signed-in user, with a message that the session is valid',
    access: 'signed-in',
    answers: { 200: sessionUserAnswer },
  })
  validateSession(@CurrentPrincipal() principal: Principal, @RequestTranslator() t: Translate) {
    return {
      success: true as const,
      user: toSessionUser(principal),
      message: t('auth.sessionValid'),
    };
  }

  @Route('POST', 'refresh', {
    summary: 'Extends the session by SESSION_TTL_HOURS, never past its absolute lifetime',
    access: 'signed-in',
    answers: { 200: sessionAnswer.meta({ description: 'The session, extended' }) },
  })
  async refresh(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ) {
    const issued = await this.auth.refresh(principal);
    this.setCookies(request, response, issued);
    return { success: true as const, token: issued.token, user: issued.user };
  }

  /**
   * Public so that a browser whose session already ended can still clear its cookies; a live session presented
   * with the request is revoked (a cookie one only with the XSRF header, so no other site can sign anybody out).
   */
  @Route('POST', 'logout', {
    summary: 'Signs out: the session presented is revoked and the cookies cleared',
    description:
      'Open to anybody, so a browser whose session already ended can clear its cookies. A cookie session is only ' +
      'revoked with the XSRF header (403 XSRF_MISMATCH without it).',
    access: 'public',
    answers: { 200: doneAnswer },
    errors: ['XSRF_MISMATCH'],
  })
  async logout(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestTranslator() t: Translate,
  ) {
    const principal = await this.guard.authenticate(request).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'XSRF_MISMATCH') throw error;
      return null;
    });
    if (principal) await this.auth.logout(principal);
    clearSessionCookies(request, response);
    return { success: true as const, data: null, message: t('auth.logoutSuccess') };
  }

  /** The same answer whether or not the email belongs to somebody. */
  @Route('POST', 'password-reset', {
    summary: 'Mails a password reset link (valid 1 hour, once)',
    description: 'The same answer whether or not the email belongs to somebody.',
    access: 'public',
    body: passwordResetBody,
    answers: { 200: doneAnswer },
  })
  async passwordReset(@ValidBody() body: PasswordResetBody, @RequestTranslator() t: Translate) {
    await this.auth.requestPasswordReset(body);
    return { success: true as const, data: null, message: t('auth.passwordResetSent') };
  }

  @Route('POST', 'password-reset/confirm', {
    summary: "Sets a new password with a reset link's token",
    description: 'Every session of the user ends.',
    access: 'public',
    body: passwordResetConfirmBody,
    answers: { 200: doneAnswer },
    errors: ['RESET_TOKEN_INVALID', 'PASSWORD_TOO_COMMON'],
  })
  async passwordResetConfirm(@ValidBody() body: PasswordResetConfirmBody, @RequestTranslator() t: Translate) {
    await this.auth.confirmPasswordReset(body);
    return { success: true as const, data: null, message: t('auth.passwordResetDone') };
  }

  private setCookies(request: Request, response: Response, issued: IssuedSession): void {
    setSessionCookies(request, response, {
      token: issued.token,
      xsrfToken: this.auth.xsrfToken(issued.sessionId),
      expiresAt: issued.expiresAt,
    });
  }
}
