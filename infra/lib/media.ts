import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * The media bucket (avatars; docs/user-view.md). Private: browsers upload with presigned PUTs
 * the users function signs (functions/src/core/media/object-store.ts) and read through the
 * distribution's `/media/*` behaviour (infra/lib/web.ts, Origin Access Control), on the app's
 * own origin. Object keys carry the path: `media/pending/<user>/<id>` for an upload not yet
 * confirmed (expired by the lifecycle rule when abandoned), `media/avatars/<user>/<id>.<ext>`
 * once the server has checked it.
 */
export const mediaKeyPrefix = 'media/';
export const pendingUploadsPrefix = 'media/pending/';
/** An upload URL lives 5 minutes; a day is ample for a confirm that is still coming. */
export const abandonedUploadDays = 1;
/** Exactly what the users function does to media objects (HEAD is GetObject; a copy is Get + Put). */
export const mediaObjectActions = ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'] as const;
/**
 * Mail attachments (functions/src/email/attachments-service.ts): uploaded under their own pending
 * prefix (the `/media/pending/*` behaviour takes the PUT; expired with the other pending uploads),
 * copied at send to `mail/`, which no behaviour serves (downloads are signed GETs).
 */
export const mailAttachmentPrefixes = [`${pendingUploadsPrefix}mail/`, 'mail/'] as const;
/** The variable the users function reads (object-store.ts). */
export const mediaBucketVariable = 'MEDIA_BUCKET';

export interface MediaProps {
  readonly disposable: boolean;
  /** The site's origin for CORS (`https://<domain>`); without a domain any origin, the signature being the gate. */
  readonly siteOrigin: string | undefined;
}

export class Media extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, props: MediaProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      cors: [
        {
          allowedOrigins: [props.siteOrigin ?? '*'],
          allowedMethods: [HttpMethods.PUT],
          allowedHeaders: ['content-type'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'abandoned-uploads', prefix: pendingUploadsPrefix, expiration: Duration.days(abandonedUploadDays) },
        { id: 'incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(abandonedUploadDays) },
      ],
      removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.disposable,
    });
  }

  /**
   * What the users function does with media: sign uploads (PutObject, whose rights a presigned
   * URL carries), HEAD and copy a confirmed upload (GetObject, PutObject), remove the old
   * picture or a refused upload (DeleteObject) — under `media/` only.
   */
  grantTo(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...mediaObjectActions],
        resources: [this.bucket.arnForObjects(`${mediaKeyPrefix}*`)],
      }),
    );
    fn.addEnvironment(mediaBucketVariable, this.bucket.bucketName);
  }

  /**
   * What the email function does with attachments: sign their uploads, HEAD them, copy them out
   * of pending at send (Get + Put), sign downloads, delete — under the mail prefixes only.
   */
  grantMailTo(fn: LambdaFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: [...mediaObjectActions],
        resources: mailAttachmentPrefixes.map((prefix) => this.bucket.arnForObjects(`${prefix}*`)),
      }),
    );
    fn.addEnvironment(mediaBucketVariable, this.bucket.bucketName);
  }
}
