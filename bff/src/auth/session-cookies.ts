import { SESSION_COOKIE, XSRF_COOKIE } from '@kanat360/contracts';
import { type CookieOptions, type Request, type Response } from 'express';

function base(request: Request): CookieOptions {
  // Secure whenever the request came over https (directly or, with TRUST_PROXY, through a proxy).
  return { sameSite: 'lax', secure: request.secure, path: '/' };
}

/** The session rides in an httpOnly cookie no script can read; the XSRF token in one the client echoes back. */
export function setSessionCookies(
  request: Request,
  response: Response,
  session: { token: string; xsrfToken: string; expiresAt: Date },
): void {
  response.cookie(SESSION_COOKIE, session.token, { ...base(request), httpOnly: true, expires: session.expiresAt });
  response.cookie(XSRF_COOKIE, session.xsrfToken, { ...base(request), httpOnly: false, expires: session.expiresAt });
}

export function clearSessionCookies(request: Request, response: Response): void {
  response.clearCookie(SESSION_COOKIE, { ...base(request), httpOnly: true });
  response.clearCookie(XSRF_COOKIE, { ...base(request), httpOnly: false });
}

/** The presented access token and how it came: the Authorization header (API clients) or the cookie (browsers). */
export function presentedToken(request: Request): { token: string; via: 'bearer' | 'cookie' } | null {
  const header = request.get('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    return match?.[1] ? { token: match[1], via: 'bearer' } : null;
  }
  const cookies = request.cookies as Record<string, string | undefined> | undefined;
  const cookie = cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}
