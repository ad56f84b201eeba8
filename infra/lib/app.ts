import type { App } from 'aws-cdk-lib';

import { readConfig, stackNameFor, type ContextKey } from './config';
import { OrbitStack, type OrbitStackProps } from './orbit-stack';

/** Adds the Orbit stack for the stage named in context (or ORBIT_STAGE) to an app. */
export const addOrbitStack = (
  app: App,
  env: Readonly<Record<string, string | undefined>> = {},
  overrides: Omit<OrbitStackProps, 'config'> = {},
): OrbitStack => {
  const config = readConfig((key: ContextKey) => app.node.tryGetContext(key), env);
  return new OrbitStack(app, stackNameFor(config), {
    description: `Orbit (${config.stage}): web app, API, realtime and data`,
    ...overrides,
    config,
  });
};
