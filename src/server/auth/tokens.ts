import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Access tokens live one hour (docs/product.md §9's cached user data lives as long). */
export const TOKEN_TTL_SECONDS = 60 * 60;
/** Below this remaining lifetime a request is answered with a fresh token (sliding renewal). */
export const RENEW_WHEN_REMAINING_SECONDS = 30 * 60;
/** However often a session is renewed, it ends this long after the sign-in that started it. */
export const ABSOLUTE_SESSION_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  /** The user's token version when issued; bumping it revokes every older token. */
  tv: number;
  /** When the session began (seconds): the absolute limit counts from here. */
  sat: number;
  /** The session passed the second factor (accounts that need one: decision 045). */
  mfa?: true;
  iat: number;
  exp: number;
}

/** A sign-in waiting for its second factor lives ten minutes (decision 045). */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

export interface ChallengeClaims {
  sub: string;
  tv: number;
}

export class TokenService {
  constructor(private readonly secret: Uint8Array) {}

  async sign(
    userId: string,
    tokenVersion: number,
    sessionStart = Math.floor(Date.now() / 1000),
    opts: { mfa?: boolean } = {},
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const exp = Math.min(now + TOKEN_TTL_SECONDS, sessionStart + ABSOLUTE_SESSION_SECONDS);
    return new SignJWT({ tv: tokenVersion, sat: sessionStart, ...(opts.mfa ? { mfa: true } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.secret);
  }

  /** Verifies signature (HS256 only), expiry and shape; undefined for anything invalid. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      if (
        typeof payload.sub !== 'string' ||
        // A subject that is not a user id (a token signed by a leaked secret or another app) is simply invalid.
        !UUID.test(payload.sub) ||
        typeof payload.tv !== 'number' ||
        typeof payload.sat !== 'number' ||
        typeof payload.iat !== 'number' ||
        typeof payload.exp !== 'number' ||
        // A second-factor challenge is not a session.
        payload.p !== undefined
      ) {
        return undefined;
      }
      return payload as unknown as TokenClaims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return undefined;
      throw err;
    }
  }

  /** A fresh token when this one is close to expiry and the absolute session limit allows it. */
  async renewIfDue(claims: TokenClaims): Promise<string | undefined> {
    const now = Math.floor(Date.now() / 1000);
    if (claims.exp - now > RENEW_WHEN_REMAINING_SECONDS) return undefined;
    if (now >= claims.sat + ABSOLUTE_SESSION_SECONDS - 60) return undefined;
    return this.sign(claims.sub, claims.tv, claims.sat, { mfa: claims.mfa === true });
  }

  /**
   * What a right password earns an account that needs a second factor: not a session, only the right to send
   * the code (or to enrol one) for ten minutes. Revoked with the sessions (the token version).
   */
  async signChallenge(userId: string, tokenVersion: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ tv: tokenVersion, p: '2fa' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + CHALLENGE_TTL_SECONDS)
      .sign(this.secret);
  }

  async verifyChallenge(token: string): Promise<ChallengeClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.tv !== 'number')
        return undefined;
      if (payload.p !== '2fa') return undefined;
      return { sub: payload.sub, tv: payload.tv };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return undefined;
      throw err;
    }
  }
}
