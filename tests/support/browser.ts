import { existsSync } from 'node:fs';

import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** The system Chromium (apt-get install chromium); test tools' own browser downloads do not work here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchBrowser = async (): Promise<Browser> => {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
};

export const baseUrl = (): string => inject('baseUrl');

export const newContext = (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  browser.newContext({ baseURL: baseUrl(), viewport: { width: 1440, height: 900 }, ...options });

/**
 * One headless Chromium for a test file: launched before the file's tests (before its own
 * `beforeAll`s, being registered first) and closed after them, with every context it opened.
 */
export const useBrowser = () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });
  return {
    /** A new context at the test stack's address (closed after the file). */
    newContext: async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
      if (!browser) throw new Error('The browser starts in beforeAll: open contexts in hooks or tests.');
      const context = await newContext(browser, options);
      contexts.push(context);
      return context;
    },
  };
};

/** Signs in through the real form. */
export const signInThroughForm = async (page: Page, phone: string, password: string): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Phone', { exact: true }).fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

export const pathAndQuery = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Calls the API as the page's signed-in user: test setup, not what is under test. */
export const apiAs = <T>(page: Page, method: string, path: string, body?: unknown): Promise<T> =>
  page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (response.status === 204 ? undefined : await response.json()) as T;
    },
    { method, path, body },
  );
