import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import type { Permission } from '@orbit/functions/permissions/contract';

import { seriousAxeViolations } from '../support/axe';
import { apiAs, useBrowser } from '../support/browser';

/**
 * Permissions take effect at once, in the browser (docs/roles.md, "Permissions and rules"): an
 * admin changes what managers may do on the permissions page while a manager has the app open,
 * and the manager's page follows without a reload — a button goes, a page they may no longer see
 * turns to /not-authorized — while the server refuses what the rules no longer grant.
 *
 * The stack is shared with the other browser tests: every change made here is undone (afterAll).
 */

const browser = useBrowser();

const admin = { phone: '+15550100001', password: 'Admin#2026' };
const manager = { phone: '+15550100009', password: 'Staff#2026' };

const signedIn = async (
  who: { phone: string; password: string },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> => {
  // Signed in through the API (the form is sign-in.test.ts's), where the form lands.
  return browser.signedIn(who, { colorScheme, at: '/apps/projects' });
};

let adminPage: Page | undefined;

/** The admin sets whether 'manager' holds a permission, through the page's edit dialog. */
const setManagerOn = async (page: Page, permission: string, assigned: boolean) => {
  await page.goto(`/apps/permissions?q=${encodeURIComponent(permission)}`);
  await page.getByRole('button', { name: `Edit ${permission}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit permission' });
  const box = dialog.getByRole('checkbox', { name: 'Manager', exact: true });
  await box.setChecked(assigned);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
};

/** The page's rules as the API reports them now (not what is under test: a check that the change landed). */
const managerHolds = async (page: Page, permission: string): Promise<boolean> => {
  const { permissions } = await apiAs<{ permissions: Permission[] }>(
    page,
    'GET',
    `/api/apps/permissions?itemsPerPage=-1&q=${encodeURIComponent(permission)}`,
  );
  return permissions.some((item) => item.name === permission && item.assignedTo.includes('manager'));
};

afterAll(async () => {
  // Put the seed's assignments back for the other test files sharing the stack.
  if (!adminPage) return;
  for (const permission of ['Project Planning', 'Management']) {
    if (!(await managerHolds(adminPage, permission))) await setManagerOn(adminPage, permission, true);
  }
});

/**
 * A create attempt with the manager's own token, as any script of theirs could make it. The server
 * authorises before it reads the body, so the body does not matter.
 */
const createAttemptStatus = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const response = await fetch('/api/apps/projects', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ type: 'development', name: 'Live rules attempt', clientId: 'nobody' }),
    });
    return response.status;
  });

const cell = (page: Page, subject: string, action: string) =>
  page
    .locator(`[data-subject="${subject}"] [data-action="${action}"] [data-capability]`)
    .getAttribute('data-capability');

describe('rules that change while the app is open', () => {
  it("removing 'manager' from Project Planning takes the manager's New project button away without a reload", async () => {
    adminPage = await signedIn(admin);
    const managerPage = await signedIn(manager);
    const newProject = managerPage.getByRole('button', { name: 'New project' });
    await expect.poll(() => newProject.count()).toBeGreaterThan(0);
    // A mark that a reload would wipe.
    await managerPage.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    await setManagerOn(adminPage, 'Project Planning', false);
    await expect.poll(() => newProject.count(), { timeout: 20_000 }).toBe(0);
    expect(await managerPage.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    expect(await createAttemptStatus(managerPage)).toBe(403);

    // The access-control page lists what the manager may do now, and follows the next change live.
    await managerPage
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Access control' })
      .click();
    await managerPage.waitForURL('**/access-control');
    await expect.poll(() => cell(managerPage, 'Project', 'read')).toBe('allowed');
    expect(await cell(managerPage, 'Project', 'create')).toBe('denied');
    expect(await cell(managerPage, 'Team', 'create')).toBe('allowed');
    expect(await cell(managerPage, 'Email', 'update')).toBe('own');
    expect(await cell(managerPage, 'Permission', 'delete')).toBe('denied');
    await expect.poll(() => managerPage.getByText('Signed in as a manager').isVisible()).toBe(true);

    await setManagerOn(adminPage, 'Project Planning', true);
    await expect.poll(() => cell(managerPage, 'Project', 'create'), { timeout: 20_000 }).toBe('allowed');
    expect(await managerPage.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    await managerPage.context().close();
  });

  it('sends the manager from a page they may no longer see to /not-authorized, without a reload', async () => {
    adminPage ??= await signedIn(admin);
    const managerPage = await signedIn(manager);
    // Management gives managers `read Permission`: the permissions page, read-only.
    await managerPage.goto('/apps/permissions');
    await managerPage.getByTestId('permission-row').first().waitFor();
    expect(await managerPage.getByRole('button', { name: 'Add permission' }).count()).toBe(0);
    await managerPage.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    await setManagerOn(adminPage, 'Management', false);
    await managerPage.waitForURL('**/not-authorized', { timeout: 20_000 });
    expect(await managerPage.evaluate(() => 'stillTheSamePage' in window)).toBe(true);

    await setManagerOn(adminPage, 'Management', true);
    await managerPage.context().close();
  });
});

describe('the rules editor', () => {
  it.each(['light', 'dark'] as const)('has nothing serious for axe in the dialog, %s', async (scheme) => {
    const page = await signedIn(admin, scheme);
    await page.goto('/apps/permissions?q=Project%20Planning');
    await page.getByRole('button', { name: 'Edit Project Planning' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit permission' });
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Create · Projects' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Edit · Tasks: only their own' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Delete · Tasks: only their own' }).isDisabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Each row sums its rules up.
    await expect
      .poll(() => page.getByTestId('permission-row').first().getByTestId('rule-summary').textContent())
      .toContain('Tasks: view, create, edit (own)');
    await page.context().close();
  });

  it('fits a phone in Arabic, right to left, with nothing serious for axe', async () => {
    const page = await signedIn(admin);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto('/apps/permissions?q=Project%20Planning');
    await page.getByTestId('permission-row').first().getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'إنشاء · المشاريع' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The dialog takes the screen's width; the grid scrolls inside it, never the page.
    const box = (await dialog.boundingBox()) ?? { x: -1, width: 0 };
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
