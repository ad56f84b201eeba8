import { join } from 'node:path';

import type { Page } from 'playwright-core';

/**
 * Pictures of the states the browser tests check, in tests/e2e/artifacts/<folder>/ (git-ignored),
 * for a look by eye: taken when `E2E_SCREENSHOTS=1` asks for them. Not by default: no test reads
 * them, and a run's hundred-odd full-page pictures cost Chromium, and the browser relay they pass
 * through, CPU time the run has no room for. A check that fails says itself what it found (axe's
 * findings, the element, the text), and every-route.test.ts keeps a picture of each page with a
 * problem whatever this says.
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/** Saves `<artifacts>/<name>.png` of the page (the whole page unless told), when pictures are wanted. */
export const screenshotTaker =
  (artifacts: string, { fullPage = true }: { fullPage?: boolean } = {}) =>
  async (target: Page, name: string): Promise<void> => {
    if (screenshotsWanted) await target.screenshot({ path: join(artifacts, `${name}.png`), fullPage });
  };
