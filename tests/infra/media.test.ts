import { afterAll, describe, expect, it } from 'vitest';

import { directiveSources } from '@orbit/infra/lib/csp';
import { abandonedUploadDays, mediaBucketVariable, pendingUploadsPrefix } from '@orbit/infra/lib/media';

import { referencedLogicalIds, synthesize } from './support';

const synthesized = synthesize({ stage: 'prod' });
afterAll(() => synthesized.cleanup());
const { stack } = synthesized;
const bucketId = synthesized.logicalId(stack.media.bucket);
const bucket = synthesized.resources('AWS::S3::Bucket')[bucketId];

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  AllowedMethods?: string[];
  ViewerProtocolPolicy: string;
  ResponseHeadersPolicyId: unknown;
}
const distribution = synthesized.resources('AWS::CloudFront::Distribution')[
  synthesized.logicalId(stack.web.distribution)
];
const config = distribution?.Properties.DistributionConfig as {
  CacheBehaviors: Behavior[];
  Origins: { Id: string; DomainName: unknown; OriginAccessControlId?: unknown }[];
};

describe('the media bucket', () => {
  it('is private, encrypted and refuses plain HTTP', () => {
    expect(bucket?.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(JSON.stringify(bucket?.Properties.BucketEncryption)).toContain('AES256');
    const policies = Object.values(synthesized.resources('AWS::S3::BucketPolicy')).filter((policy) =>
      referencedLogicalIds(policy.Properties.Bucket).has(bucketId),
    );
    expect(JSON.stringify(policies.map((policy) => policy.Properties.PolicyDocument))).toContain(
      '"aws:SecureTransport":"false"',
    );
  });

  it('takes browser PUTs from any origin only with a signature (no domain configured), and expires abandoned uploads', () => {
    expect(bucket?.Properties.CorsConfiguration).toEqual({
      CorsRules: [
        expect.objectContaining({ AllowedMethods: ['PUT'], AllowedOrigins: ['*'], AllowedHeaders: ['content-type'] }),
      ],
    });
    const rules = (bucket?.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: pendingUploadsPrefix,
        ExpirationInDays: abandonedUploadDays,
        Status: 'Enabled',
      }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: abandonedUploadDays } }),
    );
  });

  it('is served under /media/* by the distribution, GET and HEAD only, through Origin Access Control', () => {
    const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === '/media/*');
    expect(behavior?.AllowedMethods).toEqual(['GET', 'HEAD']);
    expect(behavior?.ViewerProtocolPolicy).toBe('redirect-to-https');
    const origin = config.Origins.find((candidate) => candidate.Id === behavior?.TargetOriginId);
    expect(referencedLogicalIds(origin?.DomainName).has(bucketId)).toBe(true);
    expect(referencedLogicalIds(origin?.OriginAccessControlId).size).toBe(1);
    const statements = Object.values(synthesized.resources('AWS::S3::BucketPolicy'))
      .filter((policy) => referencedLogicalIds(policy.Properties.Bucket).has(bucketId))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement);
    const cloudFrontRead = statements.find((statement) =>
      JSON.stringify(statement.Principal).includes('cloudfront.amazonaws.com'),
    );
    expect(cloudFrontRead?.Action).toBe('s3:GetObject');
  });

  it('takes presigned uploads on the app origin under /media/pending/*, passed to the bucket unsigned by CloudFront', () => {
    const patterns = config.CacheBehaviors.map((candidate) => candidate.PathPattern);
    // The more specific pattern first: CloudFront takes the first behaviour that matches.
    expect(patterns.indexOf(`/${pendingUploadsPrefix}*`)).toBeLessThan(patterns.indexOf('/media/*'));
    const behavior = config.CacheBehaviors.find((candidate) => candidate.PathPattern === `/${pendingUploadsPrefix}*`);
    expect(behavior?.AllowedMethods).toContain('PUT');
    expect(behavior?.ViewerProtocolPolicy).toBe('https-only');
    const origin = config.Origins.find((candidate) => candidate.Id === behavior?.TargetOriginId);
    expect(referencedLogicalIds(origin?.DomainName).has(bucketId)).toBe(true);
    // The URL's own signature is the credential: no Origin Access Control signing over it.
    expect(origin?.OriginAccessControlId).toBeUndefined();
    // And the page needs no exception in its CSP.
    expect(directiveSources(stack.web.contentSecurityPolicy, 'connect-src')).toEqual(["'self'"]);
  });

  it('gives the users function the bucket name and rights under media/ only, and no other function', () => {
    const usersFunction = stack.api.functions.get('users');
    const functionId = synthesized.logicalId(usersFunction!.function);
    const lambda = synthesized.resources('AWS::Lambda::Function')[functionId];
    const variables = (lambda?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(referencedLogicalIds(variables[mediaBucketVariable]).has(bucketId)).toBe(true);
    // Mail attachments (under mail/, tests/infra/email-outside.test.ts) are the email functions'.
    const grants = Object.values(synthesized.resources('AWS::IAM::Policy')).filter(
      (policy) =>
        JSON.stringify(policy.Properties.PolicyDocument).includes(bucketId) &&
        !JSON.stringify(policy.Properties.PolicyDocument).includes('/mail/*'),
    );
    expect(grants).toHaveLength(1);
    const text = JSON.stringify(grants[0]?.Properties.PolicyDocument);
    expect(text).toContain('s3:PutObject');
    expect(text).toContain('s3:DeleteObject');
    expect(text).toContain('/media/*');
    expect(text).not.toMatch(/"Resource":\{"Fn::Join":\["",\[\{"Fn::GetAtt":\["[^"]+","Arn"\]\},"\/\*"\]\]\}/);
    for (const [name, other] of stack.api.functions) {
      if (name === 'users') continue;
      const otherId = synthesized.logicalId(other.function);
      expect(JSON.stringify(grants[0]?.Properties.Roles)).not.toContain(otherId);
    }
  });
});
