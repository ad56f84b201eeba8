import { existsSync } from 'node:fs';

import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type BrowserServer,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

import type { SignInResponse } from '@orbit/functions/auth/contract';

import type { E2eStack } from '../e2e/global-setup';

/** The system Chromium (apt-get install chromium); test tools' own browser downloads do not work here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const launchOptions = (): LaunchOptions => {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  return {
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
  };
};

/** A Chromium of the caller's own (the bench's). */
export const launchBrowser = (): Promise<Browser> => chromium.launch(launchOptions());

/**
 * The browser tests' one Chromium for the whole run (tests/e2e/global-setup.ts): each test file
 * connects to it instead of launching its own, and opens contexts as before — a context is as
 * separate as a browser of its own (cookies, storage, cache), and costs a fraction of a launch.
 */
export const launchBrowserServer = (): Promise<BrowserServer> => chromium.launchServer(launchOptions());

/**
 * The stack this test file runs against: its worker's (tests/e2e/global-setup.ts starts one per
 * worker; VITEST_POOL_ID numbers the workers from 1), so two files at a time never share data.
 */
export const e2eStack = (): E2eStack => {
  const stacks = inject('e2eStacks');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const stack = stacks[worker - 1];
  // More workers than stacks would put two files on one stack at once: say so, never share.
  if (!stack) throw new Error(`No stack for e2e worker ${worker}: raise e2eWorkers to the project's maxWorkers.`);
  return stack;
};

export const baseUrl = (): string => e2eStack().baseUrl;

export const newContext = (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> =>
  browser.newContext({ baseURL: baseUrl(), viewport: { width: 1440, height: 900 }, ...options });

/** Someone who signs in with a phone and a password (the demo users: seed/src/demo-users.ts). */
export interface Account {
  readonly phone: string;
  readonly password: string;
}

/**
 * Signs `context` in as `who` through the API, as the sign-in form would: POST /api/auth/login
 * from the context (its cookie jar keeps the refresh cookie; the session records the browser's
 * user agent), and the answer stored where the web app keeps it (userData, accessToken,
 * userAbilityRules in localStorage), with `language` if given (the app starts in it). Each
 * context gets a session of its own, like a browser that signed in: refresh tokens rotate, and a
 * cookie shared by several contexts would tie them together (one's refresh or sign-out would
 * end the others'). The form itself is tested in tests/e2e/sign-in.test.ts.
 */
export const signInThroughApi = async (
  context: BrowserContext,
  who: Account,
  language?: string,
): Promise<SignInResponse> => {
  const response = await context.request.post('/api/auth/login', {
    data: { phone: who.phone, password: who.password },
  });
  if (response.status() !== 201) {
    throw new Error(`signing ${who.phone} in through the API: ${response.status()} ${await response.text()}`);
  }
  const body = (await response.json()) as SignInResponse;
  const { cookies } = await context.storageState();
  const stored = {
    userData: JSON.stringify(body.userData),
    accessToken: body.accessToken,
    userAbilityRules: JSON.stringify(body.userAbilityRules),
    ...(language ? { language } : {}),
  };
  await context.setStorageState({
    cookies,
    origins: [
      {
        origin: new URL(baseUrl()).origin,
        localStorage: Object.entries(stored).map(([name, value]) => ({ name, value })),
      },
    ],
  });
  return body;
};

export interface SignedInOptions extends BrowserContextOptions {
  /** Where the page goes once signed in; it stays on about:blank when not given. */
  readonly at?: string;
  /** The interface language stored before the first page load (docs/product.md#stored-values). */
  readonly language?: string;
}

/**
 * A test file's connection to the run's Chromium: made before the file's tests (before its own
 * `beforeAll`s, being registered first) and closed after them, with every context it opened.
 */
export const useBrowser = () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    // A connected browser's close() disconnects this file; the run's Chromium goes on.
    await browser?.close();
  });
  const open = async (options: BrowserContextOptions = {}): Promise<BrowserContext> => {
    if (!browser) throw new Error('The browser connects in beforeAll: open contexts in hooks or tests.');
    const context = await newContext(browser, options);
    contexts.push(context);
    return context;
  };
  return {
    /** A new context at the test stack's address (closed after the file). */
    newContext: open,
    /**
     * A page of a new context signed in as `who` through the API (signInThroughApi): the test
     * starts where the form would have left it, without walking the form.
     */
    signedIn: async (who: Account, { at, language, ...options }: SignedInOptions = {}): Promise<Page> => {
      const context = await open(options);
      await signInThroughApi(context, who, language);
      const page = await context.newPage();
      if (at) await page.goto(at);
      return page;
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

/** The page's stored access token: from the page once it has loaded the app, else from its context's storage. */
const accessTokenOf = async (page: Page): Promise<string> => {
  const origin = new URL(baseUrl()).origin;
  if (page.url().startsWith(origin)) return page.evaluate(() => localStorage.getItem('accessToken') ?? '');
  const { origins } = await page.context().storageState();
  const stored = origins.find((entry) => entry.origin === origin)?.localStorage;
  return stored?.find((item) => item.name === 'accessToken')?.value ?? '';
};

/**
 * Calls the API as the page's signed-in user: test setup, not what is under test. Sent from the
 * page's context (its cookies), so it works before the page has loaded anything.
 */
export const apiAs = async <T>(page: Page, method: string, path: string, body?: unknown): Promise<T> => {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${await accessTokenOf(page)}` },
    ...(body === undefined ? {} : { data: body }),
  });
  return (response.status() === 204 ? undefined : await response.json()) as T;
};
