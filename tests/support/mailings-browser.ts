import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';

import { seriousAxeViolations } from './axe';
import { signInThroughForm, useBrowser } from './browser';
import { screenshotTaker } from './screenshots';

/** The demo administrator (seed/src/demo-users.ts), who manages mailings. */
const olivia = { phone: '+15550100001', password: 'Admin#2026' };

/**
 * What the mailings pages' browser tests share (the plans and referrals pages' too): one Chromium
 * for the file, pages signed in as the administrator through the real form, full-page screenshots
 * in tests/e2e/artifacts/<folder>/ when asked for (screenshots.ts), and axe's check of a page once it
 * has settled.
 */
export const useMailingsBrowser = (folder: string) => {
  const browser = useBrowser();
  const artifacts = join(import.meta.dirname, '..', 'e2e', 'artifacts', folder);
  beforeAll(() => {
    mkdirSync(artifacts, { recursive: true });
  });
  const shot = screenshotTaker(artifacts);
  return {
    browser,
    shot,
    /** axe finds nothing serious or critical once animations have ended; the page is kept as `<name>.png`. */
    axeClean: async (target: Page, name: string) => {
      await animationsSettled(target);
      expect(await seriousAxeViolations(target)).toEqual([]);
      await shot(target, name);
    },
    signedIn: async (options: BrowserContextOptions = {}) => {
      const page = await (await browser.newContext(options)).newPage();
      await signInThroughForm(page, olivia.phone, olivia.password);
      await page.waitForURL((url) => url.pathname !== '/login');
      return page;
    },
  };
};

/** Waits for running animations (a dialog's, a ripple's) to end, so axe sees final colours. */
export const animationsSettled = (target: Page) =>
  target.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

/** The page does not scroll sideways (a wide table scrolls inside its own container instead). */
export const fitsTheWindow = (target: Page) =>
  target.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
