import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll } from 'vitest';

import { signInThroughForm, useBrowser } from './browser';

/** The demo administrator (seed/src/demo-users.ts), who manages mailings. */
const olivia = { phone: '+15550100001', password: 'Admin#2026' };

/**
 * What the mailings pages' browser tests share: one Chromium for the file, pages signed in as
 * the administrator through the real form, and full-page screenshots in
 * tests/e2e/artifacts/<folder>/.
 */
export const useMailingsBrowser = (folder: string) => {
  const browser = useBrowser();
  const artifacts = join(import.meta.dirname, '..', 'e2e', 'artifacts', folder);
  beforeAll(() => {
    mkdirSync(artifacts, { recursive: true });
  });
  return {
    browser,
    shot: (target: Page, name: string) => target.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true }),
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
