import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { useBrowser } from '../support/browser';
import { runAxe, type AxeViolation } from '../support/axe';
import { screenshotTaker } from '../support/screenshots';

/**
 * The application shell in a real browser (issue 3): navigation layouts and the overlay below
 * 1280 px, themes and their cookies, Arabic right-to-left, language persistence, scroll-to-top,
 * the loading bar, search, shortcuts, the customizer, keyboard use of the navbar's menus and the
 * navigation's groups, and axe-core on the shell in light and dark, left-to-right and
 * right-to-left. Screenshots, when asked for (E2E_SCREENSHOTS=1), go to tests/e2e/artifacts/ (git-ignored).
 */

const artifacts = join(import.meta.dirname, 'artifacts');
/** The viewport, not the whole page: the shell is what these pictures are of. */
const shot = screenshotTaker(artifacts, { fullPage: false });
const admin = { phone: '+15550100001', password: 'Admin#2026' };
const client = { phone: '+15550100002', password: 'Client#2026' };
const thirtyDays = 30 * 24 * 60 * 60;

const browser = useBrowser();

beforeAll(() => {
  mkdirSync(artifacts, { recursive: true });
});

const open = async (options: BrowserContextOptions = {}): Promise<Page> => {
  const context = await browser.newContext(options);
  return context.newPage();
};

/**
 * A page signed in as `who` (through the API: the form is sign-in.test.ts's and the axe cases'
 * below), at `at` (where the form lands, by default) once the shell has rendered.
 */
const signedIn = async (who = admin, options: BrowserContextOptions = {}, at = '/apps/projects'): Promise<Page> => {
  const page = await browser.signedIn(who, { ...options, at });
  await page.locator('.layout-wrapper').waitFor();
  return page;
};

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const html = (page: Page, attribute: 'class' | 'dir' | 'lang' | 'data-skin') =>
  page.evaluate((name) => document.documentElement.getAttribute(name) ?? '', attribute);
const cookie = async (page: Page, name: string) =>
  (await page.context().cookies()).find((entry) => entry.name === `orbit-${name}`);
const layoutKind = (page: Page) => page.locator('.layout-wrapper').getAttribute('data-nav');

const openCustomizer = async (page: Page) => {
  await page.getByRole('button', { name: 'Open the theme customizer' }).click();
  const panel = page.getByRole('dialog', { name: 'Theme customizer' });
  await panel.getByRole('heading', { name: 'Theme customizer' }).waitFor();
  return panel;
};

/** axe-core in the page; the page's own content (other features' work) is left out unless asked. */
const axe = (page: Page, exclude: string[] = ['#main-content']): Promise<AxeViolation[]> => runAxe(page, { exclude });

/**
 * Every finite CSS transition and animation has finished: menus, drawers and dialogs are in place
 * (endless ones, such as a skeleton's pulse or the customizer's cog under the pointer, are not
 * waited for).
 */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

/** Two frames later: whatever an event scheduled has rendered (to check that nothing appeared). */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const serious = (violations: AxeViolation[]) =>
  violations.filter(
    (violation) => (violation.impact === 'serious' || violation.impact === 'critical') && violation.nodes.length > 0,
  );

describe('navigation', () => {
  it('switches between vertical, collapsed and horizontal, and is an overlay drawer below 1280 px that restores the choice', async () => {
    const page = await signedIn();
    expect(await layoutKind(page)).toBe('vertical');

    // Collapsed: icons only, still every link reachable by name.
    const customizer = await openCustomizer(page);
    await customizer.getByRole('radio', { name: 'Collapsed' }).check();
    await expect.poll(() => page.locator('.layout-wrapper').getAttribute('data-collapsed')).toBe('true');
    expect((await cookie(page, 'isVerticalNavCollapsed'))?.value).toBe('true');

    // Horizontal, with a hidden navbar beforehand: docs/product.md#behaviour makes it sticky and uncollapses.
    await customizer.getByRole('radio', { name: 'Vertical' }).check();
    await customizer.getByRole('radio', { name: 'Hidden' }).first().check();
    expect((await cookie(page, 'navbarType'))?.value).toBe('hidden');
    await customizer.getByRole('radio', { name: 'Horizontal' }).check();
    await expect.poll(() => layoutKind(page)).toBe('horizontal');
    expect((await cookie(page, 'appContentLayoutNav'))?.value).toBe('horizontal');
    expect((await cookie(page, 'navbarType'))?.value).toBe('sticky');
    expect((await cookie(page, 'isVerticalNavCollapsed'))?.value).toBe('false');
    await page.keyboard.press('Escape');
    // A click while the customizer's backdrop fades out lands on the backdrop, not on the group.
    await customizer.waitFor({ state: 'hidden' });

    // A group opens as a menu 6 px below its button (docs/product.md#constants, popover offset 6).
    const group = navigation(page).getByRole('button', { name: 'Outreach' });
    const button = await group.boundingBox();
    await group.click();
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Mailings' }).waitFor();
    await settled(page);
    const paper = await page.locator('.MuiMenu-paper').boundingBox();
    expect(Math.round((paper?.y ?? 0) - ((button?.y ?? 0) + (button?.height ?? 0)))).toBe(6);
    await menu.getByRole('menuitem', { name: 'Mailings' }).click();
    await page.waitForURL('**/apps/mailings');

    // Narrow: forced to a vertical overlay drawer, opened from the navbar; the choice is kept.
    await page.setViewportSize({ width: 1279, height: 800 });
    await expect.poll(() => layoutKind(page)).toBe('overlay');
    expect(await navigation(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await navigation(page).getByRole('link', { name: 'Chat' }).click();
    await page.waitForURL('**/apps/chat');
    await expect.poll(() => navigation(page).isVisible()).toBe(false);
    expect((await cookie(page, 'appContentLayoutNav'))?.value).toBe('horizontal');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => layoutKind(page)).toBe('horizontal');
  });

  it('shows a client only what their rules allow, and hides a group none of whose children is allowed', async () => {
    const page = await signedIn(client);
    const nav = navigation(page);
    await nav.getByRole('link', { name: 'Projects' }).waitFor();
    expect(await nav.getByRole('button', { name: 'Outreach' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Permissions' }).count()).toBe(0);
    const group = nav.getByRole('button', { name: 'Plans & referrals' });
    await group.click();
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Referrals' }).click();
    await page.waitForURL('**/information/referrals');
    await expect.poll(() => nav.getByRole('link', { name: 'Referrals' }).getAttribute('aria-current')).toBe('page');
  });
  it('takes keyboard users through menus and groups: focus on the checked item, back to the button, closed groups skipped', async () => {
    const page = await signedIn();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        return `${element?.getAttribute('role') ?? element?.tagName.toLowerCase()}: ${element?.textContent?.trim()}`;
      });

    // A navbar menu opened from the keyboard (its items load with it) focuses the checked item.
    const theme = page.getByRole('button', { name: /^Theme:/ });
    await theme.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'System' }).waitFor();
    await expect.poll(focused).toBe('menuitemradio: System');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('menuitemradio: Light');
    await page.keyboard.press('Escape');
    await expect.poll(() => theme.evaluate((element) => element === document.activeElement)).toBe(true);

    // A closed group's links are not in the tab order; opened, they come right after its button.
    const outreach = navigation(page).getByRole('button', { name: 'Outreach' });
    await outreach.focus();
    await page.keyboard.press('Tab');
    // The next link after the closed group (Team, the administrator may read it).
    expect(await focused()).toMatch(/^a: Team/);
    await outreach.focus();
    await page.keyboard.press('Enter');
    // The group's links enter the tab order once it has opened (a render later, slower under load).
    await expect.poll(() => outreach.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focused()).toMatch(/^a: Channels/);
  });

  it('draws every item of the horizontal navigation in one font size, groups and links alike', async () => {
    const page = await signedIn();
    const customizer = await openCustomizer(page);
    await customizer.getByRole('radio', { name: 'Horizontal' }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => layoutKind(page)).toBe('horizontal');
    // The horizontal navigation loads with its first use: wait for its items before measuring.
    const items = navigation(page).locator('ul > li > a, ul > li > button');
    await items.first().waitFor();
    const sizes = await items.evaluateAll((elements) =>
      elements.map((item) => `${item.textContent ?? ''}: ${getComputedStyle(item).fontSize}`),
    );
    expect(sizes.length).toBeGreaterThan(3);
    expect(sizes.filter((size) => !size.endsWith(': 16px'))).toEqual([]);
  });

  it('stops a form’s first invalid field below the sticky navbar, not under it', async () => {
    const page = await signedIn(admin, { viewport: { width: 1440, height: 600 } }, '/apps/project-create/development');
    const submit = page.getByRole('button', { name: 'Create project' });
    await submit.click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // Focusing the first invalid field (what a form does after an invalid submit) scrolls it into view.
    const firstInvalid = page.locator('input[aria-invalid="true"]').first();
    await firstInvalid.waitFor();
    await firstInvalid.evaluate((input) => input.focus());
    await settled(page);
    const navbarBottom = await page
      .locator('header')
      .first()
      .evaluate((header) => header.getBoundingClientRect().bottom);
    // The field's label sits above its input: the whole field must be below the bar.
    const fieldTop = await page.evaluate(() => {
      const input = document.activeElement as HTMLElement;
      return (input.closest('.MuiFormControl-root') ?? input).getBoundingClientRect().top;
    });
    expect(fieldTop).toBeGreaterThanOrEqual(navbarBottom);
  });
});

describe('themes', () => {
  it('follows the operating system under `system`, live, and remembers light or dark in cookies (30 days, path /)', async () => {
    const page = await signedIn(admin, { colorScheme: 'dark' });
    expect(await html(page, 'class')).toContain('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => html(page, 'class')).toContain('light');
    expect((await cookie(page, 'color-scheme'))?.value).toBe('light');

    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(() => html(page, 'class')).toContain('dark');
    const theme = await cookie(page, 'theme');
    expect(theme?.value).toBe('dark');
    expect(theme?.path).toBe('/');
    expect(Math.abs((theme?.expires ?? 0) - Date.now() / 1000 - thirtyDays)).toBeLessThan(120);
    // The background really is dark.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 20, 24)');
  });

  it('paints the stored theme before any script runs (no flash of the wrong theme)', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: /^Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect.poll(async () => (await cookie(page, 'theme'))?.value).toBe('dark');
    // Block every module: only index.html's inline script can set the theme now.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/login');
    expect(await html(page, 'class')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
      'rgb(18, 20, 24)',
    );
  });

  it('applies the skin and a picked primary colour, and the customizer resets everything', async () => {
    const page = await signedIn(admin, { colorScheme: 'light' });
    const customizer = await openCustomizer(page);
    await customizer.getByRole('radio', { name: 'Bordered' }).check();
    await customizer.getByRole('radio', { name: 'Teal' }).click();
    await expect.poll(() => html(page, 'data-skin')).toBe('bordered');
    expect((await cookie(page, 'skin'))?.value).toBe('bordered');
    expect((await cookie(page, 'lightThemePrimaryColor'))?.value).toBe('%2300695C');
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--mui-palette-primary-main').trim(),
        ),
      )
      .toBe('#00695C');
    await customizer.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect.poll(() => html(page, 'data-skin')).toBe('default');
    expect(await cookie(page, 'skin')).toBeUndefined();
    expect(await cookie(page, 'lightThemePrimaryColor')).toBeUndefined();
    expect(await customizer.getByRole('button', { name: 'Reset to defaults' }).isDisabled()).toBe(true);
  });
});

describe('languages', () => {
  it('switches to Arabic: <html lang="ar" dir="rtl">, a mirrored layout, kept across a reload', async () => {
    const page = await signedIn();
    // Whatever its name in the current language.
    const navBox = async () => (await page.getByRole('navigation').first().boundingBox())?.x ?? -1;
    expect(await navBox()).toBe(0);
    await page.getByRole('button', { name: /^Language:/ }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect.poll(() => html(page, 'dir')).toBe('rtl');
    expect(await html(page, 'lang')).toBe('ar');
    // The navigation moved to the right-hand side; the component library's direction flipped too.
    await expect.poll(async () => (await navBox()) > 1000).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('main') as Element).direction)).toBe(
      'rtl',
    );
    expect(await page.getByRole('navigation').first().getAttribute('aria-label')).toBe('التنقل الرئيسي');

    await page.reload();
    await page.getByRole('navigation').first().waitFor();
    expect(await html(page, 'dir')).toBe('rtl');
    expect(await html(page, 'lang')).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    expect((await cookie(page, 'language'))?.value).toBe('ar');
  });

  it('keeps a language chosen on the sign-in page across a reload', async () => {
    const page = await open();
    await page.goto('/login');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fr');
    await expect.poll(() => html(page, 'lang')).toBe('fr');
    await page.getByRole('heading', { name: 'Bienvenue sur Orbit' }).waitFor();
    await page.reload();
    expect(await html(page, 'lang')).toBe('fr');
    await page.getByRole('heading', { name: 'Bienvenue sur Orbit' }).waitFor();
  });
});

describe('page behaviour', () => {
  it('shows scroll-to-top past 200 px and scrolls smoothly back', async () => {
    const page = await signedIn(admin, { viewport: { width: 1440, height: 600 } });
    await page.setViewportSize({ width: 1440, height: 400 });
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await page.evaluate(() => window.scrollTo({ top: 150 }));
    await twoFrames(page);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo({ top: 320 }));
    await button.waitFor();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('runs the loading bar while a page loads, then hides it', async () => {
    const page = await signedIn();
    // The page's code is held back until the test has seen the bar, then let through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Every script the navigation asks for from here (the page's code and its words) is held.
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const group = navigation(page).getByRole('button', { name: 'Plans & referrals' });
    await group.click();
    // The group's links are inert until it has opened.
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
    await navigation(page).getByRole('link', { name: 'Referrals' }).click();
    // The route's bar says how far it is; a page's own spinner (the projects list may still be
    // loading behind it) has the same name but no value.
    const bar = page.getByRole('progressbar', { name: 'Loading…' }).and(page.locator('[aria-valuenow]'));
    await bar.waitFor();
    const value = Number(await bar.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(10);
    expect(value).toBeLessThanOrEqual(82);
    expect(page.url()).not.toContain('/information/referrals');
    release();
    await page.waitForURL('**/information/referrals');
    await bar.waitFor({ state: 'detached' });
  });

  it('searches the pages the user may open with Ctrl+K', async () => {
    const page = await signedIn(client);
    await page.getByRole('button', { name: /^Search/ }).waitFor();
    const input = page.getByRole('combobox', { name: 'Search pages, projects and people' });
    // The hotkey listener is registered once the navbar has rendered; press until the dialog opens.
    // The dialog's code loads on the first press: on a busy machine that outlasts poll's 1 s default.
    await expect
      .poll(
        async () => {
          if (!(await input.isVisible())) await page.keyboard.press('Control+k');
          return input.isVisible();
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(true);
    await input.fill('channels');
    await page.getByText('Nothing matches “channels”.').waitFor();
    await input.fill('ema');
    await page.getByRole('option', { name: /Email/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/apps/email');
  });

  it('finds the projects the user may see, and opens them', async () => {
    const page = await signedIn(client);
    await page.getByRole('button', { name: /^Search/ }).click();
    const input = page.getByRole('combobox', { name: 'Search pages, projects and people' });
    await input.fill('spring');
    const projects = page.getByRole('group', { name: 'Projects' });
    await projects.getByRole('option', { name: /Spring catalogue campaign/ }).waitFor();
    expect(serious(await axe(page))).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/apps/projects/*');
    await page.getByRole('heading', { name: 'Spring catalogue campaign', level: 1 }).waitFor();

    // Another client's project is not found: the projects API decides what a client may see.
    await page.keyboard.press('Control+k');
    await input.fill('bluepeak');
    // "Nothing matches" shows only once the API has answered for what was typed.
    await page.getByText('Nothing matches “bluepeak”.').waitFor();
  });

  it('finds the people the user may chat with, and opens the chat', async () => {
    const page = await signedIn(client);
    await page.getByRole('button', { name: /^Search/ }).click();
    const input = page.getByRole('combobox', { name: 'Search pages, projects and people' });
    await input.fill('olivia');
    const people = page.getByRole('group', { name: 'People' });
    await people.getByRole('option', { name: /Olivia Bennett/ }).waitFor();
    expect(await people.getByRole('option', { name: /Olivia Bennett/ }).textContent()).toContain('Admin');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/apps/chat?contact=*');
    await page.getByRole('log', { name: 'Messages with Olivia Bennett' }).waitFor();

    // A client's contacts are the admins: another client is not found.
    await page.keyboard.press('Control+k');
    await input.fill('sophia');
    await page.getByText('Nothing matches “sophia”.').waitFor();
  });

  it('keeps the shortcuts the user picked, names only, among pages that exist', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    const panel = page.getByRole('dialog', { name: 'Shortcuts' });
    await panel.getByRole('link', { name: 'Chat' }).waitFor();
    // Names, not paths.
    expect(await panel.getByRole('link').allTextContents()).toEqual([
      'Projects',
      'Chat',
      'Access control',
      'Permissions',
    ]);
    await panel.getByRole('button', { name: 'Edit shortcuts' }).click();
    // Every area is a page now: each one the admin may open can be pinned.
    expect(await panel.getByRole('checkbox', { name: 'Plans', exact: true }).count()).toBe(1);
    await panel.getByRole('checkbox', { name: 'Chat' }).uncheck();
    await panel.getByRole('checkbox', { name: 'Projects' }).uncheck();
    await panel.getByRole('button', { name: 'Done' }).click();
    expect(await panel.getByRole('link', { name: 'Chat' }).count()).toBe(0);
    expect(decodeURIComponent((await cookie(page, 'shortcuts'))?.value ?? '')).toBe('access-control,apps-permissions');

    await page.reload();
    await page.getByRole('button', { name: 'Shortcuts' }).click();
    await page.getByRole('dialog', { name: 'Shortcuts' }).getByRole('link', { name: 'Permissions' }).click();
    await page.waitForURL('**/apps/permissions');
  });

  it('signs out from the user menu', async () => {
    const page = await signedIn();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    // The sign-in page, with or without where the user was (`?to=`): the guard may see the
    // session gone before the menu's own navigation does.
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  it('makes every other tab follow a sign-out and a sign-in as someone else, without a click', async () => {
    const first = await signedIn();
    const second = await first.context().newPage();
    await second.goto('/apps/permissions');
    await second.getByTestId('permission-row').first().waitFor();

    await first.getByRole('button', { name: /^Account menu/ }).click();
    await first.getByRole('menuitem', { name: 'Sign out' }).click();
    await first.waitForURL('**/login');
    // The other tab leaves the admin's page for the sign-in page, keeping where it was.
    await second.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('to') === '/apps/permissions');
    await expect.poll(() => second.getByTestId('permission-row').count()).toBe(0);

    // Signing in as a client in the first tab signs the second one in as that client, and sends it
    // where it was going; the admin's page is not theirs to see.
    await first.getByLabel('Phone', { exact: true }).fill(client.phone);
    await first.getByLabel('Password', { exact: true }).fill(client.password);
    await first.getByRole('button', { name: 'Sign in', exact: true }).click();
    await first.waitForURL('**/apps/projects');
    await second.waitForURL('**/not-authorized');

    // Back on a page both may see, the second tab shows the client's data, not the admin's.
    await second.goto('/apps/projects');
    await second.getByRole('button', { name: 'Account menu for Liam Carter' }).waitFor();
    await first.goto('/apps/chat');
    await first.getByRole('button', { name: 'Account menu for Liam Carter' }).waitFor();
    const adminSession = await signedIn();
    const adminState = await adminSession.evaluate(() => ({
      userData: localStorage.getItem('userData') ?? '',
      accessToken: localStorage.getItem('accessToken') ?? '',
      userAbilityRules: localStorage.getItem('userAbilityRules') ?? '',
    }));
    // Another tab stores the admin's session (as a sign-in there would): this one follows on its page.
    await first.evaluate((state) => {
      for (const [key, value] of Object.entries(state)) localStorage.setItem(key, value);
    }, adminState);
    await second.getByRole('button', { name: 'Account menu for Olivia Bennett' }).waitFor();
  });
});

describe('accessibility (axe-core) and screenshots', () => {
  const cases = [
    { scheme: 'light', language: 'en' },
    { scheme: 'dark', language: 'en' },
    { scheme: 'light', language: 'ar' },
    { scheme: 'dark', language: 'ar' },
  ] as const;

  it.each(cases)(
    'has no serious or critical violations in the shell: $scheme, $language',
    async ({ scheme, language }) => {
      const page = await open({ colorScheme: scheme });
      if (language === 'ar') await page.addInitScript(() => localStorage.setItem('language', 'ar'));
      await page.goto('/login');
      await page.getByRole('button').last().waitFor();
      const login = serious(await axe(page, []));
      expect(login, JSON.stringify(login, null, 2)).toEqual([]);

      await page.getByRole('textbox').first().fill(admin.phone);
      await page.locator('input[name="password"]').fill(admin.password);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL('**/apps/projects');
      await page.getByRole('navigation').first().waitFor();
      // The landing page's content is checked too, once its projects have loaded.
      await page.locator('#main-content [role="progressbar"][aria-valuenow]').first().waitFor();
      await settled(page);
      const shell = serious(await axe(page, []));
      expect(shell, JSON.stringify(shell, null, 2)).toEqual([]);
      const name = `shell-${scheme}-${language === 'ar' ? 'rtl' : 'ltr'}`;
      await shot(page, name);

      // The customizer open (the last dialog opener on the page is its tab).
      await page.locator('[aria-haspopup="dialog"]').last().click();
      await page.getByRole('dialog').getByRole('heading', { level: 2 }).waitFor();
      await settled(page);
      const customizer = serious(await axe(page));
      expect(customizer, JSON.stringify(customizer, null, 2)).toEqual([]);
      await shot(page, `${name}-customizer`);
      await page.keyboard.press('Escape');
    },
  );

  it('is usable on a phone: navigation in a drawer (screenshot)', async () => {
    const page = await signedIn(admin, { viewport: { width: 390, height: 844 }, colorScheme: 'light' });
    await shot(page, 'shell-mobile');
    // No floating tab over the page's fields: on a phone the customizer opens from the user menu.
    expect(await page.getByRole('button', { name: 'Open the theme customizer' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Theme customizer' }).click();
    await page
      .getByRole('dialog', { name: 'Theme customizer' })
      .getByRole('heading', { name: 'Theme customizer' })
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Theme customizer' }).waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await navigation(page).getByRole('link', { name: 'Projects' }).waitFor();
    await settled(page);
    await shot(page, 'shell-mobile-navigation');
    const violations = serious(await axe(page));
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  });
});
