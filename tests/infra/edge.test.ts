import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';

import { httpRoutes, routeKeyOf } from '@orbit/functions/routes';
import { authArea, authRoutePrefix } from '@orbit/infra/lib/area-access';
import { defaultAuthReservedConcurrency, defaultAuthThrottle } from '@orbit/infra/lib/config';
import {
  edgeRegion,
  rateWindowSeconds,
  throttledBody,
  webAclArnParameterName,
  webAclRateLimits,
} from '@orbit/infra/lib/edge-stack';
import { accessLogRetentionDays, cloudFrontLogPrefix } from '@orbit/infra/lib/web';

import { defaultStack, referencedLogicalIds, type CfnResource, type StackView } from './stack-view';
import { synthesize } from './support';

const synthesized = defaultStack();
const { ids } = synthesized;
const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';
const originCertificateArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/def';
const withDomain = synthesize({ stage: 'prod', domainName: 'app.example.com', certificateArn, originCertificateArn });
afterAll(() => withDomain.cleanup());

const authRouteKeys = httpRoutes.filter((route) => route.path.startsWith(authRoutePrefix)).map(routeKeyOf);

interface DistributionConfig {
  WebACLId?: unknown;
  Logging?: { Bucket: unknown; Prefix: string; IncludeCookies: boolean };
  Origins: { Id: string; DomainName: unknown }[];
  CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
}
const distributionConfigOf = (target: StackView): DistributionConfig =>
  target.resources('AWS::CloudFront::Distribution')[target.ids.web.distribution]?.Properties
    .DistributionConfig as DistributionConfig;

describe('route-level throttles on /api/auth/*', () => {
  it('limits every auth route on the stage, and only those', () => {
    expect(authRouteKeys.length).toBeGreaterThan(0);
    const stage = synthesized.resources('AWS::ApiGatewayV2::Stage')[ids.api.httpStage];
    const settings = stage?.Properties.RouteSettings as Record<string, Record<string, number>>;
    expect(Object.keys(settings).sort()).toEqual([...authRouteKeys].sort());
    for (const routeKey of authRouteKeys) {
      expect(settings[routeKey], routeKey).toEqual({
        ThrottlingRateLimit: defaultAuthThrottle.rateLimit,
        ThrottlingBurstLimit: defaultAuthThrottle.burstLimit,
      });
    }
  });

  it('updates the stage only after the routes it names exist', () => {
    const stage = synthesized.resources('AWS::ApiGatewayV2::Stage')[ids.api.httpStage];
    const routes = synthesized.resources('AWS::ApiGatewayV2::Route');
    const authRouteIds = Object.entries(routes)
      .filter(([, route]) => authRouteKeys.includes(route.Properties.RouteKey as string))
      .map(([id]) => id);
    expect(authRouteIds).toHaveLength(authRouteKeys.length);
    for (const id of authRouteIds) expect(stage?.DependsOn ?? []).toContain(id);
  });

  it('takes the limits from context', () => {
    const tuned = synthesize({ stage: 'prod', authRateLimit: 5, authBurstLimit: 9 });
    try {
      const stage = tuned.resources('AWS::ApiGatewayV2::Stage')[tuned.logicalId(tuned.stack.api.httpStage)];
      expect((stage?.Properties.RouteSettings as Record<string, unknown>)['POST /api/auth/login']).toEqual({
        ThrottlingRateLimit: 5,
        ThrottlingBurstLimit: 9,
      });
    } finally {
      tuned.cleanup();
    }
  });
});

describe('the WAF web ACL on CloudFront', () => {
  const edge = synthesized.edge;
  if (!edge) throw new Error('no edge stack');
  // From the shared synthesis's JSON: cheap, and its assertions are the CDK's own.
  const edgeTemplate = Template.fromJSON(edge.template);
  const acl = Object.values(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0] as CfnResource | undefined;
  interface Rule {
    Name: string;
    Action: { Block: { CustomResponse: Record<string, unknown> } };
    Statement: { RateBasedStatement: Record<string, unknown> };
  }
  const rules = (acl?.Properties.Rules ?? []) as Rule[];

  it('lives in its own stack in us-east-1, the only region CloudFront reads web ACLs from', () => {
    expect(edge.region).toBe(edgeRegion);
    expect(edgeRegion).toBe('us-east-1');
    expect(acl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('limits each IP: /api/auth/* tightly, everything loosely, answering 429 in the API error shape', () => {
    const byName = new Map(rules.map((rule) => [rule.Name, rule]));
    expect(byName.get('rate-limit-auth')?.Statement.RateBasedStatement).toMatchObject({
      Limit: webAclRateLimits.auth,
      EvaluationWindowSec: rateWindowSeconds,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'STARTS_WITH',
          SearchString: '/api/auth/',
        },
      },
    });
    expect(byName.get('rate-limit-all')?.Statement.RateBasedStatement).toEqual({
      Limit: webAclRateLimits.all,
      EvaluationWindowSec: rateWindowSeconds,
      AggregateKeyType: 'IP',
    });
    expect(webAclRateLimits.auth).toBeLessThan(webAclRateLimits.all);
    for (const rule of rules) {
      expect(rule.Action.Block.CustomResponse).toEqual({
        ResponseCode: 429,
        CustomResponseBodyKey: 'throttled',
        ResponseHeaders: [{ Name: 'retry-after', Value: String(rateWindowSeconds) }],
      });
    }
    expect(acl?.Properties.CustomResponseBodies).toEqual({
      throttled: { ContentType: 'APPLICATION_JSON', Content: throttledBody },
    });
    expect(JSON.parse(throttledBody)).toEqual({ errors: { general: [expect.any(String)] } });
  });

  it('is attached to the distribution through the ARN the edge stack publishes, read in us-east-1 at deploy', () => {
    edgeTemplate.hasResourceProperties('AWS::SSM::Parameter', {
      Name: webAclArnParameterName(synthesized.stackName),
      Value: { 'Fn::GetAtt': [Object.keys(edgeTemplate.findResources('AWS::WAFv2::WebACL'))[0], 'Arn'] },
    });
    const webAclId = distributionConfigOf(synthesized).WebACLId;
    const [readerId] = [...referencedLogicalIds(webAclId)];
    const reader = synthesized.resources('Custom::AWS')[readerId ?? ''];
    const call = JSON.parse(JSON.stringify(reader?.Properties.Create)) as unknown;
    expect(JSON.stringify(call)).toContain(`\\"region\\":\\"${edgeRegion}\\"`);
    expect(JSON.stringify(call)).toContain(webAclArnParameterName(synthesized.stackName));
    expect(synthesized.dependencies).toContain(edge.stackName);
  });

  it('uses an existing ACL when given one, without the edge stack', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/shared/0f6e7d2a';
    const shared = synthesize({ stage: 'prod', webAclArn: arn });
    try {
      expect(shared.edge).toBeUndefined();
      expect(distributionConfigOf(shared).WebACLId).toBe(arn);
      expect(Object.keys(shared.resources('Custom::AWS'))).toEqual([]);
    } finally {
      shared.cleanup();
    }
  });
});

describe('the auth function', () => {
  const functions = synthesized.resources('AWS::Lambda::Function');
  it('has reserved concurrency; no other area does', () => {
    for (const [area, construct] of synthesized.functions) {
      const reserved = functions[construct.functionId]?.Properties.ReservedConcurrentExecutions;
      expect(reserved, area).toBe(area === authArea ? defaultAuthReservedConcurrency : undefined);
    }
  });

  it('takes it from context', () => {
    const tuned = synthesize({ stage: 'prod', authReservedConcurrency: 7 });
    try {
      const auth = tuned.stack.api.functions.get(authArea);
      if (!auth) throw new Error('no auth function');
      expect(
        tuned.resources('AWS::Lambda::Function')[tuned.logicalId(auth.function)]?.Properties
          .ReservedConcurrentExecutions,
      ).toBe(7);
    } finally {
      tuned.cleanup();
    }
  });
});

describe('the default execute-api endpoints', () => {
  const apis = (target: StackView) => Object.values(target.resources('AWS::ApiGatewayV2::Api'));

  it('are off for both APIs when the stage has origin domains: the CDN is the only way in', () => {
    expect(
      apis(withDomain)
        .map((api) => api.Properties.ProtocolType)
        .sort(),
    ).toEqual(['HTTP', 'WEBSOCKET']);
    for (const api of apis(withDomain)) {
      expect(api.Properties.DisableExecuteApiEndpoint, String(api.Properties.ProtocolType)).toBe(true);
    }
  });

  it('reach the APIs through regional custom domains (TLS 1.2) that the CDN uses as origins, /ws unchanged', () => {
    const domains = Object.values(withDomain.resources('AWS::ApiGatewayV2::DomainName'));
    expect(domains.map((domain) => domain.Properties.DomainName).sort()).toEqual([
      'api-origin.app.example.com',
      'ws-origin.app.example.com',
    ]);
    for (const domain of domains) {
      expect(domain.Properties.DomainNameConfigurations).toEqual([
        { CertificateArn: originCertificateArn, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' },
      ]);
    }
    const { api } = withDomain.stack;
    if (!api.webSocketApi) throw new Error('no WebSocket API');
    const mappings = Object.values(withDomain.resources('AWS::ApiGatewayV2::ApiMapping'));
    const mappingOf = (apiId: string) =>
      mappings.find((mapping) => referencedLogicalIds(mapping.Properties.ApiId).has(apiId))?.Properties;
    expect(mappingOf(withDomain.logicalId(api.httpApi))?.ApiMappingKey).toBeUndefined();
    expect(mappingOf(withDomain.logicalId(api.webSocketApi))?.ApiMappingKey).toBe('ws');

    const config = distributionConfigOf(withDomain);
    const originFor = (pattern: string) => {
      const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === pattern);
      return config.Origins.find((origin) => origin.Id === behavior?.TargetOriginId)?.DomainName;
    };
    expect(originFor('/api/*')).toBe('api-origin.app.example.com');
    expect(originFor('/ws')).toBe('ws-origin.app.example.com');
  });

  it('send pushes (postToConnection) through the WebSocket custom domain', () => {
    for (const construct of withDomain.stack.api.functions.values()) {
      if (!construct.access.pushes) continue;
      const variables = (
        withDomain.resources('AWS::Lambda::Function')[withDomain.logicalId(construct.function)]?.Properties
          .Environment as { Variables: Record<string, unknown> }
      ).Variables;
      expect(variables.WS_ENDPOINT).toBe('https://ws-origin.app.example.com/ws');
    }
  });

  it('stay on without a domain (nothing else could reach the APIs), with a warning at synth', () => {
    for (const api of apis(synthesized)) expect(api.Properties.DisableExecuteApiEndpoint).not.toBe(true);
    expect(synthesized.warnings).toContainEqual({
      path: `/${synthesized.stackName}`,
      message: expect.stringMatching(/execute-api endpoints/),
    });
  });
});

describe('access logs', () => {
  it('logs every CloudFront request to a private log bucket, without cookies, kept 90 days', () => {
    const logging = distributionConfigOf(synthesized).Logging;
    expect(logging?.Prefix).toBe(cloudFrontLogPrefix);
    expect(logging?.IncludeCookies).toBe(false);
    const bucketId = ids.web.logBucket;
    expect(referencedLogicalIds(logging?.Bucket).has(bucketId)).toBe(true);
    const bucket = synthesized.resources('AWS::S3::Bucket')[bucketId];
    expect(bucket?.Properties).toMatchObject({
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: accessLogRetentionDays, Status: 'Enabled' }] },
    });
    expect(bucket?.DeletionPolicy).toBe('Retain');
  });

  it('logs WebSocket connects, messages and disconnects as JSON, without tokens or frames', () => {
    const { api } = ids;
    if (!api.webSocketStage || !api.webSocketAccessLogs) throw new Error('no WebSocket stage');
    const stage = synthesized.resources('AWS::ApiGatewayV2::Stage')[api.webSocketStage];
    const settings = stage?.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(referencedLogicalIds(settings.DestinationArn).has(api.webSocketAccessLogs)).toBe(true);
    expect(JSON.parse(settings.Format)).toMatchObject({
      eventType: '$context.eventType',
      routeKey: '$context.routeKey',
      connectionId: '$context.connectionId',
      status: '$context.status',
    });
    expect(settings.Format).not.toMatch(/token|authorization|cookie|body|querystring/i);
    const logGroup = synthesized.resources('AWS::Logs::LogGroup')[api.webSocketAccessLogs];
    expect(logGroup?.Properties.RetentionInDays).toBe(30);
  });

  it("writes them with the region's API Gateway logging role, set before the stage", () => {
    const { api } = ids;
    if (!api.webSocketStage) throw new Error('no WebSocket stage');
    const accounts = synthesized.resources('AWS::ApiGateway::Account');
    const [accountId, account] = Object.entries(accounts)[0] ?? [];
    expect(accountId).toBeDefined();
    const [roleId] = [...referencedLogicalIds(account?.Properties.CloudWatchRoleArn)];
    const role = synthesized.resources('AWS::IAM::Role')[roleId ?? ''];
    expect(JSON.stringify(role?.Properties.AssumeRolePolicyDocument)).toContain('apigateway.amazonaws.com');
    expect(JSON.stringify(role?.Properties.ManagedPolicyArns)).toContain('AmazonAPIGatewayPushToCloudWatchLogs');
    expect(role?.DeletionPolicy).toBe('Retain');
    const stage = synthesized.resources('AWS::ApiGatewayV2::Stage')[api.webSocketStage];
    expect(stage?.DependsOn).toContain(accountId);
  });
});

describe('source maps', () => {
  const distDir = mkdtempSync(join(tmpdir(), 'orbit-web-dist-'));
  mkdirSync(join(distDir, 'assets'));
  const files = {
    'index.html':
      '<!doctype html><html><head><script type="module" src="/assets/index-1a2b.js"></script></head></html>',
    'index.html.br': 'compressed',
    'index.html.gz': 'compressed',
    'assets/index-1a2b.js': 'console.log(1);\n//# sourceMappingURL=index-1a2b.js.map',
    'assets/index-1a2b.js.map': '{"version":3,"sources":["../src/main.tsx"],"sourcesContent":["secret source"]}',
    'assets/index-1a2b.js.br': 'compressed',
    'assets/index-1a2b.js.gz': 'compressed',
    'favicon.svg': '<svg/>',
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(distDir, name), content);
  const built = synthesize({ stage: 'prod' }, { webDistDir: distDir });
  afterAll(() => {
    built.cleanup();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('are not published: the uploaded web asset has the build without .map (nor the local .br/.gz copies)', () => {
    const outdir = built.app.outdir;
    const listing = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? listing(join(dir, entry.name)).map((name) => `${entry.name}/${name}`) : [entry.name],
      );
    const webAssets = readdirSync(outdir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('asset.'))
      .map((entry) => entry.name)
      .map((name) => listing(join(outdir, name)))
      .filter((names) => names.includes('index.html'));
    expect(webAssets).toHaveLength(1);
    expect(webAssets[0]?.sort()).toEqual(['assets/index-1a2b.js', 'favicon.svg', 'index.html']);
  });
});
