import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';

import { addOrbitStack } from '@orbit/infra/lib/app';
import { OrbitEdgeStack } from '@orbit/infra/lib/edge-stack';
import type { OrbitStack, OrbitStackProps } from '@orbit/infra/lib/orbit-stack';
import { cdkJsonPath } from '@orbit/infra/lib/paths';
import { webConfigFile } from '@orbit/infra/lib/web';

import { functionsByArea, type StackIds, type StackSnapshot, type StackView, type TemplateJson } from './stack-view';

/** The feature flags the CLI applies, so the tested template is the deployed one. */
export const cdkJsonContext = (JSON.parse(readFileSync(cdkJsonPath, 'utf8')) as { context: Record<string, unknown> })
  .context;

/**
 * A test's own synthesis: the constructs, the CDK `Template` for its assertions, and the same
 * JSON view as the shared default stack (stack-view.ts), so one helper reads either.
 */
export interface SynthesizedStack extends StackView {
  readonly app: App;
  readonly stack: OrbitStack;
  readonly template: Template;
  /** The companion stack in us-east-1 (the web ACL), unless context gave an existing ACL. */
  readonly edge: OrbitEdgeStack | undefined;
  /** Logical id of a construct's CloudFormation resource (its default child for L2s). */
  logicalId(construct: IConstruct): string;
  /** Removes the synthesis output directory. */
  cleanup(): void;
}

const logicalIdOf = (construct: IConstruct): string => {
  const element = (construct.node.defaultChild ?? construct) as CfnElement;
  return Stack.of(construct).getLogicalId(element);
};

const idsOf = (stack: OrbitStack): StackIds => {
  const { api, data, web, media, monitoring, worker, emailEvents, emailInbound } = stack;
  return {
    api: {
      httpApi: logicalIdOf(api.httpApi),
      httpStage: logicalIdOf(api.httpStage),
      accessLogs: logicalIdOf(api.accessLogs),
      ...(api.webSocketApi ? { webSocketApi: logicalIdOf(api.webSocketApi) } : {}),
      ...(api.webSocketStage ? { webSocketStage: logicalIdOf(api.webSocketStage) } : {}),
      ...(api.webSocketAccessLogs ? { webSocketAccessLogs: logicalIdOf(api.webSocketAccessLogs) } : {}),
    },
    data: { table: logicalIdOf(data.table), jwtSecret: logicalIdOf(data.jwtSecret) },
    web: {
      bucket: logicalIdOf(web.bucket),
      logBucket: logicalIdOf(web.logBucket),
      distribution: logicalIdOf(web.distribution),
      responseHeadersPolicy: logicalIdOf(web.responseHeadersPolicy),
      spaRewrite: logicalIdOf(web.spaRewrite),
    },
    media: { bucket: logicalIdOf(media.bucket) },
    monitoring: { topic: logicalIdOf(monitoring.topic) },
    worker: {
      role: logicalIdOf(worker.role),
      logGroup: logicalIdOf(worker.logGroup),
      streamFunction: logicalIdOf(worker.streamFunction),
      tickFunction: logicalIdOf(worker.tickFunction),
      failureQueue: logicalIdOf(worker.failureQueue),
      tickRule: logicalIdOf(worker.tickRule),
      secretsKey: logicalIdOf(worker.secretsKey),
      alarms: worker.alarms.map(logicalIdOf),
    },
    emailEvents: {
      topic: logicalIdOf(emailEvents.topic),
      configurationSet: logicalIdOf(emailEvents.configurationSet),
      handler: { functionId: logicalIdOf(emailEvents.handler.function), roleId: logicalIdOf(emailEvents.handler.role) },
    },
    emailInbound: {
      bucket: logicalIdOf(emailInbound.bucket),
      handler: {
        functionId: logicalIdOf(emailInbound.handler.function),
        roleId: logicalIdOf(emailInbound.handler.role),
      },
    },
  };
};

const functionIdsOf = (stack: OrbitStack): StackSnapshot['areaFunctions'] =>
  [...stack.api.functions.values()].map((construct) => ({
    area: construct.area,
    access: construct.access,
    functionId: logicalIdOf(construct.function),
    roleId: logicalIdOf(construct.role),
    logGroupId: logicalIdOf(construct.logGroup),
  }));

/**
 * Synthesises the stack the way `cdk synth` does (cdk.json flags, same entry point) but fast:
 * no bundling (`aws:cdk:bundling-stacks: []`), validation off (CDK_VALIDATION=false from the
 * vitest project), output in a temporary directory. For a test that changes the context or the
 * props; the default stack is synthesised once for the run (stack-view.ts `defaultStack`).
 */
export const synthesize = (
  context: Record<string, unknown> = {},
  overrides: Omit<OrbitStackProps, 'config'> = {},
): SynthesizedStack => {
  const outdir = mkdtempSync(join(tmpdir(), 'orbit-infra-test-'));
  try {
    const app = new App({ outdir, context: { ...cdkJsonContext, 'aws:cdk:bundling-stacks': [], ...context } });
    const stack = addOrbitStack(app, {}, overrides);
    const template = Template.fromStack(stack);
    const edge = app.node.children.find((child): child is OrbitEdgeStack => child instanceof OrbitEdgeStack);
    return {
      app,
      stack,
      template,
      edge,
      ids: idsOf(stack),
      functions: functionsByArea(functionIdsOf(stack)),
      logicalId: logicalIdOf,
      resources: (type) => template.findResources(type) as ReturnType<StackView['resources']>,
      cleanup: () => rmSync(outdir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
};

/** The contents of every /config.json the web deployment of a synthesis uploads (its assets). */
export const deployedWebConfigs = (outdir: string): unknown[] =>
  readdirSync(outdir, { recursive: true, encoding: 'utf8' })
    .filter((path) => basename(path) === webConfigFile)
    .map((path) => JSON.parse(readFileSync(join(outdir, path), 'utf8')) as unknown);

/**
 * A synthesis as plain JSON (stack-view.ts), for the files that share it. The warnings and the
 * edge template come from the assembly the synthesis already wrote, not from a second one
 * (`Annotations.fromStack` would synthesise again).
 */
export const snapshotOf = (synthesized: SynthesizedStack): StackSnapshot => {
  const { app, stack, edge } = synthesized;
  const assembly = app.synth();
  const warnings = assembly
    .getStackArtifact(stack.artifactId)
    .messages.filter((message) => message.level === 'warning')
    .map((message) => ({ path: message.id, message: String(message.entry.data) }));
  return {
    stackName: stack.stackName,
    template: synthesized.template.toJSON() as TemplateJson,
    ids: synthesized.ids,
    areaFunctions: [...synthesized.functions.values()],
    web: {
      contentSecurityPolicy: stack.web.contentSecurityPolicy,
      builtWebApp: stack.web.builtWebApp,
      configs: deployedWebConfigs(app.outdir),
    },
    dependencies: stack.dependencies.map((dependency) => dependency.stackName),
    warnings,
    ...(edge
      ? {
          edge: {
            stackName: edge.stackName,
            region: edge.region,
            template: assembly.getStackArtifact(edge.artifactId).template as TemplateJson,
          },
        }
      : {}),
  };
};
