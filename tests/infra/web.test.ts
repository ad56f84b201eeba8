import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';

import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { afterAll, describe, expect, it } from 'vitest';

import { viewerAddressHeader } from '@orbit/functions/auth/request-source';
import { httpRoutes } from '@orbit/functions/routes';
import { directiveSources, inlineScriptHashes, pageViolations } from '@orbit/infra/lib/csp';
import { webDistDir } from '@orbit/infra/lib/paths';
import { securityHeaders } from '@orbit/infra/lib/security-headers';
import { spaRewriteSource } from '@orbit/infra/lib/spa-rewrite';
import { placeholderIndexHtml } from '@orbit/infra/lib/web';
import { hashedAssetsCacheControl, shellCacheControl } from '@orbit/infra/lib/web-caching';

import { asArray, defaultStack, referencedLogicalIds, type StackView } from './stack-view';
import { deployedWebConfigs, synthesize } from './support';

const synthesized = defaultStack();
const { ids } = synthesized;

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  CachePolicyId: unknown;
  OriginRequestPolicyId?: unknown;
  ResponseHeadersPolicyId: unknown;
  ViewerProtocolPolicy: string;
  AllowedMethods?: string[];
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}
interface Origin {
  Id: string;
  DomainName: unknown;
  OriginAccessControlId?: unknown;
  S3OriginConfig?: { OriginAccessIdentity: string };
  CustomOriginConfig?: { OriginProtocolPolicy: string };
}
interface DistributionConfig {
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  Origins: Origin[];
  CustomErrorResponses?: unknown;
  DefaultRootObject: string;
  Aliases?: string[];
  ViewerCertificate?: Record<string, unknown>;
}

const distributionConfigOf = (target: StackView): DistributionConfig => {
  const distribution = target.resources('AWS::CloudFront::Distribution')[target.ids.web.distribution];
  return distribution?.Properties.DistributionConfig as DistributionConfig;
};
const config = distributionConfigOf(synthesized);
const originOf = (behavior: Behavior): Origin | undefined =>
  config.Origins.find((origin) => origin.Id === behavior.TargetOriginId);
const behaviorFor = (pattern: string): Behavior | undefined =>
  config.CacheBehaviors.find((behavior) => behavior.PathPattern === pattern);

const headersPolicy = () =>
  synthesized.resources('AWS::CloudFront::ResponseHeadersPolicy')[ids.web.responseHeadersPolicy]?.Properties
    .ResponseHeadersPolicyConfig as {
    SecurityHeadersConfig: Record<string, Record<string, unknown>>;
    CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
  };

describe('the web bucket', () => {
  it('blocks all public access, encrypts and refuses plain HTTP', () => {
    const bucket = synthesized.resources('AWS::S3::Bucket')[ids.web.bucket];
    expect(bucket?.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(JSON.stringify(bucket?.Properties.BucketEncryption)).toContain('AES256');
    const policy = JSON.stringify(
      Object.values(synthesized.resources('AWS::S3::BucketPolicy'))[0]?.Properties.PolicyDocument,
    );
    expect(policy).toContain('"aws:SecureTransport":"false"');
  });

  it('is read by this distribution only, through Origin Access Control', () => {
    const origin = originOf(config.DefaultCacheBehavior);
    expect(origin?.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    const [oacId] = [...referencedLogicalIds(origin?.OriginAccessControlId)];
    const oac = synthesized.resources('AWS::CloudFront::OriginAccessControl')[oacId ?? ''];
    expect(oac?.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    const statements = Object.values(synthesized.resources('AWS::S3::BucketPolicy')).flatMap(
      (policy) => (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
    );
    const cloudFrontRead = statements.find((statement) =>
      JSON.stringify(statement.Principal).includes('cloudfront.amazonaws.com'),
    );
    expect(cloudFrontRead?.Action).toBe('s3:GetObject');
    expect(referencedLogicalIds(cloudFrontRead?.Condition).has(ids.web.distribution)).toBe(true);
    expect(JSON.stringify(statements)).not.toMatch(/"Principal":"\*","Action":"s3:GetObject"/);
  });
});

describe('the distribution', () => {
  it('serves the app from the bucket over HTTPS, index.html at the root', () => {
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.DefaultCacheBehavior.CachePolicyId).toBe(CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
  });

  it('routes /api/* to the HTTP API: nothing cached, all viewer headers but Host, every method', () => {
    const api = behaviorFor('/api/*');
    expect(api).toBeDefined();
    expect(api?.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api?.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(api?.AllowedMethods?.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    const origin = api ? originOf(api) : undefined;
    expect(referencedLogicalIds(origin?.DomainName).has(ids.api.httpApi)).toBe(true);
    expect(origin?.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
  });

  it("forwards the viewer's address to the API, with Authorization and without Host", () => {
    // AllViewerExceptHostHeader (its fixed id) is the managed policy that adds CloudFront's
    // viewer headers, CloudFront-Viewer-Address among them, to every viewer header but Host. A
    // custom policy cannot forward Authorization, and allViewer plus CloudFront headers keeps Host.
    expect(behaviorFor('/api/*')?.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
    expect(Object.keys(synthesized.resources('AWS::CloudFront::OriginRequestPolicy'))).toEqual([]);
    // The sign-in limits read the header by the name CloudFront gives it (lower-cased by API Gateway).
    expect(viewerAddressHeader).toBe('cloudfront-viewer-address');
  });

  it('reaches every route of the route table through /api/*', () => {
    for (const route of httpRoutes) expect(route.path, `${route.method} ${route.path}`).toMatch(/^\/api\/.+/);
  });

  it('routes /ws to the WebSocket API when there is one, uncached', () => {
    const ws = behaviorFor('/ws');
    if (!ids.api.webSocketApi) {
      expect(ws).toBeUndefined();
      return;
    }
    expect(ws?.CachePolicyId).toBe(CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(ws?.OriginRequestPolicyId).toBe(OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    const origin = ws ? originOf(ws) : undefined;
    expect(referencedLogicalIds(origin?.DomainName).has(ids.api.webSocketApi)).toBe(true);
  });

  it('rewrites app routes to index.html on the default behaviour only, never distribution-wide', () => {
    const spaId = ids.web.spaRewrite;
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [spaId, 'FunctionARN'] } },
    ]);
    for (const behavior of config.CacheBehaviors)
      expect(behavior.FunctionAssociations, behavior.PathPattern).toBeUndefined();
    // A 403/404 → index.html rewrite would answer API errors with 200 and HTML.
    expect(config.CustomErrorResponses).toBeUndefined();
    const fn = synthesized.resources('AWS::CloudFront::Function')[spaId];
    expect(fn?.Properties.FunctionCode).toBe(spaRewriteSource);
    expect((fn?.Properties.FunctionConfig as { Runtime: string }).Runtime).toBe('cloudfront-js-2.0');
  });

  it('applies the security headers policy to the app and the APIs', () => {
    const policyId = { Ref: ids.web.responseHeadersPolicy };
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId, behavior.PathPattern ?? 'default').toEqual(policyId);
    }
  });

  it('has no custom domain unless one is configured', () => {
    expect(config.Aliases).toBeUndefined();
  });
});

describe('the SPA rewrite function', () => {
  const handler = runInNewContext(`${spaRewriteSource}; handler`) as (event: { request: { uri: string } }) => {
    uri: string;
  };
  it.each([
    ['/', '/index.html'],
    ['/apps/chat', '/index.html'],
    ['/apps/project-create/development/01J9Z8', '/index.html'],
    ['/apps/email/inbox/', '/index.html'],
    ['/assets/index-4f2a9c.js', '/assets/index-4f2a9c.js'],
    ['/favicon.ico', '/favicon.ico'],
    ['/locales/fr/translation.json', '/locales/fr/translation.json'],
  ])('%s → %s', (uri, expected) => {
    expect(handler({ request: { uri } }).uri).toBe(expected);
  });
});

describe('security headers', () => {
  it('sends HSTS for two years with subdomains, nosniff, DENY framing and a strict referrer policy', () => {
    const headers = headersPolicy().SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toEqual({ ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true });
  });

  it('are the headers of the one definition the local server sends too (security-headers.ts)', () => {
    const { SecurityHeadersConfig: security, CustomHeadersConfig: custom } = headersPolicy();
    const hsts = security.StrictTransportSecurity as { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean };
    const sent: Record<string, string> = {
      'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}`,
      'content-security-policy': security.ContentSecurityPolicy?.ContentSecurityPolicy as string,
      ...(security.ContentTypeOptions ? { 'x-content-type-options': 'nosniff' } : {}),
      'x-frame-options': security.FrameOptions?.FrameOption as string,
      'referrer-policy': security.ReferrerPolicy?.ReferrerPolicy as string,
      ...Object.fromEntries(custom.Items.map((item) => [item.Header.toLowerCase(), item.Value])),
    };
    expect(sent).toEqual(securityHeaders(synthesized.web.contentSecurityPolicy, 'https'));
    expect(sent['cross-origin-opener-policy']).toBe('same-origin');
    expect(sent['permissions-policy']).toBe('camera=(), microphone=(), geolocation=(), payment=()');
    for (const item of custom.Items) expect(item).toMatchObject({ Override: true });
  });

  it('sends a CSP without unsafe-inline scripts, plugins or framing', () => {
    const policy = headersPolicy().SecurityHeadersConfig.ContentSecurityPolicy?.ContentSecurityPolicy as string;
    expect(policy).toBe(synthesized.web.contentSecurityPolicy);
    expect(directiveSources(policy, 'default-src')).toEqual(["'self'"]);
    expect(directiveSources(policy, 'script-src')).not.toContain("'unsafe-inline'");
    expect(directiveSources(policy, 'script-src')).not.toContain("'unsafe-eval'");
    expect(directiveSources(policy, 'object-src')).toEqual(["'none'"]);
    expect(directiveSources(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directiveSources(policy, 'base-uri')).toEqual(["'self'"]);
  });

  it('lets the page that is actually deployed load under that CSP', () => {
    const deployed = synthesized.web.builtWebApp
      ? readFileSync(join(webDistDir, 'index.html'), 'utf8')
      : placeholderIndexHtml;
    expect(pageViolations(deployed, synthesized.web.contentSecurityPolicy)).toEqual([]);
  });
});

describe('a build with an inline script and a custom domain', () => {
  const distDir = mkdtempSync(join(tmpdir(), 'orbit-web-dist-'));
  const inline = "document.documentElement.dataset.theme = localStorage.getItem('theme') ?? 'light';";
  const html = `<!doctype html><html><head><script>${inline}</script><script type="module" crossorigin src="/assets/index-4f2a9c.js"></script><link rel="stylesheet" href="/assets/index-77aa.css"></head><body><div id="root"></div></body></html>`;
  writeFileSync(join(distDir, 'index.html'), html);
  const custom = synthesize(
    {
      stage: 'prod',
      domainName: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
    },
    { webDistDir: distDir },
  );
  afterAll(() => {
    custom.cleanup();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('allows exactly that inline script by hash, and still refuses others', () => {
    const policy = custom.stack.web.contentSecurityPolicy;
    expect(directiveSources(policy, 'script-src')).toEqual(["'self'", ...inlineScriptHashes(html)]);
    expect(pageViolations(html, policy)).toEqual([]);
    expect(pageViolations('<script>alert(1)</script>', policy)).toHaveLength(1);
    expect(pageViolations('<script src="https://cdn.example.net/x.js"></script>', policy)).toHaveLength(1);
    expect(pageViolations('<button onclick="go()">', policy)).toHaveLength(1);
    expect(pageViolations('<link rel="stylesheet" href="https://fonts.googleapis.com/css">', policy)).toHaveLength(1);
  });

  it('serves the domain with its certificate (SNI, TLS 1.2+) and allows its WebSocket', () => {
    const customConfig = distributionConfigOf(custom);
    expect(customConfig.Aliases).toEqual(['app.example.com']);
    expect(customConfig.ViewerCertificate).toEqual({
      AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(directiveSources(custom.stack.web.contentSecurityPolicy, 'connect-src')).toEqual([
      "'self'",
      'wss://app.example.com',
    ]);
  });
});

describe('the deployment of the web build', () => {
  const deployments = Object.values(synthesized.resources('Custom::CDKBucketDeployment'));
  const byCacheControl = (value: string) =>
    deployments.find(
      (deployment) => (deployment.Properties.SystemMetadata as Record<string, string>)['cache-control'] === value,
    );

  it('caches hashed assets for a year and never prunes them (old pages keep working mid-deploy)', () => {
    const assets = byCacheControl(hashedAssetsCacheControl);
    expect(assets?.Properties).toMatchObject({ Include: ['assets/*'], Exclude: ['*'], Prune: false });
    expect(hashedAssetsCacheControl).toMatch(/max-age=31536000.*immutable/);
  });

  it('serves index.html and other unhashed files with no-cache, after the assets, and invalidates the CDN', () => {
    const shell = byCacheControl(shellCacheControl);
    expect(shellCacheControl).toBe('no-cache');
    expect(shell?.Properties).toMatchObject({ Exclude: ['assets/*'], Prune: true, DistributionPaths: ['/*'] });
    expect(referencedLogicalIds(shell?.Properties.DistributionId).has(ids.web.distribution)).toBe(true);
    const assetsId = Object.entries(synthesized.resources('Custom::CDKBucketDeployment')).find(
      ([, deployment]) => deployment === byCacheControl(hashedAssetsCacheControl),
    )?.[0];
    expect(asArray(shell?.DependsOn).some((dependency) => dependency.startsWith(assetsId ?? '-'))).toBe(true);
  });
});

describe("the web app's runtime configuration (/config.json)", () => {
  it('carries the links given as context, beside the build, with the shell', () => {
    const configured = synthesize({
      stage: 'prod',
      helpUrl: 'https://help.example.org/',
      contactUrl: 'https://example.org/contact',
    });
    try {
      expect(deployedWebConfigs(configured.app.outdir)).toEqual([
        {
          links: {
            help: 'https://help.example.org/',
            contact: 'https://example.org/contact',
          },
        },
      ]);
    } finally {
      configured.cleanup();
    }
  });

  it('carries no link when none is configured (the UI says so), and refuses an address that is not http(s)', () => {
    // Read from the shared synthesis's output before it was removed (support.ts snapshotOf).
    expect(synthesized.web.configs).toEqual([{ links: {} }]);
    expect(() => synthesize({ stage: 'prod', helpUrl: 'javascript:alert(1)' })).toThrow(/helpUrl/);
  });
});
