import { randomBytes } from 'node:crypto';

import { beforeAll, describe, expect, it } from 'vitest';

import { refresh, refreshGraceMs, signOut } from '@orbit/functions/auth/service';
import { UnauthorizedError } from '@orbit/functions/core/errors';

import { demo } from '../support/api-stack';

import { callerOf, refreshValueOf, signInWith } from './support/auth-fixtures';
import { useTestClock } from './support/clock';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * Refreshing and ending sessions (docs/decisions.md, "Refresh tokens"), the rules at the service:
 * the refresh cookie's value goes in as the browser sends it, and "the next request" is the
 * authentication every signed-in route runs (callerOf). The grace of a replaced secret is passed
 * by moving the clock. How the cookie travels (httpOnly, Secure, SameSite, its path, a cleared
 * one on sign-out) is shown over HTTP in tests/api/auth-sign-in.test.ts.
 */

const clock = useTestClock();

beforeAll(async () => {
  await copySeededWorkspace();
});

/** A browser's sign-in: its access token and the value of its refresh cookie. */
const browserOf = async (who: { phone: string; password: string }) => {
  const { body, cookie } = await signInWith(who.phone, who.password);
  return { accessToken: body.accessToken, cookie: refreshValueOf(cookie) };
};

describe('refreshing a session', () => {
  it('rotates the refresh cookie and issues a new access token', async () => {
    const browser = await browserOf(demo.admin);
    const refreshed = await refresh(browser.cookie);
    expect(refreshed.body.userData.role).toBe('admin');
    const second = refreshValueOf(refreshed.cookie);
    expect(second).not.toBe(browser.cookie);
    await expect(callerOf(refreshed.body.accessToken)).resolves.toMatchObject({ principal: { role: 'admin' } });
  });

  it('revokes the session when a replaced refresh token is presented after the grace of a few seconds', async () => {
    const browser = await browserOf(demo.clientA);
    const stolen = browser.cookie;
    const rotated = await refresh(stolen);
    clock.advance(refreshGraceMs + 1000);

    await expect(refresh(stolen)).rejects.toBeInstanceOf(UnauthorizedError);

    // The legitimate holder's newer token and access token die with the session.
    await expect(refresh(refreshValueOf(rotated.cookie))).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(callerOf(rotated.body.accessToken)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('keeps the session when two tabs refresh with the same cookie at once', async () => {
    const { cookie: shared } = await browserOf(demo.clientB);
    const answers = await Promise.all([refresh(shared), refresh(shared)]);
    // One rotation: the winner sets the new cookie, the other tab leaves the shared jar alone.
    const rotated = answers.filter((answer) => answer.cookie !== undefined);
    expect(rotated).toHaveLength(1);
    for (const answer of answers) await expect(callerOf(answer.body.accessToken)).resolves.toBeDefined();
    await expect(refresh(refreshValueOf(rotated[0]?.cookie))).resolves.toBeDefined();
  });

  it('accepts the just-replaced cookie from a slower tab within the grace, without rotating again', async () => {
    const { cookie } = await browserOf(demo.clientB);
    const tabA = await refresh(cookie);
    const late = await refresh(cookie);
    expect(late.body.accessToken).toEqual(expect.any(String));
    expect(late.cookie).toBeUndefined();
    await expect(refresh(refreshValueOf(tabA.cookie))).resolves.toBeDefined();
  });

  it("does not let a cookie with someone's session id and a wrong secret end that session", async () => {
    const victim = await browserOf(demo.admin);
    const [userId, sessionId] = victim.cookie.split('.');
    for (const secret of ['guessed-secret', randomBytes(32).toString('base64url')]) {
      const forged = `${userId}.${sessionId}.${secret}`;
      await expect(refresh(forged)).rejects.toBeInstanceOf(UnauthorizedError);
      // Signing out with it is answered (the cookie cleared) and ends nothing.
      await expect(signOut(forged, undefined)).resolves.toMatch(/^orbit_refresh=;/);
    }
    await expect(callerOf(victim.accessToken)).resolves.toBeDefined();
    await expect(refresh(victim.cookie)).resolves.toBeDefined();
  });

  it('refuses a refresh without a cookie or with a malformed one', async () => {
    await expect(refresh(undefined)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(refresh('garbage')).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('signing out', () => {
  it('revokes the session: the access token and the refresh cookie stop working', async () => {
    const browser = await browserOf(demo.admin);
    const cleared = await signOut(browser.cookie, browser.accessToken);
    expect(cleared).toMatch(/^orbit_refresh=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    await expect(callerOf(browser.accessToken)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(refresh(browser.cookie)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('leaves other sessions of the same user signed in', async () => {
    const laptop = await browserOf(demo.clientB);
    const phone = await browserOf(demo.clientB);
    await signOut(laptop.cookie, laptop.accessToken);
    await expect(callerOf(phone.accessToken)).resolves.toBeDefined();
  });

  it('ends both sessions when the cookie names one and the access token another', async () => {
    const laptop = await browserOf(demo.clientA);
    const tablet = await browserOf(demo.clientA);
    await signOut(laptop.cookie, tablet.accessToken);
    await expect(callerOf(laptop.accessToken)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(callerOf(tablet.accessToken)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('is harmless when already signed out', async () => {
    await expect(signOut(undefined, undefined)).resolves.toMatch(/Max-Age=0/);
  });
});
