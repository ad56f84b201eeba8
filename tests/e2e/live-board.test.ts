import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import type { Project, Task } from '@orbit/functions/projects/contract';

import { useBrowser, apiAs } from '../support/browser';

/**
 * Live boards in two browsers: an admin and the project's client each have the board open; what
 * one does appears on the other's screen without a reload, and each sees who else is looking.
 */

const browser = useBrowser();
const consoleErrors: string[] = [];

const admin = { phone: '+15550100001', password: 'Admin#2026' };
const liam = { phone: '+15550100002', password: 'Client#2026' };

const signedInPage = async (account: { phone: string; password: string }): Promise<Page> => {
  // Signed in through the API (the form is sign-in.test.ts's); it lands where the form would below.
  const page = await browser.signedIn(account);
  // No expected path logs a console error (a failed request included).
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: ${error.message}`));
  await page.goto('/apps/projects');
  return page;
};

describe('live boards', () => {
  it("an admin's move appears on the client's open board, the client's comment on the admin's", async () => {
    const adminPage = await signedInPage(admin);
    const clientPage = await signedInPage(liam);
    const liamId = await clientPage.evaluate(
      () => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: string }).id,
    );
    const { project } = await apiAs<{ project: Project }>(adminPage, 'POST', '/api/apps/projects', {
      type: 'development',
      name: `Live board ${Date.now().toString(36)}`,
      clientId: liamId,
    });
    const { task } = await apiAs<{ task: Task }>(adminPage, 'POST', `/api/apps/projects/${project.id}/tasks`, {
      title: 'Homepage copy',
    });

    await adminPage.goto(`/apps/projects/${project.id}`);
    await clientPage.goto(`/apps/projects/${project.id}`);
    const card = (page: Page) => page.getByRole('button', { name: 'Open task Homepage copy' });
    await card(adminPage).waitFor();
    await card(clientPage).waitFor();

    // Each sees the other among those looking at the board.
    const viewers = (page: Page) => page.getByRole('list', { name: 'Also looking at this board:' });
    await viewers(adminPage).getByText('Liam Carter').waitFor({ state: 'attached' });
    await viewers(clientPage).getByText('Olivia Bennett').waitFor({ state: 'attached' });
    // One person, one colour: the admin's avatar among the viewers is the one her navbar shows.
    const background = (avatar: Locator) => avatar.evaluate((element) => getComputedStyle(element).backgroundColor);
    const ownAvatar = adminPage
      .getByRole('button', { name: 'Account menu for Olivia Bennett' })
      .locator('.MuiAvatar-root');
    const asViewer = viewers(clientPage).locator('li', { hasText: 'Olivia Bennett' }).locator('.MuiAvatar-root');
    expect(await background(asViewer)).toBe(await background(ownAvatar));
    expect(await asViewer.textContent()).toBe('OB');

    // The admin moves the task with the "Move to" menu; the client's board follows.
    await adminPage.getByRole('button', { name: 'Move “Homepage copy” to another stage' }).click();
    await adminPage.getByRole('menuitem', { name: 'Move to Done' }).click();
    const doneColumn = (page: Page) => page.locator('[data-testid="board-column"][data-stage="done"]');
    await doneColumn(clientPage).getByRole('button', { name: 'Open task Homepage copy' }).waitFor();
    await clientPage.getByTestId('project-progress').first().filter({ hasText: '100%' }).waitFor();

    // The client comments; the admin's open task shows it.
    await card(adminPage).click();
    await adminPage.getByRole('dialog').getByText('No comments yet.').waitFor();
    await card(clientPage).click();
    const clientDialog = clientPage.getByRole('dialog');
    await clientDialog.getByLabel('Write a comment').fill('Lovely, thank you!');
    await clientDialog.getByRole('button', { name: 'Comment', exact: true }).click();
    await adminPage.getByRole('dialog').getByText('Lovely, thank you!').waitFor();

    // The client leaves: the admin sees it.
    await clientPage.close();
    await viewers(adminPage).waitFor({ state: 'detached' });
    expect(task.stage).toBe('backlog');
    expect(consoleErrors).toEqual([]);
  });
});
