import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Annotations, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
  type BehaviorOptions,
  type IOrigin,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source, type ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

import { webSocketStageName } from './api';
import { webRuntimeConfig, type WebLinks } from './config';
import { contentSecurityPolicy, inlineScriptHashes } from './csp';
import { pendingUploadsPrefix } from './media';
import { webDistDir } from './paths';
import { securityHeaderPolicy } from './security-headers';
import { hashedAssetsCacheControl, hashedAssetsPrefix, shellCacheControl } from './web-caching';
import { spaRewriteSource } from './spa-rewrite';

export interface WebProps {
  /** The HTTP API's host (its custom origin domain, or execute-api), reached under `/api/*`. */
  readonly httpApiDomain: string;
  /** The WebSocket API's host, reached at `/ws`, when the product has one. */
  readonly webSocketApiDomain: string | undefined;
  /** The WAF web ACL (CloudFront scope) in front of everything. */
  readonly webAclArn: string;
  readonly disposable: boolean;
  readonly domainName: string | undefined;
  readonly certificateArn: string | undefined;
  /** Written to `/config.json` beside the build (revalidated like index.html). */
  readonly links: WebLinks;
  /** The web build; a placeholder page is deployed when it has not been built. */
  readonly distDir?: string;
  /** The media bucket (avatars), served under `/media/*` and uploaded to from the browser. */
  readonly mediaBucket?: IBucket;
}

/**
 * Build files that never reach the bucket: source maps (they would publish the app's source)
 * and the precompressed copies the local server serves (CloudFront compresses by itself).
 */
/** The web app's runtime configuration (web/src/shared/deploy-links.ts). */
export const webConfigFile = 'config.json';

const unpublishedBuildFiles = ['*.map', '*.br', '*.gz'];

/** Forwards every viewer header but Host, with CloudFront's own viewer headers (see below). */
export const apiOriginRequestPolicy = OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER;

/** CloudFront access logs (in the log bucket, under this prefix) are kept this long. */
export const accessLogRetentionDays = 90;
export const cloudFrontLogPrefix = 'cloudfront/';
/** Deployed when web/dist is missing, so `npm run synth` works offline on a fresh clone. */
export const placeholderIndexHtml =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orbit</title></head>' +
  '<body><p>The web app was not built when this stack was synthesised. Run <code>npm run deploy</code>, which builds it first.</p></body></html>';

/**
 * The React build on a private S3 bucket behind CloudFront, with the APIs on the same origin:
 * `/api/*` → HTTP API, `/ws` → WebSocket API, everything else → the bucket.
 */
export class Web extends Construct {
  readonly bucket: Bucket;
  readonly logBucket: Bucket;
  readonly distribution: Distribution;
  readonly responseHeadersPolicy: ResponseHeadersPolicy;
  readonly spaRewrite: CloudFrontFunction;
  readonly contentSecurityPolicy: string;
  readonly builtWebApp: boolean;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const distDir = props.distDir ?? webDistDir;
    const indexPath = join(distDir, 'index.html');
    this.builtWebApp = existsSync(indexPath);

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.disposable,
    });

    // CloudFront's standard logs are written with an ACL grant to the log-delivery account, so this
    // bucket (unlike the web bucket) keeps ACLs enabled, for the bucket owner.
    this.logBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(accessLogRetentionDays) }],
      removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.disposable,
    });

    this.contentSecurityPolicy = contentSecurityPolicy({
      scriptHashes: this.builtWebApp ? inlineScriptHashes(readFileSync(indexPath, 'utf8')) : [],
      connectSources: props.domainName ? [`wss://${props.domainName}`] : [],
    });

    this.responseHeadersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      // Names are account-wide: the region keeps one stage deployable in several regions.
      responseHeadersPolicyName: `${Stack.of(this).stackName}-${Stack.of(this).region}-security-headers`,
      comment: `${Stack.of(this).stackName}: HSTS, CSP, no framing, no sniffing`,
      // From security-headers.ts, which the local server sends too.
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(securityHeaderPolicy.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: securityHeaderPolicy.strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentSecurityPolicy: { contentSecurityPolicy: this.contentSecurityPolicy, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption[securityHeaderPolicy.frameOptions], override: true },
        referrerPolicy: { referrerPolicy: referrerPolicyOf(securityHeaderPolicy.referrerPolicy), override: true },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(securityHeaderPolicy.custom).map(([header, value]) => ({
          header,
          value,
          override: true,
        })),
      },
    });

    this.spaRewrite = new CloudFrontFunction(this, 'SpaRewrite', {
      comment: 'App routes without a file extension get index.html (default behaviour only)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaRewriteSource),
    });

    // APIs: nothing cached, every viewer header, cookie and query string forwarded except Host
    // (API Gateway routes on its own host name), plus CloudFront's viewer headers: the sign-in
    // limits count each viewer by `CloudFront-Viewer-Address` (auth/request-source.ts), as the
    // address API Gateway sees is an edge's. Only this managed policy does both: a custom one
    // may not forward `Authorization` (CloudFront refuses it outside a cache key), and one that
    // adds CloudFront headers to all viewer headers cannot leave Host out.
    const apiBehavior = (origin: IOrigin, allowedMethods: AllowedMethods): BehaviorOptions => ({
      origin,
      allowedMethods,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      originRequestPolicy: apiOriginRequestPolicy,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: true,
    });
    const apiOrigin = (domain: string) =>
      new HttpOrigin(domain, {
        protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      });

    const additionalBehaviors: Record<string, BehaviorOptions> = {
      '/api/*': apiBehavior(apiOrigin(props.httpApiDomain), AllowedMethods.ALLOW_ALL),
    };
    if (props.mediaBucket) {
      // Avatar uploads on the app's own origin (no CSP or CORS exception): a presigned PUT is
      // signed for the bucket's regional host and the object key as the path, which is what
      // CloudFront sends on (Host becomes the origin's, path and query string unchanged).
      // Not through Origin Access Control, which would sign a second time: S3 checks the
      // URL's own signature, and refuses anything unsigned (the bucket is private).
      additionalBehaviors[`/${pendingUploadsPrefix}*`] = {
        origin: new HttpOrigin(props.mediaBucket.bucketRegionalDomainName, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          originSslProtocols: [OriginSslPolicy.TLS_V1_2],
        }),
        allowedMethods: AllowedMethods.ALLOW_ALL,
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        // The query string (the signature) and Content-Type (signed) must reach S3, and Host must
        // become the bucket's: the managed policy the APIs use does exactly that.
        originRequestPolicy: apiOriginRequestPolicy,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: false,
      };
      // Avatars: the object key is the path (`media/avatars/…`), read by this distribution
      // only (Origin Access Control); keys are never reused, so cached.
      additionalBehaviors['/media/*'] = {
        origin: S3BucketOrigin.withOriginAccessControl(props.mediaBucket),
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
      };
    }
    if (props.webSocketApiDomain) {
      // The stage is named like the path, so `/ws` reaches the stage unchanged.
      additionalBehaviors[`/${webSocketStageName}`] = apiBehavior(
        apiOrigin(props.webSocketApiDomain),
        AllowedMethods.ALLOW_GET_HEAD,
      );
    }

    this.distribution = new Distribution(this, 'Distribution', {
      comment: Stack.of(this).stackName,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        // Honours each object's Cache-Control (set below): a year for hashed assets, revalidate the shell.
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: this.spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors,
      ...(props.domainName && props.certificateArn
        ? {
            domainNames: [props.domainName],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn),
            // Applies to the custom certificate only; the default *.cloudfront.net one is fixed.
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: cloudFrontLogPrefix,
      // Cookies carry the refresh token: never in a log.
      logIncludesCookies: false,
    });

    let sources: ISource[];
    if (this.builtWebApp) {
      sources = [Source.asset(distDir, { exclude: unpublishedBuildFiles })];
    } else {
      sources = [Source.data('index.html', placeholderIndexHtml)];
      Annotations.of(this).addWarningV2(
        'orbit:web-not-built',
        `${distDir} has no index.html: a placeholder page is deployed. Run \`npm run build\` (npm run deploy does) first.`,
      );
    }

    // Hashed assets first and never pruned: a browser still running the previous index.html
    // can fetch the chunks it references while a deploy is in flight.
    const hashedAssets = new BucketDeployment(this, 'HashedAssets', {
      sources,
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: [`${hashedAssetsPrefix}*`],
      cacheControl: [CacheControl.fromString(hashedAssetsCacheControl)],
      prune: false,
      memoryLimit: 512,
    });
    const shell = new BucketDeployment(this, 'Shell', {
      sources: [...sources, Source.jsonData(webConfigFile, webRuntimeConfig(props.links))],
      destinationBucket: this.bucket,
      exclude: [`${hashedAssetsPrefix}*`],
      cacheControl: [CacheControl.fromString(shellCacheControl)],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    shell.node.addDependency(hashedAssets);
  }

  /** https URL viewers use: the custom domain when configured, else the CloudFront domain. */
  urlFor(domainName: string | undefined): string {
    return `https://${domainName ?? this.distribution.distributionDomainName}`;
  }
}

const referrerPolicyOf = (value: string): HeadersReferrerPolicy => {
  const found = Object.values(HeadersReferrerPolicy).find((policy) => policy === value);
  if (!found) throw new Error(`CloudFront has no referrer policy "${value}"`);
  return found;
};
