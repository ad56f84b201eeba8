import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { App, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';

import { addOrbitStack } from '@orbit/infra/lib/app';
import { OrbitEdgeStack } from '@orbit/infra/lib/edge-stack';
import type { OrbitStack, OrbitStackProps } from '@orbit/infra/lib/orbit-stack';
import { cdkJsonPath } from '@orbit/infra/lib/paths';

/** The feature flags the CLI applies, so the tested template is the deployed one. */
export const cdkJsonContext = (JSON.parse(readFileSync(cdkJsonPath, 'utf8')) as { context: Record<string, unknown> })
  .context;

export interface SynthesizedStack {
  readonly app: App;
  readonly stack: OrbitStack;
  readonly template: Template;
  /** The companion stack in us-east-1 (the web ACL), unless context gave an existing ACL. */
  readonly edge: OrbitEdgeStack | undefined;
  /** Logical id of a construct's CloudFormation resource (its default child for L2s). */
  logicalId(construct: IConstruct): string;
  resources(type: string): Record<string, CfnResource>;
  /** Removes the synthesis output directory. */
  cleanup(): void;
}

export interface CfnResource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly DependsOn?: string[];
}

/**
 * Synthesises the stack the way `cdk synth` does (cdk.json flags, same entry point) but fast:
 * no bundling (`aws:cdk:bundling-stacks: []`), validation off (CDK_VALIDATION=false from the
 * vitest project), output in a temporary directory.
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
      logicalId: (construct) => {
        const element = (construct.node.defaultChild ?? construct) as CfnElement;
        return Stack.of(construct).getLogicalId(element);
      },
      resources: (type) => template.findResources(type) as Record<string, CfnResource>,
      cleanup: () => rmSync(outdir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
};

/** Every logical id a CloudFormation value refers to (Ref, Fn::GetAtt), however nested. */
export const referencedLogicalIds = (value: unknown): Set<string> => {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'Ref' && typeof child === 'string' && !child.startsWith('AWS::')) found.add(child);
      else if (key === 'Fn::GetAtt' && Array.isArray(child) && typeof child[0] === 'string') found.add(child[0]);
      else walk(child);
    }
  };
  walk(value);
  return found;
};

export const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export interface PolicyStatementJson {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

/** The statements of every inline policy attached to a role. */
export const statementsOfRole = (synthesized: SynthesizedStack, roleLogicalId: string): PolicyStatementJson[] =>
  Object.values(synthesized.resources('AWS::IAM::Policy'))
    .filter((policy) =>
      asArray(policy.Properties.Roles as unknown[]).some((role) => referencedLogicalIds(role).has(roleLogicalId)),
    )
    .flatMap((policy) => asArray((policy.Properties.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement));
