import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { ReceiptRuleSet, TlsPolicy } from 'aws-cdk-lib/aws-ses';
import { Lambda, LambdaInvocationType, S3 } from 'aws-cdk-lib/aws-ses-actions';
import type { Bucket as MediaBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

import type { Data } from './data';
import { EmailFunction } from './email-function';

/** Where the receipt rule's S3 action writes each mail: this prefix plus the SES message id. */
export const inboundPrefix = 'inbound/';
/** Received mail is parsed at once; the raw copy is kept this long for inspection, then expires. */
export const inboundRetentionDays = 14;
/** Stored attachments (compose's `mail/<attachment>`, and inbound mail's). */
export const mailAttachmentPrefix = 'mail/';

export interface EmailInboundProps {
  readonly data: Data;
  readonly disposable: boolean;
  /** Where inbound attachments are written (the media bucket, under `mail/`). */
  readonly mediaBucket: MediaBucket;
  /** The domains (or addresses) the receipt rule accepts; none: every verified domain of the account. */
  readonly recipients?: readonly string[];
}

/**
 * SES receiving (docs/email.md, "Inbound"): a receipt rule set whose rule stores each mail in a
 * private bucket (S3 action, spam and virus scanning on, TLS required), then invokes
 * functions/src/email/outside/inbound-handler.ts (Lambda action, asynchronous), which reads the
 * object and calls receiveInboundMail with the receipt's verdicts — the same function the local
 * SMTP listener feeds. SES allows one active rule set per region: activate this one once
 * (docs/deploy.md), CDK cannot.
 */
export class EmailInbound extends Construct {
  readonly bucket: Bucket;
  readonly ruleSet: ReceiptRuleSet;
  readonly handler: EmailFunction;

  constructor(scope: Construct, id: string, props: EmailInboundProps) {
    super(scope, id);
    const removalPolicy = props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ prefix: inboundPrefix, expiration: Duration.days(inboundRetentionDays) }],
      removalPolicy,
      autoDeleteObjects: props.disposable,
    });
    // The S3 action adds the bucket policy that lets SES (this account only) write under the prefix.
    this.handler = new EmailFunction(this, 'Handler', {
      entry: 'inbound-handler.ts',
      description: 'SES receiving: mail from outside into mailboxes',
      data: props.data,
      disposable: props.disposable,
      memorySize: 1024,
      timeout: Duration.seconds(60),
    });
    const fn = this.handler.function;
    fn.addEnvironment('INBOUND_BUCKET', this.bucket.bucketName);
    fn.addEnvironment('INBOUND_PREFIX', inboundPrefix);
    fn.addEnvironment('MEDIA_BUCKET', props.mediaBucket.bucketName);
    // Least privilege: read received mail; write attachments under mail/ only.
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${inboundPrefix}*`)],
      }),
    );
    this.handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:PutObject'],
        resources: [props.mediaBucket.arnForObjects(`${mailAttachmentPrefix}*`)],
      }),
    );

    this.ruleSet = new ReceiptRuleSet(this, 'RuleSet', {
      rules: [
        {
          ...(props.recipients?.length ? { recipients: [...props.recipients] } : {}),
          scanEnabled: true,
          tlsPolicy: TlsPolicy.REQUIRE,
          actions: [
            new S3({ bucket: this.bucket, objectKeyPrefix: inboundPrefix }),
            new Lambda({ function: fn, invocationType: LambdaInvocationType.EVENT }),
          ],
        },
      ],
    });
  }
}
