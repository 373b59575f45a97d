import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  type ApiSuccess,
  loginBody,
  type LoginBody,
  type LoginResponse,
  passwordResetBody,
  type PasswordResetBody,
  passwordResetConfirmBody,
  type PasswordResetConfirmBody,
  type SessionUser,
} from '@kanat360/contracts';
import { type Translate } from '@kanat360/i18n';
import { type Request, type Response } from 'express';
import { type Principal } from '@/access/principal.js';
import { AppError } from '@/common/app-error.js';
import { requestLanguage } from '@/common/request-language.js';
import { RequestTranslator } from '@/common/translator.decorator.js';
import { ValidBody } from '@/common/zod-validation.js';
import { CurrentPrincipal, Public, SignedIn } from './access.decorators.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService, type IssuedSession, toSessionUser } from './auth.service.js';
import { clearSessionCookies, setSessionCookies } from './session-cookies.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly guard: AuthGuard,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  async login(
    @ValidBody(loginBody) body: LoginBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestTranslator() t: Translate,
  ): Promise<LoginResponse> {
    const issued = await this.auth.login(body, {
      ip: request.ip ?? 'unknown',
      userAgent: request.get('user-agent') ?? null,
      language: requestLanguage(request),
    });
    this.setCookies(request, response, issued);
    return { success: true, token: issued.token, user: issued.user, message: t('auth.loginSuccess') };
  }

  @Get('verify')
  @SignedIn()
  verify(): { success: true } {
    return { success: true };
  }

  @Get('profile')
  @SignedIn()
  profile(@CurrentPrincipal() principal: Principal): { success: true; user: SessionUser } {
    return { success: true, user: toSessionUser(principal) };
  }

  @Get('validate-session')
  @SignedIn()
  validateSession(
    @CurrentPrincipal() principal: Principal,
    @RequestTranslator() t: Translate,
  ): { success: true; user: SessionUser; message: string } {
    return {
      success: true,
      user: toSessionUser(principal),
      message: t('auth.sessionValid'),
    };
  }

  @Post('refresh')
  @HttpCode(200)
  @SignedIn()
  async refresh(
    @CurrentPrincipal() principal: Principal,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true; token: string; user: SessionUser }> {
    const issued = await this.auth.refresh(principal);
    this.setCookies(request, response, issued);
    return { success: true, token: issued.token, user: issued.user };
  }

  /**
   * Public so that a browser whose session already ended can still clear its cookies; a live session presented
   * with the request is revoked (a cookie one only with the XSRF header, so no other site can sign anybody out).
   */
  @Post('logout')
  @HttpCode(200)
  @Public()
  async logout(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    const principal = await this.guard.authenticate(request).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'XSRF_MISMATCH') throw error;
      return null;
    });
    if (principal) await this.auth.logout(principal);
    clearSessionCookies(request, response);
    return { success: true, data: null, message: t('auth.logoutSuccess') };
  }

  /** The same answer whether or not the email belongs to somebody. */
  @Post('password-reset')
  @HttpCode(200)
  @Public()
  async passwordReset(
    @ValidBody(passwordResetBody) body: PasswordResetBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.auth.requestPasswordReset(body);
    return { success: true, data: null, message: t('auth.passwordResetSent') };
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  @Public()
  async passwordResetConfirm(
    @ValidBody(passwordResetConfirmBody) body: PasswordResetConfirmBody,
    @RequestTranslator() t: Translate,
  ): Promise<ApiSuccess<null>> {
    await this.auth.confirmPasswordReset(body);
    return { success: true, data: null, message: t('auth.passwordResetDone') };
  }

  private setCookies(request: Request, response: Response, issued: IssuedSession): void {
    setSessionCookies(request, response, {
      token: issued.token,
      xsrfToken: this.auth.xsrfToken(issued.sessionId),
      expiresAt: issued.expiresAt,
    });
  }
}
