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
