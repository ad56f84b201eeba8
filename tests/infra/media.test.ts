import { describe, expect, it } from 'vitest';

import { directiveSources } from '@orbit/infra/lib/csp';
import {
  abandonedUploadDays,
  mailAttachmentPrefixes,
  mediaBucketVariable,
  pendingUploadsPrefix,
} from '@orbit/infra/lib/media';

import { defaultStack, referencedLogicalIds } from './stack-view';

const synthesized = defaultStack();
const { ids } = synthesized;
const bucketId = ids.media.bucket;
const bucket = synthesized.resources('AWS::S3::Bucket')[bucketId];

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  AllowedMethods?: string[];
  ViewerProtocolPolicy: string;
  ResponseHeadersPolicyId: unknown;
}
const distribution = synthesized.resources('AWS::CloudFront::Distribution')[ids.web.distribution];
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
    expect(directiveSources(synthesized.web.contentSecurityPolicy, 'connect-src')).toEqual(["'self'"]);
  });

  const bucketGrants = () =>
    Object.values(synthesized.resources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.PolicyDocument).includes(bucketId),
    );
  const grantOf = (area: 'users' | 'email') => {
    const fn = synthesized.functions.get(area);
    const functionId = fn!.functionId;
    const lambda = synthesized.resources('AWS::Lambda::Function')[functionId];
    const variables = (lambda?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(referencedLogicalIds(variables[mediaBucketVariable]).has(bucketId)).toBe(true);
    const roleId = fn!.roleId;
    const grants = bucketGrants().filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleId));
    expect(grants).toHaveLength(1);
    return JSON.stringify(grants[0]?.Properties.PolicyDocument);
  };

  it('gives the users function the bucket name and rights under media/ only, the email function under the mail prefixes only, and no other API function', () => {
    const users = grantOf('users');
    expect(users).toContain('s3:PutObject');
    expect(users).toContain('s3:DeleteObject');
    expect(users).toContain('/media/*');
    const email = grantOf('email');
    expect(email).toContain('s3:PutObject');
    for (const prefix of mailAttachmentPrefixes) expect(email).toContain(`/${prefix}*`);
    expect(email).not.toContain('"/media/*"');
    for (const text of [users, email]) {
      expect(text).not.toMatch(/"Resource":\{"Fn::Join":\["",\[\{"Fn::GetAtt":\["[^"]+","Arn"\]\},"\/\*"\]\]\}/);
    }
    // No other API function may touch the bucket (the worker and the inbound handler read and
    // write mail/ only: tests/infra/email-outside.test.ts).
    const granted = JSON.stringify(bucketGrants().map((policy) => policy.Properties.Roles));
    for (const [name, other] of synthesized.functions) {
      if (name === 'users' || name === 'email') continue;
      expect(granted).not.toContain(other.roleId);
    }
  });
});
