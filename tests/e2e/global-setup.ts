import { existsSync } from 'node:fs';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { defaultWebDir, startLocalStack } from '../../infra/local/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** The whole product as `npm start` serves it (built web app, seeded store), in memory. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(defaultWebDir, 'index.html'))) {
    throw new Error('web/dist is missing: `npm run test:e2e` builds it first (npm run build).');
  }
  const stack = await startLocalStack({ port: 0, host: '127.0.0.1', dataDir: ':memory:', web: { webDir: defaultWebDir } });
  project.provide('baseUrl', stack.url);
  return async () => {
    await stack.stop();
  };
}
