import type { Locator, Page, BrowserContextOptions } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';

import { baseUrl, useBrowser, apiAs } from '../support/browser';

const browser = useBrowser();

const admin = { phone: '+15550100001', password: 'Admin#2026' };
const liam = { phone: '+15550100002', password: 'Client#2026' };
const sophia = { phone: '+15550100003', password: 'Client#2026' };

/**
 * No expected path logs a console error (a failed request shows as one): every page these tests
 * open is watched, and a test fails on any error it did not name as expected.
 */
const consoleErrors: string[] = [];
const expectedErrors: RegExp[] = [];
afterEach(() => {
  const unexpected = consoleErrors.filter((text) => !expectedErrors.some((pattern) => pattern.test(text)));
  consoleErrors.length = 0;
  expectedErrors.length = 0;
  expect(unexpected).toEqual([]);
});
const watchConsole = (page: Page) => {
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url || page.url()})`);
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
};

const signedInPage = async (
  account: { phone: string; password: string },
  options: BrowserContextOptions = {},
): Promise<Page> => {
  // Signed in through the API (the form is sign-in.test.ts's), watched from its first load on.
  const page = await browser.signedIn(account, options);
  watchConsole(page);
  await page.goto('/apps/projects');
  return page;
};

const column = (page: Page, stage: string): Locator =>
  page.locator(`[data-testid="board-column"][data-stage="${stage}"]`);
const progress = (page: Page): Locator => page.getByTestId('project-progress').first();

/** What the board tells screen readers (dnd-kit's live region). */
const announced = (page: Page, text: string) =>
  page.locator('[aria-live="assertive"]').filter({ hasText: text }).waitFor({ state: 'attached' });

/**
 * A real pointer drag: press on the handle, move past the activation distance, hover the column
 * until the board says the task is over it, drop.
 */
const drag = async (page: Page, handle: Locator, target: Locator, overText: string) => {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: element not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + from.height / 2 + 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + Math.min(to.height / 2, 120), { steps: 20 });
  await announced(page, overText);
  await page.mouse.up();
};

const addTask = async (page: Page, stageName: string, title: string) => {
  await page.getByRole('button', { name: `Add a task to ${stageName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Add task', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Open task ${title}` }).waitFor();
};

describe('an admin runs a project', () => {
  it('creates a design project, adds tasks, drags one to the done stage and sees progress change', async () => {
    const page = await signedInPage(admin);
    const name = `Launch site ${Date.now().toString(36)}`;

    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByRole('menuitem', { name: /^Design/ }).click();
    await page.waitForURL('**/apps/project-create/design');
    await page.getByRole('heading', { name: 'New Design project' }).waitFor();

    // The form validates like the API: a too-short name is refused before anything is sent.
    await page.getByLabel('Project name').fill('ab');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByText('Enter a name of 3 to 120 characters.').waitFor();

    // Leaving with unsaved changes asks first.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay' }).click();

    await page.getByLabel('Project name').fill(name);
    await page.getByRole('combobox', { name: 'Client *' }).fill('Liam');
    await page.getByRole('option', { name: 'Liam Carter' }).click();
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/apps\/projects\/[0-9A-Z]{26}$/);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await progress(page).textContent()).toBe('0%');

    // Hints load with the first hover, under their control, and go when the pointer leaves.
    const addToBrief = page.getByRole('button', { name: 'Add a task to Brief' });
    await addToBrief.hover();
    const hint = page.getByRole('tooltip', { name: 'Add a task to Brief' });
    await hint.waitFor();
    const [hintBox, buttonBox] = [await hint.boundingBox(), await addToBrief.boundingBox()];
    expect(hintBox && buttonBox && hintBox.y > buttonBox.y + buttonBox.height).toBe(true);
    await page.mouse.move(0, 0);
    await hint.waitFor({ state: 'detached' });

    await addTask(page, 'Brief', 'Collect references');
    await addTask(page, 'Brief', 'Write the brief');
    await addTask(page, 'Concepts', 'Three directions');
    await addTask(page, 'Concepts', 'Pick a direction');
    expect(await column(page, 'brief').getByTestId('task-card').count()).toBe(2);

    await drag(
      page,
      page.getByRole('button', { name: 'Move task Collect references' }),
      column(page, 'approved'),
      'Task Collect references is over Approved',
    );
    await column(page, 'approved').getByRole('button', { name: 'Open task Collect references' }).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="project-progress"]')?.textContent === '25%');

    // Keyboard: lift with Space, move right one stage, drop with Space; each step is announced.
    await page.getByRole('button', { name: 'Move task Write the brief' }).focus();
    await page.keyboard.press('Space');
    // Lifting announces the pick-up, then at once where the task is.
    await announced(page, 'Task Write the brief is over Brief');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'Task Write the brief is over Concepts');
    await page.keyboard.press('Space');
    await announced(page, 'Task Write the brief was dropped in Concepts');
    await column(page, 'concepts').getByRole('button', { name: 'Open task Write the brief' }).waitFor();

    // The "Move to" menu does the same without dragging.
    await page.getByRole('button', { name: 'Move “Three directions” to another stage' }).click();
    await page.getByRole('menuitem', { name: 'Move to Approved' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="project-progress"]')?.textContent === '50%');

    // It was saved, not only shown: a reload shows the same board and progress.
    await page.reload();
    await column(page, 'approved').getByRole('button', { name: 'Open task Three directions' }).waitFor();
    expect(await column(page, 'approved').getByTestId('task-card').count()).toBe(2);
    expect(await progress(page).textContent()).toBe('50%');

    // The list shows it with the same progress.
    await page.goto(`/apps/projects?q=${encodeURIComponent(name)}`);
    const card = page.getByTestId('project-card').filter({ hasText: name });
    await card.waitFor();
    expect(await card.getByTestId('project-progress').textContent()).toBe('50%');
    await page.context().close();
  });
});

/** The name of what has keyboard focus (its aria-label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });
const focusedRole = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('role') ?? '');

describe('the projects list by keyboard', () => {
  it('moves along the status tabs with the arrows, Home and End, and selects with Enter', async () => {
    const page = await signedInPage(admin);
    const tabs = page.getByRole('tablist', { name: 'Filter by status' }).getByRole('tab');
    await page.getByTestId('project-card').first().waitFor();
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toMatch(/^Planning \(\d+\)$/);
    // Focus moved; the selection (and the list) did not.
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).search).toBe('');
    await page.keyboard.press('End');
    expect(await focusedName(page)).toMatch(/^Archived/);
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toMatch(/^All open/);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/apps/projects?status=active');
    await expect.poll(() => tabs.nth(2).getAttribute('aria-selected')).toBe('true');
    // One tab stop: Tab leaves the row for the search field.
    await page.keyboard.press('Tab');
    expect(await focusedRole(page)).not.toBe('tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toMatch(/^Active/);

    // The view switch: arrows move between its buttons, Space picks.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Cards' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('Table');
    await page.keyboard.press('Space');
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('button', { name: 'Table', pressed: true }).count()).toBe(1);
    await page.context().close();
  });

  it('mirrors the arrow keys in Arabic: the next tab is to the left', async () => {
    const page = await signedInPage(admin);
    await page.getByRole('button', { name: /^Language:/ }).click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const tabs = page.getByRole('tablist').getByRole('tab');
    await tabs.first().focus();
    await page.keyboard.press('ArrowLeft');
    expect(await tabs.nth(1).evaluate((element) => element === document.activeElement)).toBe(true);
    // And the next tab really is to the left of the first.
    const [first, second] = [await tabs.first().boundingBox(), await tabs.nth(1).boundingBox()];
    expect(first && second && second.x < first.x).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await tabs.first().evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('opens the menus with the first item focused, and Escape returns to the button', async () => {
    const page = await signedInPage(admin);
    await page.getByTestId('project-card').first().waitFor();
    const newProject = page.getByRole('button', { name: 'New project' });
    await newProject.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Choose the type of the new project' });
    await menu.waitFor();
    await expect.poll(() => focusedRole(page)).toBe('menuitem');
    expect(await focusedName(page)).toMatch(/^Development/);
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toMatch(/^Marketing/);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('New project');

    // A card's menu, opened with a click: its first item has focus too.
    const card = page.getByTestId('project-card').first();
    await card.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await expect.poll(() => focusedName(page)).toBe('Edit');
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('loads the client picker on focus: a click opens its list, a Tab only focuses it', async () => {
    const page = await signedInPage(admin);
    await page.getByTestId('project-card').first().waitFor();
    const client = page.getByRole('combobox', { name: 'Client' });
    expect(await client.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('combobox', { name: 'Type' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(async () => client.getAttribute('readonly')).toBeNull();
    expect(await client.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('listbox').count()).toBe(0);

    await page.reload();
    await page.getByTestId('project-card').first().waitFor();
    await page.getByRole('combobox', { name: 'Client' }).click();
    await page.getByRole('option', { name: 'Liam Carter' }).click();
    await page.waitForURL(/client=/);
    // The previous page stays on screen until the filtered one arrives.
    await expect
      .poll(async () => {
        const texts = await page.getByTestId('project-card').allTextContents();
        return (
          texts.length > 0 && texts.every((text) => text.replace(/[\u2068\u2069]/g, '').includes('Client: Liam Carter'))
        );
      })
      .toBe(true);
    await page.context().close();
  });
});

describe('a client follows its projects', () => {
  it('sees only its own projects and cannot open another client’s by URL', async () => {
    // Another client's project id, found as that client through the API.
    const login = await fetch(`${baseUrl()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sophia),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const theirs = (await (
      await fetch(`${baseUrl()}/api/apps/projects?status=all`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as { projects: { id: string; name: string }[] };
    const other = theirs.projects[0];
    if (!other) throw new Error('the seed gives Sophia projects');

    const page = await signedInPage(liam);
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    const cards = page.getByTestId('project-card');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      // Names are isolated (FSI … PDI) inside the sentence.
      expect((await cards.nth(index).textContent())?.replace(/[\u2068\u2069]/g, '')).toContain('Client: Liam Carter');
    }
    expect(await page.getByText(other.name).count()).toBe(0);
    // A client reads but does not create.
    expect(await page.getByRole('button', { name: 'New project' }).count()).toBe(0);

    // Asking for another client's project is refused (404): the one error this path expects.
    expectedErrors.push(/status of 404/);
    await page.goto(`/apps/projects/${other.id}`);
    await page.getByText('This project does not exist, or you cannot see it.').waitFor();
    expect(await page.getByRole('heading', { name: other.name }).count()).toBe(0);

    // Its own project opens, read-only: no drag handles, but comments are open.
    await page.goto('/apps/projects');
    await cards.first().getByRole('link').first().click();
    await page.getByTestId('task-board').waitFor();
    expect(await page.getByTestId('task-drag-handle').count()).toBe(0);
    await page.context().close();
  });
});

const userIdOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('userData') ?? '{}') as { id: string }).id);

describe('a project page keeps its place in the URL', () => {
  it('opens a task and the Activity tab by URL, changes a stage in the dialog, and deletes without a stray request', async () => {
    const clientPage = await signedInPage(liam);
    const page = await signedInPage(admin);
    const { project } = await apiAs<{ project: { id: string; name: string } }>(page, 'POST', '/api/apps/projects', {
      type: 'development',
      name: `Url state ${Date.now().toString(36)}`,
      clientId: await userIdOf(clientPage),
      description: 'x'.repeat(3000),
    });
    const { task } = await apiAs<{ task: { id: string } }>(page, 'POST', `/api/apps/projects/${project.id}/tasks`, {
      title: 'Wireframes',
    });
    await page.goto(`/apps/projects/${project.id}`);

    // A 3 000-character word wraps inside the Details card.
    const details = page.locator('section[aria-labelledby="details-heading"]');
    await details.waitFor();
    expect(await details.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The open task is in the URL: Back closes it, a reload opens it again.
    await page.getByRole('button', { name: 'Open task Wireframes' }).click();
    await page.getByRole('dialog').waitFor();
    expect(new URL(page.url()).searchParams.get('task')).toBe(task.id);
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goForward();
    await page.getByRole('dialog').waitFor();
    await page.reload();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();

    // The stage changes in the dialog (the board said "Review", the dialog says it too).
    await dialog.getByRole('combobox', { name: 'Stage' }).click();
    await page.getByRole('option', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Save task' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('[data-testid="board-column"][data-stage="review"]')
      .getByRole('button', { name: 'Open task Wireframes' })
      .waitFor();
    expect(new URL(page.url()).searchParams.has('task')).toBe(false);

    // The Activity tab is in the URL too.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.waitForURL(/tab=activity/);
    await page.reload();
    expect(await page.getByRole('tab', { name: 'Activity' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText(/moved “\u2068Wireframes\u2069” from Backlog to Review/).waitFor();

    // The client opens the task read-only: no people lookup (it would be a 403).
    await clientPage.goto(`/apps/projects/${project.id}?task=${task.id}`);
    await clientPage
      .getByRole('dialog')
      .getByText('Only your project team can edit tasks. You can comment below.')
      .waitFor();
    await clientPage.getByRole('dialog').getByText('No comments yet.').waitFor();

    // Deleting goes to the list without reading the deleted board again (a 404).
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Type the project name to confirm').fill(project.name);
    await page.getByRole('dialog').getByRole('button', { name: 'Delete project' }).click();
    await page.waitForURL('**/apps/projects');
    await page.getByRole('heading', { name: 'Projects', level: 1 }).waitFor();
    await page.context().close();
    await clientPage.context().close();
  });
});

describe('the projects list on a phone', () => {
  it('keeps the filters behind a button, so the first screen shows projects', async () => {
    const page = await signedInPage(admin, { viewport: { width: 390, height: 844 } });
    await page.getByTestId('project-card').first().waitFor();
    const type = page.getByRole('combobox', { name: 'Type' });
    expect(await type.isVisible()).toBe(false);
    const firstCard = await page.getByTestId('project-card').first().boundingBox();
    expect(firstCard && firstCard.y < 844).toBe(true);
    const toggle = page.getByRole('button', { name: 'Filters' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await type.waitFor();
    await page.context().close();
  });
});
