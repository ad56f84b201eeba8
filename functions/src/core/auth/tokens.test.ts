import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { decodeRefreshToken, encodeRefreshToken, signAccessToken, verifyAccessToken } from './tokens';

beforeAll(() => {
  process.env.JWT_SECRET = 'unit-test-secret-that-is-long-enough-0123456789';
});

describe('access tokens', () => {
  it('round-trips user, role and session', async () => {
    const token = await signAccessToken({ userId: 'u1', role: 'client', sessionId: 's1' });
    expect(await verifyAccessToken(token)).toEqual({ userId: 'u1', role: 'client', sessionId: 's1' });
  });

  it('refuses an expired, tampered or garbage token', async () => {
    const old = await signAccessToken(
      { userId: 'u1', role: 'client', sessionId: 's1' },
      new Date(Date.now() - 60 * 60 * 1000),
    );
    expect(await verifyAccessToken(old)).toBeUndefined();
    const token = await signAccessToken({ userId: 'u1', role: 'client', sessionId: 's1' });
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'u1', role: 'admin', sid: 's1' })).toString('base64url');
    expect(await verifyAccessToken(`${header}.${forgedPayload}.${signature}`)).toBeUndefined();
    expect(await verifyAccessToken('garbage')).toBeUndefined();
  });

  it('refuses a token without exp or iat, or one issued longer ago than an access token lives', async () => {
    const key = new TextEncoder().encode(process.env.JWT_SECRET);
    const base = () =>
      new SignJWT({ role: 'admin', sid: 's1' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u1')
        .setIssuer('orbit')
        .setAudience('orbit-api');
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(await verifyAccessToken(await base().setIssuedAt().setExpirationTime('10m').sign(key))).toEqual({
      userId: 'u1',
      role: 'admin',
      sessionId: 's1',
    });
    expect(await verifyAccessToken(await base().setIssuedAt().sign(key))).toBeUndefined();
    expect(await verifyAccessToken(await base().setExpirationTime('10m').sign(key))).toBeUndefined();
    const longLived = await base()
      .setIssuedAt(nowSeconds - 20 * 60)
      .setExpirationTime(nowSeconds + 24 * 60 * 60)
      .sign(key);
    expect(await verifyAccessToken(longLived)).toBeUndefined();
  });
});

describe('refresh tokens', () => {
  it('encode user, session and secret and reject malformed values', () => {
    const value = encodeRefreshToken({ userId: 'U1', sessionId: 'S1', secret: 'abc_-' });
    expect(decodeRefreshToken(value)).toEqual({ userId: 'U1', sessionId: 'S1', secret: 'abc_-' });
    expect(decodeRefreshToken(undefined)).toBeUndefined();
    expect(decodeRefreshToken('a.b')).toBeUndefined();
    expect(decodeRefreshToken('a.b.c;d')).toBeUndefined();
  });
});
