import { Stack } from 'aws-cdk-lib';
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
  type AwsSdkCall,
} from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';

import { edgeRegion } from './edge-stack';

/** Where the distribution's web ACL comes from: given outright, or published by the edge stack. */
export type WebAclSource = { readonly arn: string } | { readonly parameterName: string };

/**
 * The ARN of the CloudFront web ACL. When the companion edge stack made it, the ARN is read from
 * its SSM parameter in us-east-1 at deploy time: CloudFormation cannot reference across regions,
 * and this keeps the main stack environment-agnostic (`npm run synth` needs no account or
 * region). The read runs when the parameter's name changes; the edge stack keeps the ACL's name
 * fixed, so its ARN does not change under it.
 */
export class WebAcl extends Construct {
  readonly arn: string;

  constructor(scope: Construct, id: string, source: WebAclSource) {
    super(scope, id);
    if ('arn' in source) {
      this.arn = source.arn;
      return;
    }
    const stack = Stack.of(this);
    const read: AwsSdkCall = {
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: source.parameterName },
      region: edgeRegion,
      physicalResourceId: PhysicalResourceId.of(source.parameterName),
    };
    const reader = new AwsCustomResource(this, 'ReadArn', {
      onCreate: read,
      onUpdate: read,
      installLatestAwsSdk: false,
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [
          stack.formatArn({
            service: 'ssm',
            region: edgeRegion,
            resource: 'parameter',
            resourceName: source.parameterName.replace(/^\//, ''),
          }),
        ],
      }),
    });
    this.arn = reader.getResponseField('Parameter.Value');
  }
}
