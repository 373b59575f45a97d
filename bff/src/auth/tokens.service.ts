import { createHmac, timingSafeEqual, webcrypto } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '@/common/app-error.js';
import { Clock } from '@/common/clock.js';
import { type Config, CONFIG } from '@/config/config.provider.js';

const ISSUER = 'kanat360';
const AUDIENCE = 'kanat360';
/** Checked tokens remembered at most (a token of every session a busy replica serves). */
const MAX_VERIFIED = 10_000;

export interface AccessTokenClaims {
  sessionId: string;
  userId: number;
  expiresAt: Date;
}

/**
 * Access tokens are HS256 JWTs (the algorithm is pinned: `none` and others are refused) that carry only the
 * session id, the user id and the expiry. The session row decides: a revoked session fails with a valid token.
 */
@Injectable()
export class TokensService {
  /** Imported once: jose imports raw key bytes into WebCrypto again on every call, which every request paid. */
  private readonly signingKey: Promise<webcrypto.CryptoKey>;
  private readonly xsrfKey: Buffer;
  /**
   * Tokens whose signature and claims were checked, by their exact text: the same text checks the same way until it
   * expires, and the check (WebCrypto, on the thread pool) cost every request a round trip there.
   */
  private readonly verified = new Map<string, AccessTokenClaims>();

  constructor(
    @Inject(CONFIG) config: Config,
    private readonly clock: Clock,
  ) {
    // Separate keys per purpose, both derived from the one session secret.
    this.signingKey = webcrypto.subtle.importKey(
      'raw',
      createHmac('sha256', config.sessionSecret).update('kanat360/jwt').digest(),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    this.xsrfKey = createHmac('sha256', config.sessionSecret).update('kanat360/xsrf').digest();
  }

  async sign(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(this.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
      .sign(await this.signingKey);
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt.getTime() > Date.now()) return known;
      this.verified.delete(token);
      throw new AppError('SESSION_EXPIRED');
    }
    const claims = await this.check(token);
    if (this.verified.size >= MAX_VERIFIED) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, claims);
    return claims;
  }

  private async check(token: string): Promise<AccessTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, await this.signingKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sid', 'sub', 'exp'],
      });
      const userId = Number(payload.sub);
      if (typeof payload.sid !== 'string' || !Number.isInteger(userId) || typeof payload.exp !== 'number') {
        throw new AppError('UNAUTHENTICATED');
      }
      return { sessionId: payload.sid, userId, expiresAt: new Date(payload.exp * 1000) };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AppError('SESSION_EXPIRED');
      throw new AppError('UNAUTHENTICATED');
    }
  }

  /** The XSRF token of a session: an HMAC of its id, so a cookie planted by another site cannot match. */
  xsrfToken(sessionId: string): string {
    return createHmac('sha256', this.xsrfKey).update(sessionId).digest('base64url');
  }

  xsrfMatches(sessionId: string, presented: string | undefined): boolean {
    if (!presented) return false;
    const expected = Buffer.from(this.xsrfToken(sessionId));
    const actual = Buffer.from(presented);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
