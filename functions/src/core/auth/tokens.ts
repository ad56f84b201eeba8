import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

import { jwtSecret } from '../secrets';

/** Access tokens are short-lived: revocation takes effect through the session check anyway. */
export const accessTokenTtlSeconds = 15 * 60;
export const refreshTokenTtlSeconds = 30 * 24 * 60 * 60;
export const refreshCookieName = 'orbit_refresh';

export interface AccessClaims {
  readonly userId: string;
  readonly role: string;
  readonly sessionId: string;
}

const issuer = 'orbit';
const audience = 'orbit-api';

export const signAccessToken = async (claims: AccessClaims, now = new Date()): Promise<string> =>
  new SignJWT({ role: claims.role, sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + accessTokenTtlSeconds)
    .sign(await jwtSecret());

/**
 * Returns the claims of a valid token, or undefined for a forged, expired or malformed one. A
 * token must say when it expires and when it was issued, and be no older than an access token
 * lives: jose alone accepts a token without `exp` for ever.
 */
export const verifyAccessToken = async (token: string): Promise<AccessClaims | undefined> => {
  try {
    const { payload } = await jwtVerify(token, await jwtSecret(), {
      issuer,
      audience,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: accessTokenTtlSeconds,
    });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sid !== 'string') {
      return undefined;
    }
    return { userId: payload.sub, role: payload.role, sessionId: payload.sid };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return undefined;
    throw error;
  }
};

/**
 * A refresh token names its session and carries a random secret; only the secret's hash is
 * stored, so a database read does not hand out sessions.
 */
export interface RefreshToken {
  readonly userId: string;
  readonly sessionId: string;
  readonly secret: string;
}

export const newRefreshSecret = (): string => randomBytes(32).toString('base64url');

export const encodeRefreshToken = (token: RefreshToken): string => `${token.userId}.${token.sessionId}.${token.secret}`;

export const decodeRefreshToken = (value: string | undefined): RefreshToken | undefined => {
  const parts = value?.split('.');
  if (!parts || parts.length !== 3 || parts.some((part) => !/^[\w-]{1,64}$/.test(part))) return undefined;
  const [userId, sessionId, secret] = parts as [string, string, string];
  return { userId, sessionId, secret };
};

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const refreshCookie = (value: string, maxAgeSeconds = refreshTokenTtlSeconds): string =>
  `${refreshCookieName}=${value}; Path=/api/auth; HttpOnly; Secure; SameSite=Strict; Max-Age=${maxAgeSeconds}`;

export const clearedRefreshCookie = (): string => refreshCookie('', 0);
