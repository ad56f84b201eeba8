import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { useBrowser, pathAndQuery, type Account, type SignedInOptions } from '../support/browser';

const browser = useBrowser();

const admin = { phone: '+15550100001', password: 'Admin#2026' };
const client = { phone: '+15550100002', password: 'Client#2026' };

/** A page signed in as `who` (through the API), where the sign-in form lands unless told. */
const signedIn = (who: Account, options: SignedInOptions = { at: '/apps/projects' }): Promise<Page> =>
  browser.signedIn(who, options);

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const rowNames = (page: Page) => page.getByTestId('permission-row').locator('th').allTextContents();
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search permissions' });

describe('the permissions page', () => {
  it('lets an admin search, sort, page, add, edit and delete permissions, with the table state in the URL', async () => {
    const page = await signedIn(admin);
    const name = `E2E Audit ${Date.now().toString(36)}`;

    await navigation(page).getByRole('link', { name: 'Permissions' }).click();
    await page.waitForURL('**/apps/permissions');
    await expect.poll(() => rowNames(page)).toContain('Management');
    await expect.poll(() => page.getByText('Items per page').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^1–\d+ of \d+$/).isVisible()).toBe(true);

    // Search (docs/product.md#calls: substring of the name), kept in the URL.
    await search(page).fill('billing');
    await page.waitForURL((url) => url.searchParams.get('q') === 'billing');
    await expect.poll(() => rowNames(page)).toEqual(['Manage Billing & Roles']);
    await search(page).fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    // The whole list is back on the page before the next click, as a person would see it: a
    // click on a render still showing the search would write it back (see docs/decisions.md).
    await expect.poll(async () => (await rowNames(page)).length).toBeGreaterThan(1);

    // Sort by name, then a page size of 5.
    await page.getByRole('button', { name: 'Name' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('sortBy') === 'name' && url.searchParams.get('orderBy') === 'asc',
    );
    await expect.poll(async () => (await rowNames(page))[0]).toBe('Add & Remove Users');
    await page.getByRole('combobox', { name: 'Items per page' }).click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('itemsPerPage') === '5');
    await expect.poll(async () => (await rowNames(page)).length).toBe(5);
    await expect.poll(() => page.getByText(/^1–5 of \d+$/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');

    // A reload shows the same table.
    await page.reload();
    expect(pathAndQuery(page)).toBe('/apps/permissions?sortBy=name&orderBy=asc&itemsPerPage=5&page=2');
    await expect.poll(() => page.getByText(/^6–\d+ of \d+$/).isVisible()).toBe(true);

    // Add: the dialog validates with the shared contract, then creates.
    await page.getByRole('button', { name: 'Add permission' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add permission' });
    await addDialog.getByRole('button', { name: 'Create permission' }).click();
    await expect.poll(() => addDialog.getByText('Enter a name of 2 to 80 characters.').isVisible()).toBe(true);
    await addDialog.getByRole('textbox', { name: 'Permission name' }).fill(name);
    await addDialog.getByRole('checkbox', { name: 'Support' }).check();
    await addDialog.getByRole('button', { name: 'Create permission' }).click();
    await expect.poll(() => addDialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByText(`Permission “${name}” created.`).isVisible()).toBe(true);

    // A duplicate name is refused by the server and shown under the field.
    await page.getByRole('button', { name: 'Add permission' }).click();
    await addDialog.getByRole('textbox', { name: 'Permission name' }).fill(name.toUpperCase());
    await addDialog.getByRole('button', { name: 'Create permission' }).click();
    await expect.poll(() => addDialog.getByText('A permission with this name already exists.').isVisible()).toBe(true);
    await addDialog.getByRole('button', { name: 'Cancel' }).click();

    await search(page).fill(name);
    await page.waitForURL((url) => url.searchParams.get('q') === name);
    await expect.poll(() => rowNames(page)).toEqual([name]);
    const row = page.getByTestId('permission-row').first();
    expect(
      await row.locator('[data-role]').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-role'))),
    ).toEqual(['support']);

    // Edit: rename and reassign.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit permission' });
    await editDialog.getByRole('textbox', { name: 'Permission name' }).fill(`${name} v2`);
    await editDialog.getByRole('checkbox', { name: 'Manager' }).check();
    await editDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => editDialog.isVisible()).toBe(false);
    await expect.poll(() => rowNames(page)).toEqual([`${name} v2`]);
    await expect
      .poll(() =>
        row.locator('[data-role]').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-role'))),
      )
      .toEqual(['manager', 'support']);

    // Delete, after confirming.
    await page.getByRole('button', { name: `Delete ${name} v2` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete permission?' });
    await expect.poll(() => confirm.getByText(`“${name} v2” will be deleted`, { exact: false }).isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText(`No permission matches “${name}”.`).isVisible()).toBe(true);
    await page.context().close();
  });

  it('shows the page in French with the translated footer', async () => {
    const page = await signedIn(admin, { language: 'fr', at: '/apps/permissions?itemsPerPage=5' });
    await expect.poll(() => page.getByText('Éléments par page').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^1–5 sur \d+$/).isVisible()).toBe(true);
    // Dates in French, not the stored English text.
    const firstDate = page.getByTestId('permission-row').first().locator('time');
    await expect.poll(() => firstDate.textContent()).toMatch(/\d{4}/);
    expect(await firstDate.textContent()).not.toMatch(/AM|PM|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/);
    await page.context().close();
  });

  it('keeps every row’s actions in reach with an 80-character name, in Arabic on a phone, and says “done” with the shared notice', async () => {
    const page = await signedIn(admin, { at: '/apps/permissions' });
    const name = `${'Longpermissionname'.repeat(4)}${Date.now().toString(36)}`.slice(0, 80);
    await page.getByRole('button', { name: 'Add permission' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Permission name/).fill(name);
    await dialog.getByRole('button', { name: 'Create permission' }).click();
    // One notice style for the whole app: the shared filled alert (as the projects pages show).
    await page.locator('.MuiSnackbar-root .MuiAlert-filled').filter({ hasText: name }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.goto(`/apps/permissions?q=${name}`);
    const row = page.getByTestId('permission-row').filter({ hasText: name });
    await row.waitFor();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const button of await row.getByRole('button').all()) {
      const box = (await button.boundingBox()) ?? { x: -1, width: 0 };
      // Inside the window, without scrolling sideways.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await page.context().close();
  });

  it('is not in a client’s navigation, and typing its URL lands the client on /not-authorized', async () => {
    const page = await signedIn(client);
    await expect.poll(() => navigation(page).getByRole('link', { name: 'Access control' }).isVisible()).toBe(true);
    expect(await navigation(page).getByRole('link', { name: 'Permissions' }).count()).toBe(0);
    await page.goto('/apps/permissions');
    await page.waitForURL('**/not-authorized');
    expect(pathAndQuery(page)).toBe('/not-authorized');
    await page.context().close();
  });
});

describe('the access-control page', () => {
  it('shows a client its own rights only, and an admin everything with a way to the permissions', async () => {
    const page = await signedIn(client);
    await navigation(page).getByRole('link', { name: 'Access control' }).click();
    await page.waitForURL('**/access-control');
    const cell = (subject: string, action: string) =>
      page
        .locator(`[data-subject="${subject}"] [data-action="${action}"] [data-capability]`)
        .getAttribute('data-capability');
    await expect.poll(() => cell('Project', 'read')).toBe('own');
    expect(await cell('Project', 'update')).toBe('denied');
    expect(await cell('Permission', 'read')).toBe('denied');
    expect(await cell('AclDemo', 'read')).toBe('allowed');
    // Clients do send chat messages: the page reads the rule the server enforces on sending.
    expect(await cell('Chat', 'create')).toBe('allowed');
    // Said for a person, not in the rules' own words.
    expect(await page.locator('#main-content').textContent()).not.toContain('AclDemo');
    expect(await page.getByRole('link', { name: 'Manage permissions' }).count()).toBe(0);
    await page.context().close();

    const adminPage = await signedIn(admin, { at: '/access-control' });
    await expect
      .poll(() =>
        adminPage
          .locator('[data-subject="Permission"] [data-action="delete"] [data-capability]')
          .getAttribute('data-capability'),
      )
      .toBe('allowed');
    await adminPage.getByRole('link', { name: 'Manage permissions' }).click();
    await adminPage.waitForURL('**/apps/permissions');
    await adminPage.context().close();
  });
});
