import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { e2eStack, useBrowser, pathAndQuery, signInThroughForm } from '../support/browser';

const browser = useBrowser();

const openPage = async () => (await browser.newContext()).newPage();

/** The newest reset code the local stack sent to a phone (its SMS outbox file). */
const lastCodeSentTo = (phone: string): string | undefined => {
  const messages = readFileSync(e2eStack().outboxFile, { encoding: 'utf8', flag: 'a+' })
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string });
  const last = messages.filter((message) => message.to === phone).at(-1);
  return last ? /\b(\d{6})\b/.exec(last.text)?.[1] : undefined;
};

describe('signing in', () => {
  it.each([
    ['an admin', '+15550100001', 'Admin#2026'],
    ['a client', '+15550100002', 'Client#2026'],
  ])('lands %s on /apps/projects and stores userData, accessToken and the rules', async (_who, phone, password) => {
    const page = await openPage();
    await signInThroughForm(page, phone, password);
    await page.waitForURL('**/apps/projects');
    const stored = await page.evaluate(() => ({
      userData: localStorage.getItem('userData'),
      accessToken: localStorage.getItem('accessToken'),
      userAbilityRules: localStorage.getItem('userAbilityRules'),
    }));
    expect(JSON.parse(stored.userData ?? '{}')).toMatchObject({ phone });
    expect(stored.accessToken).toMatch(/^ey/);
    expect(JSON.parse(stored.userAbilityRules ?? '[]')).not.toHaveLength(0);
    await page.context().close();
  });

  it('sends a signed-out visit to /apps/chat?x=1 to /login?x=1&to=/apps/chat, then on to the chat after sign-in', async () => {
    const page = await openPage();
    await page.goto('/apps/chat?x=1');
    await page.waitForURL('**/login**');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('x')).toBe('1');
    expect(url.searchParams.get('to')).toBe('/apps/chat');
    await page.getByLabel('Phone', { exact: true }).fill('+15550100001');
    await page.getByLabel('Password', { exact: true }).fill('Admin#2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((target) => target.pathname === '/apps/chat');
    await page.context().close();
  });

  it('shows the wrong-password error under the phone field', async () => {
    const page = await openPage();
    await signInThroughForm(page, '+15550100003', 'not-the-password');
    const phone = page.getByLabel('Phone', { exact: true });
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await phone.getAttribute('aria-describedby')) ?? '';
    await expect
      .poll(() => page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent())
      .toBe('That phone number and password do not match an account.');
    expect(pathAndQuery(page)).toBe('/login');
    await page.context().close();
  });

  it('sends a phone typed with spaces and dashes in E.164, and catches an empty form before sending', async () => {
    const page = await openPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) sent.push(request.postData() ?? '');
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const phone = page.getByLabel('Phone', { exact: true });
    await expect.poll(() => phone.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Enter your phone number').waitFor();
    expect(sent).toEqual([]);

    await phone.fill('+1 555-010 0001');
    await page.getByLabel('Password', { exact: true }).fill('Admin#2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/apps/projects');
    expect(sent.map((body) => (JSON.parse(body) as { phone: string }).phone)).toEqual(['+15550100001']);
    await page.context().close();
  });

  it.each([
    ['fr', 'Ce numéro de téléphone et ce mot de passe ne correspondent à aucun compte.'],
    ['ar', 'لا يتطابق رقم الهاتف وكلمة المرور مع أي حساب.'],
  ])('words a failed sign-in for a phone in %s', async (language, message) => {
    const page = await openPage();
    await page.addInitScript((value) => localStorage.setItem('language', value), language);
    await page.goto('/login');
    await page.locator('input[name="phone"]').fill('+15550100004');
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.locator('button[type="submit"]').click();
    await page.getByText(message).waitFor();
    await page.context().close();
  });

  it('sends a client on an admin-only route to /not-authorized', async () => {
    const page = await openPage();
    await signInThroughForm(page, '+15550100002', 'Client#2026');
    await page.waitForURL('**/apps/projects');
    await page.goto('/apps/channels');
    await page.waitForURL('**/not-authorized');
    await expect.poll(() => page.title()).toBe('Not Authorized - 401');
    await page.context().close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await openPage();
    await page.goto('/no/such/page');
    await expect.poll(() => page.title()).toBe('Page Not Found - 404');
    expect(pathAndQuery(page)).toBe('/no/such/page');
    await page.context().close();
  });

  it('signs out on the server and clears the stored values', async () => {
    const page = await openPage();
    await signInThroughForm(page, '+15550100001', 'Admin#2026');
    await page.waitForURL('**/apps/projects');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await page
      .getByRole('button', { name: /account/i })
      .first()
      .click();
    // The menu's code loads with its first opening: wait for the item, do not count it.
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login**');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    await page.context().close();
  });
});

describe('registering and recovering a password', () => {
  it('registers a new client, who lands on /apps/projects', async () => {
    const page = await openPage();
    await page.goto('/register?ref=OLIVIA01');
    await expect.poll(() => page.getByLabel(/Referral code/).inputValue()).toBe('OLIVIA01');
    await page.getByLabel(/^Full name/).fill('Rosa Parks');
    await page.getByLabel(/^Phone/).fill('+15550155001');
    await page.getByLabel(/^Email/).fill('rosa@example.com');
    await page.getByLabel(/^Password/).fill('Montgomery#1955');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/apps/projects');
    await page.context().close();
  });

  it('says an unknown referral code does not exist', async () => {
    const page = await openPage();
    await page.goto('/register?ref=NOSUCH99');
    await page.getByLabel(/^Full name/).fill('Nobody Referred');
    await page.getByLabel(/^Phone/).fill('+15550155002');
    await page.getByLabel(/^Email/).fill('nobody.referred@example.com');
    await page.getByLabel(/^Password/).fill('Montgomery#1955');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('No account has this referral code. Check it, or leave the field empty.').waitFor();
    expect(await page.getByText('A referral code has 4 to 16 letters or digits.').count()).toBe(0);
    expect(pathAndQuery(page)).toBe('/register?ref=NOSUCH99');
    await page.context().close();
  });

  it('keeps the second step of password recovery across a reload', async () => {
    const page = await openPage();
    await page.goto('/forgot-password');
    await page.getByLabel(/^Phone/).fill('+15550100007');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel(/^Verification code/).waitFor();
    await page.reload();
    await page.getByLabel(/^Verification code/).waitFor();
    await page.getByText(/a code is on its way/).waitFor();
    await page.getByRole('button', { name: 'Use another phone number' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Send code' }).waitFor();
    await page.context().close();
  });

  it('resets a forgotten password with the code the server sent', async () => {
    const page = await openPage();
    await page.goto('/forgot-password');
    await page.getByLabel(/^Phone/).fill('+15550100006');
    await page.getByRole('button', { name: 'Send code' }).click();
    // The background worker sends it a moment after the request.
    await expect.poll(() => lastCodeSentTo('+15550100006'), { timeout: 15_000 }).toMatch(/^\d{6}$/);
    const code = lastCodeSentTo('+15550100006') ?? '';
    await page.getByLabel(/^Verification code/).fill(code);
    await page.getByLabel(/^New password/).fill('Brandnew#2026');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password changed').waitFor();
    await signInThroughForm(page, '+15550100006', 'Brandnew#2026');
    await page.waitForURL('**/apps/projects');
    await page.context().close();
  });
});
