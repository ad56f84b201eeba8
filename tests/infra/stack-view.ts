import { inject } from 'vitest';

import type { Area } from '@orbit/functions/routes';
import type { AreaAccess } from '@orbit/infra/lib/area-access';

/**
 * What the infra tests read of a synthesised stack, as plain JSON: the template and the logical
 * ids of the constructs they look up. The default stack (stage prod, no other context) is
 * synthesised once per run by global-setup.ts and handed to every file through `inject`, so a
 * file that reads only it loads no aws-cdk-lib; a test that changes the context or the props
 * synthesises its own variant (support.ts), which offers the same view.
 */

export interface CfnResource {
  readonly Type: string;
  readonly Properties: Record<string, unknown>;
  readonly DeletionPolicy?: string;
  readonly UpdateReplacePolicy?: string;
  readonly DependsOn?: string[];
}

export interface TemplateJson {
  readonly Resources: Record<string, CfnResource>;
  readonly Mappings?: Record<string, Record<string, Record<string, string>>>;
  readonly Outputs?: Record<string, unknown>;
}

/** An area's function, by the logical ids of its resources. */
export interface AreaFunctionIds {
  readonly area: Area;
  readonly access: AreaAccess;
  readonly functionId: string;
  readonly roleId: string;
  readonly logGroupId: string;
}

/** A function of the email stack (events, inbound), by the logical ids of its resources. */
export interface EmailFunctionIds {
  readonly functionId: string;
  readonly roleId: string;
}

/** The logical ids of the constructs the tests look up, in the shape of OrbitStack. */
export interface StackIds {
  readonly api: {
    readonly httpApi: string;
    readonly httpStage: string;
    readonly accessLogs: string;
    readonly webSocketApi?: string;
    readonly webSocketStage?: string;
    readonly webSocketAccessLogs?: string;
  };
  readonly data: { readonly table: string; readonly jwtSecret: string };
  readonly web: {
    readonly bucket: string;
    readonly logBucket: string;
    readonly distribution: string;
    readonly responseHeadersPolicy: string;
    readonly spaRewrite: string;
  };
  readonly media: { readonly bucket: string };
  readonly monitoring: { readonly topic: string };
  readonly worker: {
    readonly role: string;
    readonly logGroup: string;
    readonly streamFunction: string;
    readonly tickFunction: string;
    readonly failureQueue: string;
    readonly tickRule: string;
    readonly secretsKey: string;
    readonly alarms: readonly string[];
  };
  readonly emailEvents: {
    readonly topic: string;
    readonly configurationSet: string;
    readonly handler: EmailFunctionIds;
  };
  readonly emailInbound: { readonly bucket: string; readonly handler: EmailFunctionIds };
}

/** Everything a test reads of one synthesis that is not a construct: plain JSON. */
export interface StackSnapshot {
  readonly stackName: string;
  readonly template: TemplateJson;
  readonly ids: StackIds;
  /** In the order of OrbitStack's `api.functions`. */
  readonly areaFunctions: readonly AreaFunctionIds[];
  readonly web: {
    readonly contentSecurityPolicy: string;
    readonly builtWebApp: boolean;
    /** The contents of every /config.json the web deployment uploads. */
    readonly configs: readonly unknown[];
  };
  /** The stacks (by name) this one waits for. */
  readonly dependencies: readonly string[];
  /** The warnings the synthesis reported on this stack, by construct path. */
  readonly warnings: readonly { readonly path: string; readonly message: string }[];
  /** The companion stack in us-east-1 (the web ACL), unless context gave an existing ACL. */
  readonly edge?: { readonly stackName: string; readonly region: string; readonly template: TemplateJson };
}

/** What both the shared default stack and a test's own synthesis offer. */
export interface StackView {
  readonly ids: StackIds;
  /** By area, as OrbitStack's `api.functions`. */
  readonly functions: ReadonlyMap<Area, AreaFunctionIds>;
  /** The resources of one type, by logical id. */
  resources(type: string): Record<string, CfnResource>;
}

export const resourcesOfType = (template: TemplateJson, type: string): Record<string, CfnResource> =>
  Object.fromEntries(Object.entries(template.Resources).filter(([, resource]) => resource.Type === type));

export const functionsByArea = (functions: readonly AreaFunctionIds[]): ReadonlyMap<Area, AreaFunctionIds> =>
  new Map(functions.map((fn) => [fn.area, fn]));

export type DefaultStack = StackSnapshot & StackView;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The default stack (stage prod), synthesised once per run by tests/infra/global-setup.ts. */
    infraDefaultStack: StackSnapshot;
  }
}

/** The default stack (stage prod, no other context), synthesised once for the whole run. */
export const defaultStack = (): DefaultStack => {
  const snapshot = inject('infraDefaultStack');
  return {
    ...snapshot,
    functions: functionsByArea(snapshot.areaFunctions),
    resources: (type) => resourcesOfType(snapshot.template, type),
  };
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
export const statementsOfRole = (stack: Pick<StackView, 'resources'>, roleLogicalId: string): PolicyStatementJson[] =>
  Object.values(stack.resources('AWS::IAM::Policy'))
    .filter((policy) =>
      asArray(policy.Properties.Roles as unknown[]).some((role) => referencedLogicalIds(role).has(roleLogicalId)),
    )
    .flatMap((policy) => asArray((policy.Properties.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement));
