import { mediaObjectActions } from '@orbit/infra/lib/media';
import { describe, expect, it } from 'vitest';

import { areas, httpRoutes, webSocketRoutes } from '@orbit/functions/routes';
import { accessFor, tableReadActions, tableWriteActions } from '@orbit/infra/lib/area-access';
import { deployedRouteTable } from '@orbit/infra/lib/route-table';
import { secretsKeyActions, secretsKeyAreas } from '@orbit/infra/lib/worker';

import { asArray, defaultStack, referencedLogicalIds, statementsOfRole } from './stack-view';

const synthesized = defaultStack();

const { ids } = synthesized;
const tableId = ids.data.table;
const secretId = ids.data.jwtSecret;
const lambdaFunctions = synthesized.resources('AWS::Lambda::Function');

const areaFunction = (area: (typeof areas)[number]) => {
  const construct = synthesized.functions.get(area);
  if (!construct) throw new Error(`no function for ${area}`);
  const { functionId, roleId, logGroupId } = construct;
  const resource = lambdaFunctions[functionId];
  if (!resource) throw new Error(`no AWS::Lambda::Function ${functionId}`);
  return {
    construct,
    functionId,
    resource,
    roleId,
    logGroupId,
    environment: (resource.Properties.Environment as { Variables: Record<string, unknown> }).Variables,
  };
};

describe('one Lambda function per area', () => {
  it('has exactly one function per area of the route table, and every routed area is one', () => {
    const routedAreas = new Set([
      ...httpRoutes.map((route) => route.area),
      ...webSocketRoutes.map((route) => route.area),
    ]);
    expect([...synthesized.functions.keys()].sort()).toEqual([...areas].sort());
    for (const area of routedAreas) expect(areas).toContain(area);
    const entries = Object.values(lambdaFunctions).filter((fn) =>
      fn.Properties.Description?.toString().startsWith('Orbit API:'),
    );
    expect(entries).toHaveLength(areas.length);
  });

  it.each(areas)('%s runs nodejs22.x on arm64 with ESM bundle, JSON logs to its own retained log group', (area) => {
    const { resource, logGroupId } = areaFunction(area);
    expect(resource.Properties.Runtime).toBe('nodejs22.x');
    expect(resource.Properties.Architectures).toEqual(['arm64']);
    expect(resource.Properties.Handler).toBe('index.handler');
    expect(resource.Properties.LoggingConfig).toMatchObject({
      LogFormat: 'JSON',
      ApplicationLogLevel: 'INFO',
      LogGroup: { Ref: logGroupId },
    });
    const logGroup = synthesized.resources('AWS::Logs::LogGroup')[logGroupId];
    expect(logGroup?.Properties.RetentionInDays).toBe(30);
    expect(logGroup?.DeletionPolicy).toBe('Retain');
  });

  it.each(areas)('%s gets its configuration from the environment, the secret only by ARN', (area) => {
    const { environment, construct } = areaFunction(area);
    expect(environment.POWERTOOLS_SERVICE_NAME).toBe('orbit');
    if (construct.access.table === 'none') expect(environment).not.toHaveProperty('TABLE_NAME');
    else expect(environment.TABLE_NAME).toEqual({ Ref: tableId });
    if (construct.access.jwtSecret) expect(environment.JWT_SECRET_ARN).toEqual({ Ref: secretId });
    else expect(environment).not.toHaveProperty('JWT_SECRET_ARN');
    expect(environment).not.toHaveProperty('JWT_SECRET');
  });

  it.each(areas)('%s has the secrets extension layer (arm64) exactly when it reads the secret', (area) => {
    const { resource, environment, construct } = areaFunction(area);
    const layers = resource.Properties.Layers as unknown[] | undefined;
    if (!construct.access.jwtSecret) {
      expect(layers).toBeUndefined();
      expect(Object.keys(environment).filter((key) => key.startsWith('PARAMETERS_SECRETS_'))).toEqual([]);
      return;
    }
    // Environment-agnostic stack: the layer's ARN is looked up per region at deploy time.
    expect(layers).toEqual([{ 'Fn::FindInMap': [expect.any(String), { Ref: 'AWS::Region' }, expect.any(String)] }]);
    const [mapName, , versionKey] = (layers?.[0] as { 'Fn::FindInMap': [string, unknown, string] })['Fn::FindInMap'];
    const mapping = synthesized.template.Mappings?.[mapName];
    const arns = Object.values(mapping ?? {}).map((byVersion) => byVersion[versionKey]);
    expect(arns.length).toBeGreaterThan(10);
    for (const arn of arns)
      expect(arn).toMatch(
        /^arn:aws[\w-]*:lambda:[\w-]+:\d{12}:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\d+$/,
      );
    // The port functions/src/core/secrets-manager.ts asks (its default when unset), and quiet logs.
    expect(environment).toMatchObject({
      PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '2773',
      PARAMETERS_SECRETS_EXTENSION_LOG_LEVEL: 'warn',
      PARAMETERS_SECRETS_EXTENSION_CACHE_ENABLED: 'true',
    });
  });

  it('has no secret value anywhere in the template', () => {
    const json = JSON.stringify(synthesized.template);
    expect(json).not.toMatch(/"SecretString"/);
    expect(json).not.toMatch(/JWT_SECRET"/);
  });
});

describe('least privilege', () => {
  it.each(areas)('%s has its own role with no managed policies', (area) => {
    const { roleId } = areaFunction(area);
    const role = synthesized.resources('AWS::IAM::Role')[roleId];
    expect(role?.Properties.ManagedPolicyArns).toBeUndefined();
    expect(JSON.stringify(role?.Properties.AssumeRolePolicyDocument)).toContain('lambda.amazonaws.com');
  });

  it.each(areas)('%s can touch only its log group, the table, the secret and the WebSocket API it needs', (area) => {
    const { roleId, logGroupId, construct } = areaFunction(area);
    const access = construct.access;
    const statements = statementsOfRole(synthesized, roleId);
    const allowedResources = new Set([logGroupId]);
    const allowedActions = new Set(['logs:CreateLogStream', 'logs:PutLogEvents']);
    if (access.table !== 'none') {
      allowedResources.add(tableId);
      for (const action of access.table === 'read' ? tableReadActions : [...tableReadActions, ...tableWriteActions]) {
        allowedActions.add(action);
      }
    }
    if (access.jwtSecret) {
      allowedResources.add(secretId);
      allowedActions.add('secretsmanager:GetSecretValue');
    }
    if (access.pushes && ids.api.webSocketApi) {
      allowedResources.add(ids.api.webSocketApi);
      allowedActions.add('execute-api:ManageConnections');
    }
    if (area === 'users' || area === 'email') {
      // Avatars and mail attachments (infra/lib/media.ts): objects under their prefixes of the
      // media bucket (tests/infra/media.test.ts checks the prefixes).
      allowedResources.add(ids.media.bucket);
      for (const action of mediaObjectActions) allowedActions.add(action);
    }
    if ((secretsKeyAreas as readonly string[]).includes(area)) {
      allowedResources.add(ids.worker.secretsKey);
      for (const action of secretsKeyActions) allowedActions.add(action);
    }

    for (const statement of statements) {
      expect(statement.Effect).toBe('Allow');
      for (const action of asArray(statement.Action)) {
        expect(action).not.toContain('*');
        expect(allowedActions, `${area} may not ${action}`).toContain(action);
      }
      for (const resource of asArray(statement.Resource as unknown[])) {
        expect(resource).not.toBe('*');
        const ids = referencedLogicalIds(resource);
        expect(
          ids.size,
          `${area}: resource ${JSON.stringify(resource)} names no resource of the stack`,
        ).toBeGreaterThan(0);
        for (const id of ids) expect(allowedResources, `${area} may not touch ${id}`).toContain(id);
      }
    }

    const granted = new Set(statements.flatMap((statement) => asArray(statement.Action)));
    expect(granted.has('dynamodb:Scan'), 'Scan is never granted: lists are bounded Queries').toBe(false);
    expect(granted.has('dynamodb:PutItem')).toBe(access.table === 'read-write');
    expect(granted.has('dynamodb:Query')).toBe(access.table !== 'none');
    expect(granted.has('secretsmanager:GetSecretValue')).toBe(access.jwtSecret);
  });

  it('derives access from the route table: signed-in routes need the secret; health touches nothing', () => {
    for (const area of areas) {
      const access = accessFor(area, deployedRouteTable);
      if (httpRoutes.some((route) => route.area === area && route.access === 'signed-in'))
        expect(access.jwtSecret).toBe(true);
    }
    expect(accessFor('health', deployedRouteTable)).toMatchObject({ table: 'none', jwtSecret: false, pushes: false });
    expect(accessFor('auth', deployedRouteTable)).toMatchObject({ table: 'read-write', jwtSecret: true });
  });

  it("lets API Gateway invoke each routed function, from this stack's APIs only", () => {
    const apiIds = new Set([ids.api.httpApi, ids.api.webSocketApi].flatMap((api) => (api ? [api] : [])));
    const permissions = Object.values(synthesized.resources('AWS::Lambda::Permission'));
    for (const area of new Set(httpRoutes.map((route) => route.area))) {
      const { functionId } = areaFunction(area);
      const own = permissions.filter((permission) =>
        referencedLogicalIds(permission.Properties.FunctionName).has(functionId),
      );
      expect(own.length).toBeGreaterThan(0);
      for (const permission of own) {
        expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
        const sources = [...referencedLogicalIds(permission.Properties.SourceArn)];
        expect(sources.length).toBeGreaterThan(0);
        for (const source of sources) expect(apiIds).toContain(source);
      }
    }
  });
});
