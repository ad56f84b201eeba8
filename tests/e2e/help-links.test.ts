import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { apiAs, useBrowser } from '../support/browser';
import { e2eLinks } from './global-setup';

/**
 * Where the help links lead (docs/integrations.md, "Help links"): Help and Contact us are the
 * deploy's (/config.json), Wiki and Telegram an admin's (GET /api/integrations/links), read when
 * a link is used. An unset one says so, and shows an admin where to set it.
 */

const browser = useBrowser();

const signedInAdmin = async (): Promise<Page> => {
  const page = await browser.signedIn({ phone: '+15550100001', password: 'Admin#2026' }, { at: '/apps/projects' });
  await page.locator('.layout-wrapper').waitFor();
  return page;
};

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Saves the help links as the admin does in Integrations → Help links (from the version read). */
const saveHelpLinks = async (page: Page, links: { wiki: string | null; telegram: string | null }) => {
  const { links: current } = await apiAs<{ links: { version: number } }>(page, 'GET', '/api/integrations/links');
  const saved = await apiAs<{ links?: unknown }>(page, 'PUT', '/api/apps/integrations/links', {
    ...links,
    version: current.version,
  });
  expect(saved.links).toMatchObject(links);
};

describe('help links', () => {
  it('leads Help where the deploy says and Wiki where the admin saved; Contact us and Telegram unset say so', async () => {
    const page = await signedInAdmin();
    const wiki = 'https://wiki.orbit.test/start';
    await page.context().route(`${wiki}**`, (route) => route.fulfill({ body: 'the wiki' }));
    const footer = page.locator('footer');
    const help = footer.getByRole('link', { name: /^Help/ });
    await help.waitFor();
    expect(await help.getAttribute('href')).toBe(e2eLinks.help);
    expect(await footer.getByRole('link', { name: /^Contact us/ }).count()).toBe(0);

    // Saved while the page is open: the link reads it when clicked.
    await saveHelpLinks(page, { wiki, telegram: null });
    try {
      const popup = page.waitForEvent('popup');
      await navigation(page).getByRole('link', { name: 'Wiki' }).click();
      await (await popup).waitForURL(wiki);
      expect(new URL(page.url()).pathname).toBe('/apps/projects');

      await navigation(page).getByRole('link', { name: 'Telegram' }).click();
      await page.waitForURL('**/telegram');
      const notSet = page.getByTestId('link-not-configured');
      await notSet.getByText('This link is not configured.').waitFor();
      await notSet.getByRole('link', { name: 'Set up help links' }).click();
      await page.waitForURL('**/apps/integrations?tab=links');
    } finally {
      // The other tests see the seeded store: no help link set.
      await saveHelpLinks(page, { wiki: null, telegram: null });
    }
  });
});
