import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { baseUrl, e2eStack, signInThroughForm, useBrowser } from '../support/browser';
import { seriousAxeViolations } from '../support/axe';
import { screenshotTaker } from '../support/screenshots';

/**
 * The user view in a real browser on the product as `npm start` serves it: editing the profile,
 * an avatar cropped in the browser, uploaded to the local S3 server and shown in the navbar at
 * once, the language saved to the account switching the app, French and Arabic (right to
 * left), a phone's width, and axe in light and dark.
 */

const artifacts = join(import.meta.dirname, 'artifacts', 'user-view');
const shot = screenshotTaker(artifacts);

const browser = useBrowser();
const password = 'Secret#2026';

/** A client of its own for each test, so edits here change no one another test reads. */
/** The code of the latest SMS the stack "sent" to a phone (its outbox file), once it is there. */
const smsCodeTo = (phone: string): Promise<string> =>
  vi.waitFor(
    () => {
      const lines = readFileSync(e2eStack().outboxFile, { encoding: 'utf8', flag: 'a+' }).split('\n').filter(Boolean);
      const texts = lines
        .map((line) => JSON.parse(line) as { to: string; text: string })
        .filter((sms) => sms.to === phone);
      const code = /\b(\d{6})\b/.exec(texts.at(-1)?.text ?? '')?.[1];
      if (!code) throw new Error(`no SMS to ${phone} yet`);
      return code;
    },
    { timeout: 20_000, interval: 50 },
  );

const registerClient = async (name: string): Promise<{ phone: string }> => {
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
  const phone = `+1555${suffix}`.padEnd(12, '0');
  const response = await fetch(`${baseUrl()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: name, phone, email: `viewer${suffix}@test.example`, password }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return { phone };
};

const signedIn = async (name: string, options: Parameters<typeof browser.newContext>[0] = {}) => {
  const { phone } = await registerClient(name);
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInThroughForm(page, phone, password);
  await page.waitForURL((url) => url.pathname !== '/login');
  return page;
};

/** Loaded: no request for half a second, nothing busy, no finite animation running. */
const ready = async (target: Page): Promise<void> => {
  await target.waitForLoadState('networkidle');
  await target.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await target.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
};

/** A 64×64 PNG in two colours (a picture the browser decodes, crops and re-encodes). */
const picture = (): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 64;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: size }, (_, y) =>
    Buffer.concat([
      Buffer.from([0]),
      ...Array.from({ length: size }, (_, x) => Buffer.from(x < y ? [20, 120, 200] : [250, 180, 40])),
    ]),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

beforeAll(() => {
  mkdirSync(artifacts, { recursive: true });
});

describe('the Account tab', () => {
  it('edits the profile; the side card and the navbar follow', async () => {
    const page = await signedIn('Edith Editor');
    await page.goto('/user/view?tab=account');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await ready(page);
    await page.getByRole('textbox', { name: 'Full name' }).fill('Edith Edited');
    await page.getByRole('textbox', { name: 'About' }).fill('Keeps every board tidy.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your profile is saved.').waitFor();
    await page.getByTestId('profile-name').filter({ hasText: 'Edith Edited' }).waitFor();
    await page.getByTestId('profile-card').getByText('Keeps every board tidy.').waitFor();
    await page.getByRole('button', { name: 'Account menu for Edith Edited' }).waitFor();
    // Reloaded, the server's copy says the same.
    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Full name' }).inputValue()).toBe('Edith Edited');
  });

  it('crops and uploads an avatar, shown in the navbar at once', async () => {
    const page = await signedIn('Pia Picture');
    await page.goto('/user/view');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await ready(page);
    await page.getByTestId('avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture() });
    const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
    await dialog.waitFor();
    await dialog.getByRole('slider', { name: 'Zoom' }).waitFor();
    await ready(page);
    await shot(page, 'crop-dialog');
    await dialog.getByRole('button', { name: 'Save picture' }).click();
    await page.getByText('Your picture is saved.').waitFor();
    const navbarPicture = page.getByRole('button', { name: 'Account menu for Pia Picture' }).locator('img');
    await navbarPicture.waitFor();
    const src = (await navbarPicture.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/media\/avatars\/[\w-]+\/[0-9A-Z]{26}\.(webp|jpg)$/);
    // Served by the app's origin from the local S3 server, a 256×256 picture.
    const size = await navbarPicture.evaluate((image: HTMLImageElement) =>
      image.complete ? { width: image.naturalWidth, height: image.naturalHeight } : null,
    );
    expect(size).toEqual({ width: 256, height: 256 });
    expect(await page.getByTestId('profile-card').locator(`img[src="${src}"]`).count()).toBe(1);
    await shot(page, 'avatar-saved');
  });

  it('changes the sign-in phone with the password and the code sent to the new number, then signs in with it', async () => {
    const page = await signedIn('Milo Mover');
    await page.goto('/user/view');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await ready(page);
    await page.getByRole('button', { name: 'Change phone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change your phone' });
    const newPhone = `+1555${Date.now().toString().slice(-7)}`;
    await dialog.getByRole('textbox', { name: 'New phone' }).fill(newPhone);
    // The account's password, not only the open session, moves how it signs in.
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText(`We sent a 6-digit code to ${newPhone}.`, { exact: false }).waitFor();
    const code = await smsCodeTo(newPhone);
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code === '000000' ? '111111' : '000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('The code is wrong or has expired.').waitFor();
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Your phone is changed; sign in with it from now on.').waitFor();
    await page.getByTestId('profile-card').getByText(newPhone).waitFor();

    const again = await (await browser.newContext()).newPage();
    await signInThroughForm(again, newPhone, password);
    await again.waitForURL((url) => url.pathname !== '/login');
  });

  it('saves the language to the account and switches the app to it', async () => {
    const page = await signedIn('Lena Langue');
    await page.goto('/user/view');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await ready(page);
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'French' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profil', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await ready(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'fr-account');
  });
});

describe('accessibility and layout', () => {
  it.each(['light', 'dark'] as const)('axe finds nothing serious on the Account tab, %s', async (scheme) => {
    const page = await signedIn(`Axel ${scheme}`, { colorScheme: scheme });
    await page.goto('/user/view?tab=account');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.getByRole('textbox', { name: 'Full name' }).waitFor();
    await ready(page);
    const problems = await seriousAxeViolations(page);
    await shot(page, `${scheme}-account`);
    await page.getByRole('button', { name: 'Change phone' }).click();
    await page.getByRole('dialog', { name: 'Change your phone' }).waitFor();
    await ready(page);
    problems.push(...(await seriousAxeViolations(page)).map((problem) => `phone dialog: ${problem}`));
    expect(problems).toEqual([]);
  });

  it('reads right to left in Arabic', async () => {
    const page = await signedIn('Rami Rtl');
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/user/view?tab=account');
    await page.getByRole('heading', { level: 1, name: 'الملف الشخصي' }).waitFor();
    await page.getByRole('tab', { name: 'الحساب' }).waitFor();
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The side card is on the right, the tabs to its left.
    const card = await page.getByTestId('profile-card').boundingBox();
    const tabs = await page.getByRole('tablist').boundingBox();
    expect(card && tabs && card.x > tabs.x).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'ar-account');
  });

  it('fits a phone: nothing wider than the window', async () => {
    const page = await signedIn('Phoebe Phone', { viewport: { width: 390, height: 844 } });
    for (const tab of ['account', 'security']) {
      await page.goto(`/user/view?tab=${tab}`);
      await page.getByTestId('profile-card').waitFor();
      await ready(page);
      const { scrollWidth, width } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        width: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, tab).toBeLessThanOrEqual(width);
      await shot(page, `phone-${tab}`);
    }
  });

  it('shows the not-found page for another user’s id', async () => {
    const page = await signedIn('Nadia Nosy');
    await page.goto('/user/view?id=01JSOMEONEELSE000000000000');
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    expect(await page.getByTestId('profile-card').count()).toBe(0);
  });
});
