import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { defaultWebDir, startLocalStack } from '../../infra/local/stack';
import { launchBrowserServer } from '../support/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxFile: string;
    telegramApiPort: number;
    /** The local SES server's store of sent emails (an invitation's link; tests/e2e/team.test.ts). */
    mailStoreUrl: string;
    /** The run's one Chromium, which every test file connects to (tests/support/browser.ts). */
    browserWsEndpoint: string;
  }
}

/**
 * The deploy's links the stack under test has (Contact us: none). /wiki and /telegram are an
 * admin's setting instead (docs/integrations.md, "Help links"): none in the seeded store.
 */
export const e2eLinks = { help: 'https://help.orbit.test/' } as const;

/** A port nothing listens on now, for a server a test file starts later. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** The whole product as `npm start` serves it (built web app, seeded store), in memory. */
export default async function setup(project: TestProject) {
  // E2E_WEB_DIR lets a run test a build made elsewhere (e.g. while another build is under way).
  const webDir = process.env.E2E_WEB_DIR ?? defaultWebDir;
  if (!existsSync(join(webDir, 'index.html'))) {
    throw new Error(`${webDir} is missing: \`npm run test:e2e\` builds it first (npm run build).`);
  }
  // One link set, one left unset: the shell test sees both ways (docs/deploy.md, "The web app's links").
  process.env.ORBIT_HELP_URL = e2eLinks.help;
  delete process.env.ORBIT_CONTACT_URL;
  // The stack's Telegram Bot API calls go to a loopback fake that tests/e2e/channels.test.ts
  // starts on this port (in its own process, where it can read what the fake received).
  const telegramApiPort = await freePort();
  process.env.TELEGRAM_API_BASE_URL = `http://127.0.0.1:${telegramApiPort}`;
  project.provide('telegramApiPort', telegramApiPort);
  // Outgoing webhooks may reach the browser tests' loopback receivers (tests/e2e/integrations.test.ts);
  // the API tests keep loopback refused where they check the SSRF rules.
  process.env.WEBHOOK_ALLOW_LOOPBACK = '1';
  // Every browser test comes from 127.0.0.1, like one office: the per-source and per-person rate
  // limits (core/rate-window.ts) are ten times the product's, so the files' sign-ups and sends
  // together stay under them. The limits themselves are shown by the API tests, at their defaults.
  process.env.ORBIT_RATE_LIMIT_SCALE = '10';
  const stack = await startLocalStack({
    port: 0,
    host: '127.0.0.1',
    dataDir: ':memory:',
    web: { webDir },
  });
  project.provide('baseUrl', stack.url);
  // The SMS the worker "sends" (reset codes) land in the stack's outbox file, for the recovery test.
  project.provide('outboxFile', stack.smsOutboxFile);
  project.provide('mailStoreUrl', stack.mailStoreUrl);
  // One Chromium for the run, launched once (a launch per file cost seconds each on a busy machine).
  const browserServer = await launchBrowserServer().catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
  return async () => {
    await browserServer.close();
    await stack.stop();
  };
}
