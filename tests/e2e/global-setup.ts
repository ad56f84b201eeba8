import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { freePort } from '../../infra/local/dynamodb-local';
import { defaultWebDir } from '../../infra/local/stack';
import { launchBrowserServer } from '../support/browser';
import { startStackProcess } from '../support/stack-process';

/** One of the run's stacks: a test file uses its worker's (e2eStack in tests/support/browser.ts). */
export interface E2eStack {
  readonly baseUrl: string;
  /** The SMS the worker "sends" (reset codes), one JSON object a line: the recovery tests read them. */
  readonly outboxFile: string;
  /** Where this stack's Telegram Bot API calls go: tests/e2e/channels.test.ts's fake listens there. */
  readonly telegramApiPort: number;
  /** The local SES server's store of sent emails (an invitation's link; tests/e2e/team.test.ts). */
  readonly mailStoreUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One stack per worker, by VITEST_POOL_ID (1, 2, …). */
    e2eStacks: E2eStack[];
    /** The run's one Chromium, which every test file connects to (tests/support/browser.ts). */
    browserWsEndpoint: string;
  }
}

/** The test files run two at a time (vitest.config.ts), each against its worker's stack. */
export const e2eWorkers = 2;

/**
 * The deploy's links the stack under test has (Contact us: none). /wiki and /telegram are an
 * admin's setting instead (docs/integrations.md, "Help links"): none in the seeded store.
 */
export const e2eLinks = { help: 'https://help.orbit.test/' } as const;

/**
 * The whole product as `npm start` serves it (built web app, seeded store), once per worker, each
 * in a process of its own (a stack's settings live in its process's environment: two in one
 * process would share one store). Two files at a time on two stacks: the browser tests wait on
 * pages as much as they compute, and one file at a time left the cores idle a quarter of the run.
 */
export default async function setup(project: TestProject) {
  // E2E_WEB_DIR lets a run test a build made elsewhere (e.g. while another build is under way).
  const webDir = process.env.E2E_WEB_DIR ?? defaultWebDir;
  if (!existsSync(join(webDir, 'index.html'))) {
    throw new Error(`${webDir} is missing: \`npm run test:e2e\` builds it first (npm run build).`);
  }
  // One link set, one left unset: the shell test sees both ways (docs/deploy.md, "The web app's links").
  delete process.env.ORBIT_CONTACT_URL;
  const settings = {
    ORBIT_HELP_URL: e2eLinks.help,
    // Outgoing webhooks may reach the browser tests' loopback receivers (tests/e2e/integrations.test.ts);
    // the API tests keep loopback refused where they check the SSRF rules.
    WEBHOOK_ALLOW_LOOPBACK: '1',
    // Every browser test comes from 127.0.0.1, like one office: the per-source and per-person rate
    // limits (core/rate-window.ts) are ten times the product's, so the files' sign-ups and sends
    // together stay under them. The limits themselves are shown by the API tests, at their defaults.
    ORBIT_RATE_LIMIT_SCALE: '10',
  };
  const startOne = async (): Promise<{ stack: E2eStack; stop(): Promise<void> }> => {
    // The stack's Telegram Bot API calls go to a loopback fake that tests/e2e/channels.test.ts
    // starts on this port (in its own process, where it can read what the fake received).
    const telegramApiPort = await freePort();
    const started = await startStackProcess(
      { dataDir: ':memory:', web: { webDir } },
      { ...settings, TELEGRAM_API_BASE_URL: `http://127.0.0.1:${telegramApiPort}` },
    );
    return {
      stack: {
        baseUrl: started.url,
        outboxFile: started.smsOutboxFile,
        telegramApiPort,
        mailStoreUrl: started.mailStoreUrl,
      },
      stop: () => started.kill('SIGTERM'),
    };
  };
  const results = await Promise.allSettled(Array.from({ length: e2eWorkers }, startOne));
  const running = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () => Promise.all(running.map((one) => one.stop()));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'e2eStacks',
    running.map((one) => one.stack),
  );
  // One Chromium for the run, launched once (a launch per file cost seconds each on a busy machine).
  const browserServer = await launchBrowserServer().catch(async (error: unknown) => {
    await stopAll();
    throw error;
  });
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    await stopAll();
  };
}
