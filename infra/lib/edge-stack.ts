import { Stack, type StackProps } from 'aws-cdk-lib';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

import { authRoutePrefix } from './area-access';

/** CloudFront reads web ACLs (scope CLOUDFRONT) only from this region. */
export const edgeRegion = 'us-east-1';

/**
 * Per viewer IP, over `rateWindowSeconds`. A first visit loads ~40 files and a busy user makes
 * about one API call a second, so `all` leaves a person (or an office behind one NAT address) a
 * wide margin while a script hammering the site is cut off. `auth` is tighter: sign-in, register
 * and recovery are what a guesser or an SMS pump calls, and the app's own per-phone and
 * per-source limits (docs/decisions.md) sit behind it.
 */
export const webAclRateLimits = { all: 2000, auth: 100 } as const;
export const rateWindowSeconds = 300;

/** Where the edge stack publishes the ACL's ARN for the main stack to read (us-east-1). */
export const webAclArnParameterName = (stackName: string): string => `/orbit/${stackName}/cloudfront-web-acl-arn`;

/** The body WAF answers a blocked request with: the API's own error shape. */
export const throttledBody = JSON.stringify({ errors: { general: ['Too many requests. Try again later.'] } });

export interface EdgeStackProps extends StackProps {
  /** The main stack's name: names the ACL, its metrics and the parameter. */
  readonly mainStackName: string;
}

/**
 * The CloudFront web ACL, in its own stack because CloudFront only accepts ACLs created in
 * us-east-1 while the product deploys to any region. It publishes the ACL's ARN in an SSM
 * parameter; the main stack reads it at deploy time (web-acl.ts). Both stacks are in one app:
 * `cdk deploy --all` deploys this one first.
 */
export class OrbitEdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly arnParameter: StringParameter;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: edgeRegion } });
    const name = props.mainStackName;
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${name}-${metricName}`,
    });
    // 429 with Retry-After in the API's error shape, not WAF's default bare 403.
    const throttled: CfnWebACL.RuleActionProperty = {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: 'throttled',
          responseHeaders: [{ name: 'retry-after', value: String(rateWindowSeconds) }],
        },
      },
    };

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `${name}-cloudfront`,
      description: `${name}: per-IP rate limits in front of CloudFront`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      customResponseBodies: { throttled: { contentType: 'APPLICATION_JSON', content: throttledBody } },
      rules: [
        {
          name: 'rate-limit-auth',
          priority: 0,
          action: throttled,
          visibilityConfig: visibility('rate-limit-auth'),
          statement: {
            rateBasedStatement: {
              limit: webAclRateLimits.auth,
              evaluationWindowSec: rateWindowSeconds,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: authRoutePrefix,
                  textTransformations: [{ priority: 0, type: 'LOWERCASE' }],
                },
              },
            },
          },
        },
        {
          name: 'rate-limit-all',
          priority: 1,
          action: throttled,
          visibilityConfig: visibility('rate-limit-all'),
          statement: {
            rateBasedStatement: {
              limit: webAclRateLimits.all,
              evaluationWindowSec: rateWindowSeconds,
              aggregateKeyType: 'IP',
            },
          },
        },
      ],
    });

    this.arnParameter = new StringParameter(this, 'WebAclArn', {
      parameterName: webAclArnParameterName(name),
      description: `${name}: the CloudFront web ACL (read by the main stack at deploy time)`,
      stringValue: this.webAcl.attrArn,
    });
  }
}
