import type { App } from 'aws-cdk-lib';

import { edgeStackNameFor, readConfig, stackNameFor, type ContextKey } from './config';
import { OrbitEdgeStack } from './edge-stack';
import { OrbitStack, type OrbitStackProps } from './orbit-stack';

/**
 * Adds the stage named in context (or ORBIT_STAGE) to an app: the Orbit stack and, unless an
 * existing web ACL is given (`webAclArn`), its companion edge stack in us-east-1, which the
 * Orbit stack waits for (`cdk deploy --all` deploys it first).
 */
export const addOrbitStack = (
  app: App,
  env: Readonly<Record<string, string | undefined>> = {},
  overrides: Omit<OrbitStackProps, 'config'> = {},
): OrbitStack => {
  const config = readConfig((key: ContextKey) => app.node.tryGetContext(key), env);
  const stackName = stackNameFor(config);
  const stack = new OrbitStack(app, stackName, {
    description: `Orbit (${config.stage}): web app, API, realtime and data`,
    ...overrides,
    config,
  });
  if (!config.webAclArn) {
    const edge = new OrbitEdgeStack(app, edgeStackNameFor(config), {
      description: `Orbit (${config.stage}): the CloudFront web ACL (us-east-1)`,
      mainStackName: stackName,
    });
    stack.addStackDependency(edge, 'reads the web ACL ARN the edge stack publishes');
  }
  return stack;
};
