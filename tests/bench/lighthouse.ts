import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

/**
 * Lighthouse (the npm package) with the system Chromium and its default config, which is the
 * mobile preset: a mid-range phone's screen and CPU on slow 4G. The network is simulated, but
 * the CPU figure is this machine's main-thread time multiplied by 4: on a busy machine TBT (and
 * so the score) comes out worse, which is why each audit prints Lighthouse's benchmark index of
 * the machine (a desktop at rest is ~1000 or more).
 */
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const lighthouseGoals = { performance: 95, accessibility: 100 } as const;

export interface LighthouseFigures {
  readonly performance: number;
  readonly accessibility: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** Accessibility audits that failed, by id (empty at 100). */
  readonly failedAccessibility: readonly string[];
  /** The performance opportunities with the most to gain, for reading a low score. */
  readonly opportunities: readonly string[];
  /** The scripts that keep the main thread busiest (Lighthouse's bootup-time), for the same. */
  readonly busiestScripts: readonly string[];
  /** Lighthouse's measure of this machine's CPU speed during the run. */
  readonly benchmarkIndex: number;
}

/**
 * Audits one page in a fresh browser profile (empty cache). `localStorage`, when given, is
 * written on the page's origin first (the way the app keeps a session), and Lighthouse is told
 * not to clear storage, so a signed-in page is audited signed in.
 */
export const auditPage = async (
  url: string,
  localStorage: Readonly<Record<string, string>> = {},
): Promise<LighthouseFigures> => {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', '--no-sandbox'] });
  try {
    const signedIn = Object.keys(localStorage).length > 0;
    if (signedIn) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      // A small same-origin file: the origin's storage is writable without loading the app.
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, localStorage);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: signedIn,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    const opportunities = Object.values(lhr.audits)
      .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
      .map((audit) => ({ audit, savings: (audit.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0 }))
      .filter(({ savings }) => savings > 0)
      .sort((a, b) => b.savings - a.savings)
      .slice(0, 3)
      .map(({ audit, savings }) => `${audit.id} (~${Math.round(savings)} ms)`);
    const bootup = (lhr.audits['bootup-time']?.details as { items?: { url: string; total: number }[] } | undefined)
      ?.items;
    const busiestScripts = (bootup ?? [])
      .slice(0, 3)
      .map(
        (item) => `${item.url.startsWith('http') ? new URL(item.url).pathname : item.url} ${Math.round(item.total)} ms`,
      );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      failedAccessibility,
      opportunities,
      busiestScripts,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
};
