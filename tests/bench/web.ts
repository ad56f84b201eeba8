import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

import type { Browser, Page } from 'playwright-core';

import { adminPassword } from '@orbit/seed/demo-users';

import { repoRoot, startLocalStack } from '../../infra/local/stack';
import { languages } from '../../web/src/shared/i18n/languages';
import { partLoaders, translationParts, type TranslationTree } from '../../web/src/shared/i18n/translation-parts';
import { launchBrowser } from '../support/browser';
import { auditPage, lighthouseGoals, startHttp2Front, type LighthouseFigures } from './lighthouse';
import type { BenchSection } from './section';

/**
 * Web: how much JavaScript (gzip) a first visit downloads. /login must stay small (the sign-in
 * page must not pull in the rest of the app); /apps/projects carries the shell and the page.
 * Each JS response's body is gzipped here (level 9, like a CDN), whatever the server sent, so
 * the figure does not depend on the local server's compression.
 *
 * BENCH_WEB_DIR measures an existing build; by default the section builds the current source
 * into a temporary folder (never web/dist, which colleagues' runs may be using). Each figure lists
 * its largest files, 8 of them or BENCH_WEB_TOP.
 *
 * Then Lighthouse (mobile preset) audits /login signed out and /apps/projects and /apps/chat
 * signed in, served as CloudFront serves them: compressed (the build's .br/.gz copies) with the
 * deployed security headers, over HTTP/2 with TLS (a front before the local stack, see
 * startHttp2Front; BENCH_WEB_HTTP1=1 audits the local stack's own HTTP/1.1 instead). Goals:
 * performance >= 95, accessibility 100. BENCH_WEB_LIGHTHOUSE=0 skips the audits (they take about
 * half a minute each).
 */

export const loginBudgetKb = 130;
export const projectsBudgetKb = 220;

const run = promisify(execFile);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Download {
  readonly url: string;
  readonly gzipBytes: number;
}

interface Recording {
  readonly downloads: Download[];
  /** Reading a body is asynchronous: every read started so far. */
  readonly reads: Promise<void>[];
}

/** Records every JS response of a page from now on. */
const recordScripts = (page: Page): Recording => {
  const recording: Recording = { downloads: [], reads: [] };
  page.on('response', (response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    if (!/\.m?js(\?|$)/.test(new URL(url).pathname) && !type.includes('javascript')) return;
    recording.reads.push(
      response
        .body()
        .then((body) => {
          recording.downloads.push({ url, gzipBytes: gzipSync(body, { level: 9 }).length });
        })
        .catch(() => undefined),
    );
  });
  return recording;
};

/** Network idle, then every response body read: the figure is complete, with no fixed wait. */
const settle = async (page: Page, recording: Recording): Promise<Download[]> => {
  await page.waitForLoadState('networkidle');
  await Promise.all(recording.reads);
  return recording.downloads;
};

const report = (label: string, downloads: readonly Download[], budgetKb: number): boolean => {
  const total = downloads.reduce((sum, download) => sum + download.gzipBytes, 0);
  const within = total <= budgetKb * 1024;
  console.log(
    `${label}: ${kb(total)} gzip JS in ${downloads.length} files (budget ${budgetKb} KB: ${within ? 'within' : 'OVER'})`,
  );
  const largest = [...downloads].sort((a, b) => b.gzipBytes - a.gzipBytes);
  for (const download of largest.slice(0, Number(process.env.BENCH_WEB_TOP ?? 8))) {
    console.log(`  ${kb(download.gzipBytes).padStart(9)}  ${new URL(download.url).pathname}`);
  }
  return within;
};

const measure = async (browser: Browser, baseUrl: string): Promise<boolean> => {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    const loginPage = await context.newPage();
    const login = recordScripts(loginPage);
    await loginPage.goto('/login');
    await loginPage.getByLabel('Phone', { exact: true }).waitFor();
    const loginWithin = report('/login (signed out, first visit)', await settle(loginPage, login), loginBudgetKb);

    // Sign in through the API, then open /apps/projects in a fresh page with an empty cache: the
    // figure is what a signed-in user's first visit to the landing page downloads.
    await loginPage.getByLabel('Phone', { exact: true }).fill('+15550100001');
    await loginPage.getByLabel('Password', { exact: true }).fill(adminPassword);
    await loginPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await loginPage.waitForURL('**/apps/projects');
    const session = await loginPage.evaluate(() => JSON.stringify({ ...localStorage }));
    await loginPage.close();

    const fresh = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
    try {
      await fresh.addInitScript((stored: string) => {
        if (localStorage.getItem('accessToken')) return;
        for (const [key, value] of Object.entries(JSON.parse(stored) as Record<string, string>)) {
          localStorage.setItem(key, value);
        }
      }, session);
      const projectsPage = await fresh.newPage();
      const projects = recordScripts(projectsPage);
      await projectsPage.goto('/apps/projects');
      await projectsPage.getByRole('navigation').first().waitFor();
      const projectsWithin = report(
        '/apps/projects (admin, first visit)',
        await settle(projectsPage, projects),
        projectsBudgetKb,
      );

      // For reading the figure above (no budget): the shell with the smallest page there is (/wiki
      // before an admin sets its link), and the plans page, the largest area's first tab.
      for (const [path, what] of [
        ['/wiki', 'the shell and the smallest page, for comparison'],
        ['/information/plans', 'admin, first visit: the overview tab'],
      ] as const) {
        const otherPage = await (await fresh.browser()?.newContext({ baseURL: baseUrl }))?.newPage();
        if (!otherPage) continue;
        await otherPage.context().addInitScript((stored: string) => {
          for (const [key, value] of Object.entries(JSON.parse(stored) as Record<string, string>)) {
            localStorage.setItem(key, value);
          }
        }, session);
        const scripts = recordScripts(otherPage);
        await otherPage.goto(path);
        await otherPage.getByRole('heading', { level: 1 }).waitFor();
        const total = (await settle(otherPage, scripts)).reduce((sum, download) => sum + download.gzipBytes, 0);
        console.log(`${path} (${what}): ${kb(total)} gzip JS`);
        await otherPage.context().close();
      }
      return loginWithin && projectsWithin;
    } finally {
      await fresh.close();
    }
  } finally {
    await context.close();
  }
};

const leavesOf = (tree: TranslationTree): number =>
  Object.values(tree).reduce((count: number, value) => count + (typeof value === 'string' ? 1 : leavesOf(value)), 0);

/** The figure beside the sizes: translated keys per language (i18n.test.ts keeps them equal). */
const printTranslatedKeys = async (): Promise<void> => {
  const counts = await Promise.all(
    languages.map(async ({ i18nLang: code }) => {
      const parts = await Promise.all(translationParts.map(async (part) => (await partLoaders[part][code]()).default));
      return `${code} ${parts.reduce((count, part) => count + leavesOf(part), 0)}`;
    }),
  );
  console.log(`translated keys: ${counts.join(', ')} (${translationParts.length} parts)`);
};

const lighthousePages = [
  { path: '/login', signedIn: false },
  { path: '/apps/projects', signedIn: true },
  { path: '/apps/chat', signedIn: true },
] as const;

/** The session the app keeps in localStorage after a sign-in (web/src/shared/session/session-store.ts). */
const signedInStorage = async (baseUrl: string): Promise<Record<string, string>> => {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone: '+15550100001', password: adminPassword }),
  });
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
  const body = (await response.json()) as { accessToken: string; userData: unknown; userAbilityRules: unknown };
  return {
    accessToken: body.accessToken,
    userData: JSON.stringify(body.userData),
    userAbilityRules: JSON.stringify(body.userAbilityRules),
  };
};

/** What a browser gets for the entry chunk: the figure assumes it arrives compressed, as from CloudFront. */
const entryEncoding = async (baseUrl: string): Promise<string> => {
  const html = await (await fetch(`${baseUrl}/login`)).text();
  const entry = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) return 'no entry script found';
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(new URL(entry, baseUrl), { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      resolve(`${entry} as ${String(response.headers['content-encoding'] ?? 'identity (uncompressed)')}`);
    })
      .on('error', reject)
      .end();
  });
};

const printAudit = (path: string, figures: LighthouseFigures): boolean => {
  const met =
    figures.performance >= lighthouseGoals.performance && figures.accessibility >= lighthouseGoals.accessibility;
  console.log(
    `${path.padEnd(15)} performance ${String(figures.performance).padStart(3)}  accessibility ${String(figures.accessibility).padStart(3)}` +
      `  FCP ${(figures.fcpMs / 1000).toFixed(2)} s  LCP ${(figures.lcpMs / 1000).toFixed(2)} s` +
      `  TBT ${Math.round(figures.tbtMs)} ms  CLS ${figures.cls.toFixed(3)}  (CPU index ${Math.round(figures.benchmarkIndex)})` +
      `  ${met ? 'goal met' : 'GOAL MISSED'}`,
  );
  // Lighthouse multiplies the main thread's wall-clock time; a busy machine stretches it.
  const { wallMs, cpuMs } = figures.mainThread;
  console.log(
    `  main thread: ${Math.round(wallMs)} ms wall-clock for ${Math.round(cpuMs)} ms on the CPU` +
      (cpuMs > 0 ? ` (${(wallMs / cpuMs).toFixed(1)}×)` : ''),
  );
  if (figures.failedAccessibility.length > 0) {
    console.log(`  accessibility audits failing: ${figures.failedAccessibility.join(', ')}`);
  }
  if (figures.performance < lighthouseGoals.performance && figures.opportunities.length > 0) {
    console.log(`  largest opportunities: ${figures.opportunities.join(', ')}`);
    console.log(`  main-thread time by script (simulated phone): ${figures.busiestScripts.join(', ')}`);
  }
  return met;
};

/** Lighthouse goals are printed, not enforced: a score is a (simulated) timing, not a size. */
const runLighthouse = async (baseUrl: string): Promise<void> => {
  const front = process.env.BENCH_WEB_HTTP1 === '1' ? undefined : await startHttp2Front(baseUrl);
  try {
    const served = front ? 'HTTP/2 with TLS, as CloudFront' : 'HTTP/1.1 from the local stack (BENCH_WEB_HTTP1=1)';
    console.log(
      `Lighthouse ${lighthouseGoals.performance}+ / ${lighthouseGoals.accessibility} (mobile preset, system Chromium); ${served}; ${await entryEncoding(baseUrl)}`,
    );
    let storage: Record<string, string> | undefined;
    let allMet = true;
    for (const page of lighthousePages) {
      if (page.signedIn) storage ??= await signedInStorage(baseUrl);
      const figures = await auditPage(`${front?.url ?? baseUrl}${page.path}`, page.signedIn ? storage : {});
      allMet = printAudit(page.path, figures) && allMet;
    }
    console.log(allMet ? 'Lighthouse goals: met' : 'Lighthouse goals: missed (see above)');
  } finally {
    await front?.close();
  }
};

export const webBench: BenchSection = {
  name: 'web',
  async run() {
    await printTranslatedKeys();
    let webDir = process.env.BENCH_WEB_DIR;
    let built: string | undefined;
    if (!webDir) {
      built = mkdtempSync(join(tmpdir(), 'orbit-web-bench-'));
      webDir = built;
      console.log('building the web app…');
      await run('npx', ['vite', 'build', '--outDir', built, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: join(repoRoot, 'web'),
      });
    }
    if (!existsSync(join(webDir, 'index.html'))) throw new Error(`${webDir} has no index.html`);

    const stack = await startLocalStack({ port: 0, host: '127.0.0.1', dataDir: ':memory:', web: { webDir } });
    try {
      const browser = await launchBrowser();
      try {
        const within = await measure(browser, stack.url);
        console.log(within ? 'JavaScript budgets: within' : 'JavaScript budgets: OVER');
        // A size is not a timing: over budget fails `npm run bench` (the section still printed its figures).
        if (!within) process.exitCode = 1;
      } finally {
        await browser.close();
      }
      // One browser at a time: Lighthouse's simulated timings still feel a busy CPU.
      if (process.env.BENCH_WEB_LIGHTHOUSE !== '0') await runLighthouse(stack.url);
    } finally {
      await stack.stop();
      if (built) rmSync(built, { recursive: true, force: true });
    }
  },
};
