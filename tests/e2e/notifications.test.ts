import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import type { Project, Task } from '@orbit/functions/projects/contract';

import { apiAs, useBrowser } from '../support/browser';
import { seriousAxeViolations } from '../support/axe';

/**
 * The notification centre in two browsers: an admin assigns a task to the project's client, and
 * the client's bell (on another page, not the chat) counts it and lists it without a reload; the
 * client opens it (the task on its board, marked read) and marks everything read. The panel in
 * French and Arabic (right to left), as a drawer at phone width, and axe finds nothing serious
 * or critical with it open, light and dark.
 */

const browser = useBrowser();

const admin = { phone: '+15550100001', password: 'Admin#2026' };
const liam = { phone: '+15550100002', password: 'Client#2026' };

interface Options {
  readonly viewport?: { width: number; height: number };
  readonly colorScheme?: 'light' | 'dark';
  readonly language?: string;
}

const signedIn = async (who: { phone: string; password: string }, options: Options = {}): Promise<Page> => {
  // Signed in through the API (the form is sign-in.test.ts's), in the language from the first load.
  return browser.signedIn(who, {
    ...(options.viewport ? { viewport: options.viewport } : {}),
    colorScheme: options.colorScheme ?? 'light',
    ...(options.language ? { language: options.language } : {}),
    at: '/apps/projects',
  });
};

/** The bell, whatever its count says (its name carries the count). */
const bell = (page: Page) => page.getByRole('button', { name: /^(Notifications|الإشعارات)[,،]/ });

/** Animations finished: axe measures what a person sees. */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

const userIdOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: string }).id);

describe('notifications in the browser', () => {
  it('a notification appears live when a colleague assigns a task; open it; mark all read', async () => {
    const adminPage = await signedIn(admin);
    const clientPage = await signedIn(liam);
    const liamId = await userIdOf(clientPage);
    // What the server counts, once the bell says it too.
    const { unread: before } = await apiAs<{ unread: number }>(clientPage, 'GET', '/api/notifications/unread');
    await clientPage.waitForFunction(
      (expected) =>
        [...document.querySelectorAll('button[aria-label]')].some((button) => {
          const label = button.getAttribute('aria-label') ?? '';
          return expected === 0
            ? label === 'Notifications, none unread'
            : label.startsWith(`Notifications, ${expected} unread`);
        }),
      before,
    );

    const { project } = await apiAs<{ project: Project }>(adminPage, 'POST', '/api/apps/projects', {
      type: 'development',
      name: `Bell ${Date.now().toString(36)}`,
      clientId: liamId,
    });
    const title = `Approve the wireframes ${Date.now().toString(36)}`;
    const { task } = await apiAs<{ task: Task }>(adminPage, 'POST', `/api/apps/projects/${project.id}/tasks`, {
      title,
      assigneeId: liamId,
    });

    // No reload: the count rises and the row is there.
    await clientPage.waitForFunction(
      (expected) =>
        [...document.querySelectorAll('button[aria-label]')].some((button) =>
          (button.getAttribute('aria-label') ?? '').startsWith(`Notifications, ${expected} unread`),
        ),
      before + 1,
    );
    await bell(clientPage).click();
    const panel = clientPage.getByRole('dialog', { name: 'Notifications' });
    const row = panel.getByRole('button', { name: new RegExp(`Olivia Bennett assigned you “${title}”`) });
    await row.waitFor();

    // Opening it shows the task on its board, and it is read.
    await row.click();
    await clientPage.waitForURL(`**/apps/projects/${project.id}?task=${task.id}`);
    await clientPage.waitForFunction(
      (expected) =>
        [...document.querySelectorAll('button[aria-label]')].some((button) => {
          const label = button.getAttribute('aria-label') ?? '';
          return expected === 0
            ? label === 'Notifications, none unread'
            : label.startsWith(`Notifications, ${expected} unread`);
        }),
      before,
    );

    // Mark all read (from another page): the badge goes, every row is read.
    await clientPage.goto('/apps/projects');
    await bell(clientPage).click();
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await panel.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'attached' });
    await clientPage.waitForFunction(
      () => document.querySelectorAll('[role="dialog"] [aria-label="Unread"]').length === 0,
    );
    // The panel is modal: the bell is named again once it closes.
    await clientPage.keyboard.press('Escape');
    await clientPage.getByRole('button', { name: 'Notifications, none unread' }).waitFor();
    expect(await apiAs(clientPage, 'GET', '/api/notifications/unread')).toEqual({ unread: 0 });
    await adminPage.context().close();
    await clientPage.context().close();
  });

  it('is in French, and in Arabic right to left as a drawer at phone width', async () => {
    const french = await signedIn(admin, { language: 'fr' });
    await french.getByRole('button', { name: /^Notifications, / }).click();
    const frenchPanel = french.getByRole('dialog', { name: 'Notifications' });
    await frenchPanel.getByRole('heading', { name: 'Notifications' }).waitFor();
    await frenchPanel.getByRole('link', { name: 'Paramètres de notification' }).waitFor();
    await french.context().close();

    const arabic = await signedIn(liam, { language: 'ar', viewport: { width: 390, height: 844 } });
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await bell(arabic).click();
    const drawer = arabic.getByRole('dialog', { name: 'الإشعارات' });
    await drawer.getByRole('button', { name: 'إغلاق الإشعارات' }).waitFor();
    // A drawer from the bottom, the window's full width, nothing sticking out of it.
    const box = await drawer.boundingBox();
    expect(box?.width).toBe(390);
    expect(await arabic.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await drawer.getByRole('button', { name: 'إغلاق الإشعارات' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await arabic.context().close();
  });

  it.each(['light', 'dark'] as const)('axe finds nothing serious with the panel open, %s', async (scheme) => {
    const page = await signedIn(admin, { colorScheme: scheme });
    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[role="dialog"] .MuiSkeleton-root'));
    await settled(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
