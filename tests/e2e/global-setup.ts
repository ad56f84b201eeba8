import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { defaultWebDir, startLocalStack } from '../../infra/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxFile: string;
  }
}

/** The external links the stack under test is deployed with (Contact us and Telegram: none). */
export const e2eLinks = { help: 'https://help.orbit.test/', wiki: 'https://wiki.orbit.test/start' } as const;

/** The whole product as `npm start` serves it (built web app, seeded store), in memory. */
export default async function setup(project: TestProject) {
  // E2E_WEB_DIR lets a run test a build made elsewhere (e.g. while another build is under way).
  const webDir = process.env.E2E_WEB_DIR ?? defaultWebDir;
  if (!existsSync(join(webDir, 'index.html'))) {
    throw new Error(`${webDir} is missing: \`npm run test:e2e\` builds it first (npm run build).`);
  }
  // Two links set, two left unset: the shell test sees both ways (docs/deploy.md, "The web app's links").
  process.env.ORBIT_HELP_URL = e2eLinks.help;
  process.env.ORBIT_WIKI_URL = e2eLinks.wiki;
  delete process.env.ORBIT_CONTACT_URL;
  delete process.env.ORBIT_TELEGRAM_URL;
  const stack = await startLocalStack({
    port: 0,
    host: '127.0.0.1',
    dataDir: ':memory:',
    web: { webDir },
  });
  project.provide('baseUrl', stack.url);
  // The SMS the worker "sends" (reset codes) land in the stack's outbox file, for the recovery test.
  project.provide('outboxFile', stack.smsOutboxFile);
  return async () => {
    await stack.stop();
  };
}
