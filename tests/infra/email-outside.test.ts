import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';

import { inboundPrefix, mailAttachmentPrefix } from '@orbit/infra/lib/email-inbound';
import { sesConfigurationSetVariable } from '@orbit/infra/lib/email-events';

import type { CfnResource } from './stack-view';
import { synthesize, type SynthesizedStack } from './support';

/**
 * Email with the outside world in AWS (infra/lib/email-events.ts, email-inbound.ts; docs/email.md
 * "Delivery", "Inbound"): SES events through a configuration set and SNS to their handler, SES
 * receiving through a receipt rule (S3, then Lambda) to the inbound handler, least privilege.
 */
const synthesized: SynthesizedStack = synthesize({
  stage: 'prod',
  notificationsFromEmail: 'no-reply@mail.orbit.example',
  emailDomain: 'mail.orbit.example',
});
afterAll(() => synthesized.cleanup());
const { stack, template } = synthesized;

const functionResource = (fn: { node: { defaultChild?: unknown } } & Parameters<SynthesizedStack['logicalId']>[0]) =>
  synthesized.resources('AWS::Lambda::Function')[synthesized.logicalId(fn)] as CfnResource;

const policyStatementsOf = (roleLogicalId: string): { Action: unknown; Resource: unknown }[] =>
  Object.values(synthesized.resources('AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(roleLogicalId))
    .flatMap(
      (policy) =>
        (policy.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    );

const actions = (statements: { Action: unknown }[]) =>
  statements.flatMap((statement) =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action],
  ) as string[];

describe('SES events', () => {
  it('publishes delivery, bounce and complaint of the configuration set to a topic the handler is subscribed to', () => {
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: Match.arrayEquals(['delivery', 'bounce', 'complaint']),
        SnsDestination: { TopicARN: { Ref: synthesized.logicalId(stack.emailEvents.topic) } },
      },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: synthesized.logicalId(stack.emailEvents.topic) },
      Endpoint: { 'Fn::GetAtt': [synthesized.logicalId(stack.emailEvents.handler.function), 'Arn'] },
    });
  });

  it('has the worker name the configuration set on its sends, and read attachments under mail/ only', () => {
    for (const fn of [stack.worker.streamFunction, stack.worker.tickFunction]) {
      const variables = (functionResource(fn).Properties.Environment as { Variables: Record<string, unknown> })
        .Variables;
      expect(variables[sesConfigurationSetVariable]).toEqual({
        Ref: synthesized.logicalId(stack.emailEvents.configurationSet),
      });
    }
    const workerStatements = policyStatementsOf(synthesized.logicalId(stack.worker.role));
    const s3 = workerStatements.filter((statement) => actions([statement]).some((action) => action.startsWith('s3:')));
    expect(JSON.stringify(s3)).toContain(`/${mailAttachmentPrefix}*`);
    expect(actions(s3).every((action) => action.startsWith('s3:Get') || action.startsWith('s3:List'))).toBe(true);
  });

  it('gives the events handler the table (no Scan) and the pushes, nothing to send', () => {
    const granted = actions(policyStatementsOf(synthesized.logicalId(stack.emailEvents.handler.role)));
    expect(granted).toContain('dynamodb:UpdateItem');
    expect(granted).not.toContain('dynamodb:Scan');
    expect(granted).toContain('execute-api:ManageConnections');
    expect(granted.some((action) => action.startsWith('ses:'))).toBe(false);
  });
});

describe('SES receiving', () => {
  it('stores each mail for the domain in the inbound bucket, scanned, then invokes the inbound handler', () => {
    template.hasResourceProperties('AWS::SES::ReceiptRule', {
      Rule: {
        Enabled: true,
        Recipients: ['mail.orbit.example'],
        ScanEnabled: true,
        TlsPolicy: 'Require',
        Actions: [
          {
            S3Action: {
              BucketName: { Ref: synthesized.logicalId(stack.emailInbound.bucket) },
              ObjectKeyPrefix: inboundPrefix,
            },
          },
          {
            LambdaAction: {
              FunctionArn: { 'Fn::GetAtt': [synthesized.logicalId(stack.emailInbound.handler.function), 'Arn'] },
              InvocationType: 'Event',
            },
          },
        ],
      },
    });
  });

  it('keeps the inbound bucket private, encrypted, TLS only, expiring raw mail', () => {
    const bucket = synthesized.resources('AWS::S3::Bucket')[synthesized.logicalId(stack.emailInbound.bucket)];
    expect(bucket?.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      LifecycleConfiguration: { Rules: [expect.objectContaining({ Prefix: inboundPrefix, ExpirationInDays: 14 })] },
    });
  });

  it('lets the inbound handler read received mail and write attachments under mail/, nothing else in S3', () => {
    const statements = policyStatementsOf(synthesized.logicalId(stack.emailInbound.handler.role));
    const s3 = statements.filter((statement) => actions([statement]).some((action) => action.startsWith('s3:')));
    expect(s3.map((statement) => [actions([statement]), JSON.stringify(statement.Resource)])).toEqual([
      [['s3:GetObject'], expect.stringContaining(`/${inboundPrefix}*`)],
      [['s3:PutObject'], expect.stringContaining(`/${mailAttachmentPrefix}*`)],
    ]);
    const variables = (
      functionResource(stack.emailInbound.handler.function).Properties.Environment as {
        Variables: Record<string, unknown>;
      }
    ).Variables;
    expect(variables).toMatchObject({ INBOUND_PREFIX: inboundPrefix });
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining(['INBOUND_BUCKET', 'MEDIA_BUCKET', 'TABLE_NAME', 'WS_ENDPOINT']),
    );
  });
});
