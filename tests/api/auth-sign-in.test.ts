import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { db } from '@orbit/functions/core/db';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';

let stack: LocalStack;
const client = () => new ApiClient(stack.url);
const invalid = { errors: { phone: ['Invalid email or password'] } };

beforeAll(async () => {
  stack = await startApiStack();
});
afterAll(async () => {
  await stack.stop();
});

describe('GET /api/health', () => {
  it('answers 200 {"status":"ok"}', async () => {
    const response = await client().request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers 404 for a path that is not in the route table', async () => {
    const response = await client().request('GET', '/api/nope');
    expect(response.status).toBe(404);
  });
});

describe('POST /api/auth/login (docs/product.md#calls)', () => {
  it('returns 201 with exactly userAbilityRules, accessToken and userData for the admin', async () => {
    const response = await client().request<Record<string, unknown>>('POST', '/api/auth/login', { body: demo.admin });
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(['accessToken', 'userAbilityRules', 'userData']);
    expect(response.body.userAbilityRules).toEqual([{ action: 'manage', subject: 'all' }]);
    const userData = response.body.userData as Record<string, unknown>;
    expect(userData).toMatchObject({ fullName: 'Olivia Bennett', phone: demo.admin.phone, role: 'admin' });
    expect(Object.keys(userData).sort()).toEqual(['avatar', 'email', 'fullName', 'id', 'phone', 'role', 'username']);
    expect(JSON.stringify(response.body)).not.toMatch(/password|scrypt/i);
    expect(userData).not.toHaveProperty('abilityRules');
  });

  it("gives a client read AclDemo and conditions on the client's own data", async () => {
    const response = await client().request<{ userAbilityRules: unknown[]; userData: { id: string; role: string } }>(
      'POST',
      '/api/auth/login',
      { body: demo.clientA },
    );
    expect(response.status).toBe(201);
    expect(response.body.userData.role).toBe('client');
    expect(response.body.userAbilityRules).toContainEqual({ action: 'read', subject: 'AclDemo' });
    expect(response.body.userAbilityRules).toContainEqual({
      action: 'read',
      subject: 'Project',
      conditions: { clientId: response.body.userData.id },
    });
  });

  it('issues a short-lived JWT naming user, role and session', async () => {
    const response = await client().signIn(demo.admin.phone, demo.admin.password);
    const [, payload = ''] = response.body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: response.body.userData.id, role: 'admin' });
    expect(typeof claims.sid).toBe('string');
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(15 * 60);
  });

  it('sets the refresh token as an httpOnly, Secure, SameSite=Strict cookie scoped to /api/auth', async () => {
    const response = await client().request('POST', '/api/auth/login', { body: demo.admin });
    const cookie = response.cookies.find((value) => value.startsWith('orbit_refresh='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/api\/auth/);
  });

  it.each([
    ['a wrong password', { phone: demo.admin.phone, password: 'admin#2026' }],
    ['an unknown phone', { phone: '+15559999999', password: demo.admin.password }],
    [
      'a phone with surrounding spaces (no trimming)',
      { phone: ` ${demo.admin.phone} `, password: demo.admin.password },
    ],
    [
      'a password with a trailing space (no trimming)',
      { phone: demo.admin.phone, password: `${demo.admin.password} ` },
    ],
    ['a missing password', { phone: demo.admin.phone }],
    ['a numeric phone', { phone: 15550100001, password: demo.admin.password }],
    ['an empty body', {}],
  ])('answers 400 with the sign-in error of docs/product.md#errors for %s', async (_case, body) => {
    const response = await client().request('POST', '/api/auth/login', { body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid);
  });

  it('answers 400 with the sign-in error of docs/product.md#errors for a body that is not JSON', async () => {
    const response = await client().request('POST', '/api/auth/login', { rawBody: '{"phone":' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid);
  });

  it('puts an exception raised while building the response into errors.phone', async () => {
    // A stored profile that cannot become userData (no fullName): building the response throws.
    const { hashPassword } = await import('@orbit/functions/core/auth/passwords');
    const id = 'BROKENPROFILE0000000000001';
    const phone = '+15550177777';
    await db().send(
      new PutCommand({
        TableName: stack.tableName,
        Item: {
          pk: `USER#${id}`,
          sk: 'PROFILE',
          id,
          phone,
          role: 'client',
          email: 'b@x.example',
          username: 'b',
          passwordHash: await hashPassword('Broken#2026'),
        },
      }),
    );
    await db().send(
      new PutCommand({ TableName: stack.tableName, Item: { pk: `PHONE#${phone}`, sk: 'UNIQUE', userId: id } }),
    );
    const response = await client().request('POST', '/api/auth/login', { body: { phone, password: 'Broken#2026' } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ errors: { phone: ['The user profile is incomplete (fullName)'] } });
  });
});

describe('signed-in routes', () => {
  it('answer 401 without a token, with a forged token and with an expired token', async () => {
    const signedIn = client();
    const { body } = await signedIn.signIn(demo.admin.phone, demo.admin.password);
    expect((await signedIn.request('GET', '/api/auth/me')).status).toBe(200);

    expect((await client().request('GET', '/api/auth/me')).status).toBe(401);

    const forged = await new SignJWT({ role: 'admin', sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.userData.id)
      .setIssuer('orbit')
      .setAudience('orbit-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('not-the-server-secret-but-long-enough-1234'));
    expect((await client().request('GET', '/api/auth/me', { token: forged })).status).toBe(401);

    const [, payload = ''] = body.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string };
    const expired = await new SignJWT({ role: 'admin', sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(body.userData.id)
      .setIssuer('orbit')
      .setAudience('orbit-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 1800)
      .sign(new TextEncoder().encode(process.env.JWT_SECRET));
    expect((await client().request('GET', '/api/auth/me', { token: expired })).status).toBe(401);
  });

  it('GET /api/auth/me returns the user and rules without secrets', async () => {
    const signedIn = client();
    await signedIn.signIn(demo.clientA.phone, demo.clientA.password);
    const me = await signedIn.request<{ userData: { phone: string }; userAbilityRules: unknown[] }>(
      'GET',
      '/api/auth/me',
    );
    expect(me.status).toBe(200);
    expect(me.body.userData.phone).toBe(demo.clientA.phone);
    expect(JSON.stringify(me.body)).not.toMatch(/passwordHash|scrypt/);
  });
});
