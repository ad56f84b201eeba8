import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { signInThroughApi, useBrowser } from '../support/browser';
import { isSerious, runAxe, type AxeViolation } from '../support/axe';

/**
 * Checks that hold for every page, walked from the web app's own route table, so a new route is
 * checked the day it is added (and fails here until it has a sample path):
 * - axe-core (WCAG 2.1 AA and best practice, contrast included) finds nothing serious or critical,
 *   in the dark theme and in the light one, on the page's content as well as the shell;
 * - no page is wider than the window, at 1440 and 390 px, left to right and right to left: the
 *   document does not scroll sideways and no visible element sticks out of the window (unless
 *   a scrolling or clipping box of its own holds it).
 * Each page is checked as everyone who can open it: signed out for the sign-in pages, an admin
 * and a client for the rest (a client's forbidden pages land on /not-authorized, checked once).
 * Each page is loaded once per language and switched in place to the other width and scheme
 * (Walk, below); each pass is a test of its own that asserts what the walk found in it.
 * Screenshots of every page with a problem go to tests/e2e/artifacts/every-route/ (git-ignored).
 */

const artifacts = join(import.meta.dirname, 'artifacts', 'every-route');
const admin = { phone: '+15550100001', password: 'Admin#2026' };
const client = { phone: '+15550100002', password: 'Client#2026' };

interface Fixtures {
  /** A project this visitor may open, with its type. */
  readonly project?: { readonly id: string; readonly type: string };
}

/** The URL to visit for a route-table entry: every parameter gets a value a page can show. */
const samplePath = (entry: RouteEntry, fixtures: Fixtures): string => {
  if (entry.path === '*') return '/no-such-page';
  return entry.path.replace(/\/:(\w+)|\/\*$/g, (_segment, name: string | undefined) => {
    switch (name) {
      case undefined:
        return '/anything';
      case 'filter':
        return '/inbox';
      case 'label':
        return '/personal';
      case 'type':
        return `/${fixtures.project?.type ?? 'development'}`;
      case 'token':
        // The public unsubscribe link: a token the server did not sign shows the "not valid" page.
        return '/not-a-token';
      case 'id':
        if (!fixtures.project) throw new Error(`${entry.path}: no project to open`);
        return `/${fixtures.project.id}`;
      default:
        throw new Error(`${entry.path}: give :${name} a sample value in every-route.test.ts`);
    }
  });
};

/**
 * The web app's route table (web/src/app/routing/route-table.ts), read as data. Imported by a
 * computed name: its page loaders would make TypeScript check the whole web app under the tests'
 * settings, and only the paths and layouts matter here.
 */
interface RouteEntry {
  readonly path: string;
  readonly handle: { readonly name: string; readonly layout?: string };
  readonly page?: unknown;
}
const routeTableModule = '../../web/src/app/routing/route-table';
const { routeTable } = (await import(routeTableModule)) as { routeTable: readonly RouteEntry[] };

/**
 * Routes that render a page: not the index redirect. /wiki and /telegram open a new tab once an
 * admin has set them; the seeded store sets neither (the shell test sets the wiki's and clears it
 * again), so they render their "not set up" page and are checked like any other.
 */
const pages = routeTable.filter((entry) => entry.page);
const signedOutPages = pages.filter((entry) => entry.handle.layout === 'blank');
const shellPages = pages.filter((entry) => entry.handle.layout !== 'blank');

interface Pass {
  readonly scheme: 'light' | 'dark';
  readonly language: 'en' | 'ar';
  readonly width: 1440 | 390;
  /** Run axe on this pass (contrast in both schemes, at the wide size in both directions). */
  readonly axe: boolean;
}

/**
 * One walk per language: each page is loaded once, checked in the walk's first pass (wide, with
 * axe), then switched in place to the second (phone width, the other scheme) and checked again.
 * The app follows the window's width and the system's colour scheme live (docs/product.md#behaviour),
 * so a switch shows what a fresh load would, for a fraction of a load; the passes are today's four.
 */
interface Walk {
  readonly language: Pass['language'];
  readonly passes: readonly [Pass, Pass];
}

const walks: readonly Walk[] = [
  {
    language: 'en',
    passes: [
      { scheme: 'dark', language: 'en', width: 1440, axe: true },
      { scheme: 'light', language: 'en', width: 390, axe: false },
    ],
  },
  {
    language: 'ar',
    passes: [
      { scheme: 'light', language: 'ar', width: 1440, axe: true },
      { scheme: 'dark', language: 'ar', width: 390, axe: false },
    ],
  },
];
const passName = ({ scheme, language, width }: Pass) => `${scheme}, ${language === 'ar' ? 'rtl' : 'ltr'}, ${width} px`;
const viewportOf = (pass: Pass) => ({ width: pass.width, height: pass.width === 390 ? 844 : 900 });

const browser = useBrowser();

beforeAll(() => {
  mkdirSync(artifacts, { recursive: true });
});

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signs in once through the API (the form is sign-in.test.ts's); both walks then start from that
 * stored session. They run one after the other, well inside the access token's life, so neither
 * refreshes it (a refresh rotates the cookie the other holds).
 */
const signInState = async (who: typeof admin): Promise<StorageState> => {
  const context = await browser.newContext();
  await signInThroughApi(context, who);
  return context.storageState();
};

/** A page in the walk's first pass (size, scheme, language), signed in if `storageState` says so. */
const openPass = async (pass: Pass, storageState?: StorageState): Promise<Page> => {
  const options: BrowserContextOptions = {
    colorScheme: pass.scheme,
    viewport: viewportOf(pass),
    ...(storageState ? { storageState } : {}),
  };
  const context = await browser.newContext(options);
  await context.addInitScript((language) => localStorage.setItem('language', language), pass.language);
  const page = await context.newPage();
  quietWaits.set(page, networkQuiet(page));
  return page;
};

/**
 * Switches the loaded page to `pass` in place (window size and system colour scheme) and waits
 * until it has followed: <html> carries the scheme (pre-paint.ts), the window has the width, two
 * frames have run the re-render the media queries asked for, and the page is ready again.
 */
const switchTo = async (page: Page, pass: Pass): Promise<void> => {
  await page.setViewportSize(viewportOf(pass));
  await page.emulateMedia({ colorScheme: pass.scheme });
  await page.waitForFunction(
    ({ scheme, width }) => document.documentElement.classList.contains(scheme) && window.innerWidth === width,
    { scheme: pass.scheme, width: pass.width },
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await ready(page);
};

/** The first project the signed-in user can see, from the API as the page would ask. */
const firstProject = (page: Page): Promise<{ id: string; type: string }> =>
  page.evaluate(async () => {
    const response = await fetch('/api/apps/projects?limit=1', {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}` },
    });
    const body = (await response.json()) as { projects: { id: string; type: string }[] };
    const [project] = body.projects;
    if (!project) throw new Error('the seed gives every visitor a project');
    return { id: project.id, type: project.type };
  });

/** Each page's wait for its network to go quiet (networkQuiet), set up when openPass opens it. */
const quietWaits = new WeakMap<Page, () => Promise<void>>();

/** How long no request may be in flight before the page counts as loaded. */
const quietMs = 150;

/**
 * A wait for the page's network to go quiet: no request in flight for `quietMs`. Playwright's
 * own `networkidle` waits a fixed 500 ms after the last one, which over some three hundred page
 * loads was a minute of the run; the busy regions and the heading below cover the rest.
 */
const networkQuiet = (page: Page): (() => Promise<void>) => {
  const inFlight = new Set<Request>();
  let changedAt = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    changedAt = Date.now();
  });
  const settled = (request: Request) => {
    inFlight.delete(request);
    changedAt = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return () =>
    new Promise<void>((resolve) => {
      const check = () => {
        const quietFor = Date.now() - changedAt;
        if (inFlight.size === 0 && quietFor >= quietMs) resolve();
        else setTimeout(check, Math.max(10, quietMs - quietFor));
      };
      check();
    });
};

/**
 * The page has finished loading: code, words and data are in (no request in flight for a moment,
 * no busy region), its heading is there, and every finite animation has ended.
 */
const ready = async (page: Page): Promise<void> => {
  const quiet = quietWaits.get(page);
  if (!quiet) throw new Error('open pages with openPass: it watches their requests');
  await page.waitForLoadState('load');
  await quiet();
  await page.locator('h1').first().waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
};

const seriousAxeViolations = async (page: Page): Promise<AxeViolation[]> => (await runAxe(page)).filter(isSerious);

/**
 * What makes the page wider than the window: the document's own sideways scroll, and every
 * visible element whose box leaves the window on either side, unless an ancestor below the body
 * scrolls or clips it horizontally (a wide table in its own scrolling box is fine).
 */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const holdsItsContent = (element: Element): boolean => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList]
        .slice(0, 3)
        .map((name) => `.${name}`)
        .join('');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes} "${text}"`;
    };
    const outside: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 1 && box.left >= -1) continue;
      if (holdsItsContent(element)) continue;
      outside.push(`${describe(element)} at ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    return { scrollWidth: root.scrollWidth, width, outside: outside.slice(0, 10) };
  });

interface Visitor {
  readonly name: string;
  readonly routes: readonly RouteEntry[];
  /** Pages this visitor may not open send them to /not-authorized. */
  readonly mayBeRefused: boolean;
  readonly state: () => Promise<StorageState | undefined>;
  readonly fixtures: (page: Page) => Promise<Fixtures>;
}

const visitorState = new Map<string, Promise<StorageState>>();
const signedInAs = (who: typeof admin) => () => {
  if (!visitorState.has(who.phone)) visitorState.set(who.phone, signInState(who));
  return visitorState.get(who.phone) as Promise<StorageState>;
};

const visitors: readonly Visitor[] = [
  {
    name: 'signed out',
    routes: signedOutPages,
    mayBeRefused: false,
    state: () => Promise.resolve(undefined),
    fixtures: async () => ({}),
  },
  {
    name: 'an admin',
    routes: shellPages,
    mayBeRefused: false,
    state: signedInAs(admin),
    fixtures: async (page) => ({ project: await firstProject(page) }),
  },
  {
    name: 'a client',
    routes: shellPages,
    mayBeRefused: true,
    state: signedInAs(client),
    fixtures: async (page) => ({ project: await firstProject(page) }),
  },
];

describe.each(visitors)('every page, $name', (visitor) => {
  describe.each(walks)('in $language', (walk) => {
    const [first, second] = walk.passes;
    /** What each pass found, by pass: filled by the walk, asserted by the pass's own test. */
    const found = new Map<Pass, string[]>(walk.passes.map((pass) => [pass, []]));

    /** Checks the page as it stands in `pass`: its width, and axe if the pass runs it. */
    const check = async (page: Page, pass: Pass, path: string): Promise<void> => {
      const problems = found.get(pass) ?? [];
      const problemsBefore = problems.length;
      const { scrollWidth, width, outside } = await overflowOf(page);
      if (scrollWidth > width) problems.push(`${path} (${passName(pass)}): ${scrollWidth} px wide in ${width}`);
      for (const element of outside) problems.push(`${path} (${passName(pass)}): ${element} in ${width}`);
      if (pass.axe) {
        for (const violation of await seriousAxeViolations(page)) {
          problems.push(`${path} (${passName(pass)}): ${violation.id} ${JSON.stringify(violation.nodes)}`);
        }
      }
      // A picture of each page that has a problem, to see it (every page's took a minute a run).
      if (problems.length > problemsBefore) {
        const file = `${visitor.name.replace(/\W+/g, '-')}${path.replace(/\W+/g, '-')}-${pass.scheme}-${pass.language}-${pass.width}.png`;
        await page.screenshot({ path: join(artifacts, file) });
      }
    };

    beforeAll(async () => {
      const page = await openPass(first, await visitor.state());
      await page.goto('/not-authorized');
      const fixtures = await visitor.fixtures(page);
      const seen = new Set<string>();
      for (const entry of visitor.routes) {
        const path = samplePath(entry, fixtures);
        // Back to the first pass before the load (the page before was left in the second).
        if (seen.size > 0) {
          await page.setViewportSize(viewportOf(first));
          await page.emulateMedia({ colorScheme: first.scheme });
        }
        await page.goto(path);
        await ready(page);
        const landed = new URL(page.url()).pathname;
        // A page the visitor may not open lands on /not-authorized: checked once, not per route.
        if (seen.has(landed)) continue;
        seen.add(landed);
        const refused = visitor.mayBeRefused && landed === '/not-authorized';
        if (landed !== path && !refused) {
          for (const problems of found.values()) problems.push(`${path} went to ${landed}`);
        }
        await check(page, first, path);
        await switchTo(page, second);
        await check(page, second, path);
      }
      await page.context().close();
    }, 300_000); // Some twenty pages, each loaded, measured in two passes, checked by axe: minutes on a busy machine.

    it.each(walk.passes)(
      '$scheme, $language, $width px: axe finds nothing serious, no page is wider than the window',
      (pass) => {
        expect(found.get(pass)).toEqual([]);
      },
    );
  });
});
