import { Annotations, CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

import { tableDefinition } from '@orbit/functions/core/table';

import { Api, originDomainsFor } from './api';
import type { AreaAccessOverrides } from './area-access';
import { isDisposable, type OrbitConfig } from './config';
import { Data } from './data';
import { Media } from './media';
import { Messaging } from './messaging';
import { webAclArnParameterName } from './edge-stack';
import { Monitoring } from './monitoring';
import { deployedRouteTable, type RouteTable } from './route-table';
import { Web } from './web';
import { WebAcl } from './web-acl';
import { Worker } from './worker';
import { EmailEvents } from './email-events';
import { EmailInbound, mailAttachmentPrefix } from './email-inbound';

export interface OrbitStackProps extends StackProps {
  readonly config: OrbitConfig;
  /** Defaults to functions/src/routes.ts; tests pass other shapes. */
  readonly routes?: RouteTable;
  /** Defaults to area-access.ts's overrides. */
  readonly areaAccess?: AreaAccessOverrides;
  /** Defaults to web/dist. */
  readonly webDistDir?: string;
}

/**
 * The whole product in one environment-agnostic stack: data, one function per area, the HTTP
 * and WebSocket APIs, the CDN in front of the web app and both APIs, and the alarms.
 */
export class OrbitStack extends Stack {
  readonly config: OrbitConfig;
  readonly data: Data;
  readonly api: Api;
  readonly web: Web;
  readonly webAcl: WebAcl;
  readonly monitoring: Monitoring;
  readonly worker: Worker;
  readonly messaging: Messaging;
  readonly media: Media;
  readonly emailEvents: EmailEvents;
  readonly emailInbound: EmailInbound;

  constructor(scope: Construct, id: string, props: OrbitStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.config = config;
    const disposable = isDisposable(config);
    Tags.of(this).add('project', 'orbit');
    Tags.of(this).add('stage', config.stage);

    this.data = new Data(this, 'Data', { disposable, definition: tableDefinition });
    this.api = new Api(this, 'Api', {
      routes: props.routes ?? deployedRouteTable,
      data: this.data,
      disposable,
      throttle: config.apiThrottle,
      authThrottle: config.authThrottle,
      authReservedConcurrency: config.authReservedConcurrency,
      ...(props.areaAccess ? { areaAccess: props.areaAccess } : {}),
      ...(config.domainName && config.originCertificateArn
        ? { originDomains: originDomainsFor(config.domainName, config.originCertificateArn) }
        : {}),
    });
    if (this.api.customDomains.length === 0) {
      Annotations.of(this).addWarningV2(
        'orbit:execute-api-open',
        'The APIs keep their default execute-api endpoints, which bypass CloudFront (WAF, headers): ' +
          'give domainName and originCertificateArn to close them (docs/deploy.md, "The edge").',
      );
    }

    // Notifications' senders: auth learns which channels exist; the worker sends (messaging.ts).
    this.messaging = new Messaging(this, 'Messaging', { config: config.messaging });
    const authFunction = this.api.functions.get('auth');
    if (authFunction) this.messaging.configureRequester(authFunction.function);

    // The user view: avatars in the media bucket; codes for a new email or phone (messaging).
    this.media = new Media(this, 'Media', {
      disposable,
      siteOrigin: config.domainName ? `https://${config.domainName}` : undefined,
    });
    const usersFunction = this.api.functions.get('users');
    if (usersFunction) {
      this.media.grantTo(usersFunction.function);
      this.messaging.configureRequester(usersFunction.function);
    }
    // Email: mail attachments in the media bucket, under their own prefixes (media.ts).
    const emailFunction = this.api.functions.get('email');
    if (emailFunction) this.media.grantMailTo(emailFunction.function);
    // Paying online: Stripe's keys, when the deployment names their secret (payments/stripe-client.ts).
    const paymentsFunction = this.api.functions.get('payments');
    if (paymentsFunction && config.stripeSecretName) {
      const stripeSecret = Secret.fromSecretNameV2(this, 'StripeSecret', config.stripeSecretName);
      stripeSecret.grantRead(paymentsFunction.function);
      paymentsFunction.function.addEnvironment('STRIPE_SECRET_ID', config.stripeSecretName);
    }

    this.webAcl = new WebAcl(
      this,
      'WebAcl',
      config.webAclArn ? { arn: config.webAclArn } : { parameterName: webAclArnParameterName(this.stackName) },
    );
    this.web = new Web(this, 'Web', {
      httpApiDomain: this.api.httpOriginDomain,
      webSocketApiDomain: this.api.webSocketOriginDomain,
      webAclArn: this.webAcl.arn,
      disposable,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      links: config.links,
      mediaBucket: this.media.bucket,
      ...(props.webDistDir ? { distDir: props.webDistDir } : {}),
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      api: this.api,
      table: this.data.table,
      tableDefinition,
      alarmEmail: config.alarmEmail,
    });
    this.worker = new Worker(this, 'Worker', {
      data: this.data,
      disposable,
      functions: this.api.functions,
      alarmTopic: this.monitoring.topic,
    });
    this.messaging.configureWorker([this.worker.streamFunction, this.worker.tickFunction]);
    this.api.grantPushes(this.worker.role, [this.worker.streamFunction, this.worker.tickFunction]);

    // Email with the outside world (docs/email.md, "Delivery", "Inbound"): SES events back to
    // recipients' statuses, SES receiving into mailboxes; the worker's sends name the
    // configuration set and read attachments under mail/.
    this.emailEvents = new EmailEvents(this, 'EmailEvents', { data: this.data, disposable });
    this.emailEvents.configureSenders([this.worker.streamFunction, this.worker.tickFunction]);
    this.emailInbound = new EmailInbound(this, 'EmailInbound', {
      data: this.data,
      disposable,
      mediaBucket: this.media.bucket,
      ...(config.messaging.emailDomain ? { recipients: [config.messaging.emailDomain] } : {}),
    });
    this.api.grantPushes(this.emailEvents.handler.role, [this.emailEvents.handler.function]);
    this.api.grantPushes(this.emailInbound.handler.role, [this.emailInbound.handler.function]);
    this.worker.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['s3:GetObject'],
        resources: [this.media.bucket.arnForObjects(`${mailAttachmentPrefix}*`)],
      }),
    );
    for (const fn of [this.worker.streamFunction, this.worker.tickFunction])
      fn.addEnvironment('MEDIA_BUCKET', this.media.bucket.bucketName);

    const url = this.web.urlFor(config.domainName);
    // Where Telegram and webhook senders reach the channel hooks: the public site. Only with a
    // custom domain: the generated distribution name would make the function depend on the
    // distribution that depends on it (without one, hooks use the request's own origin).
    if (config.domainName) this.api.functions.get('channels')?.function.addEnvironment('PUBLIC_BASE_URL', url);
    // A mailing's unsubscribe links, made by the worker, point at the same public site
    // (docs/mailings.md), with or without a custom domain: the worker has no request to take an
    // origin from, and nothing the distribution depends on depends on the worker.
    for (const fn of [this.worker.streamFunction, this.worker.tickFunction]) fn.addEnvironment('PUBLIC_BASE_URL', url);
    new CfnOutput(this, 'Url', { value: url, description: 'Open this in a browser' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.web.distribution.distributionDomainName,
      description: 'Point the custom domain (CNAME/alias) here',
    });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'WebBucketName', { value: this.web.bucket.bucketName });
    if (this.api.customDomains.length === 0) {
      new CfnOutput(this, 'HttpApiUrl', {
        value: this.api.httpStage.url,
        description: 'Direct API endpoint (the app uses /api on the CDN)',
      });
    }
    for (const domain of this.api.customDomains) {
      new CfnOutput(this, `${domain.node.id}Target`, {
        value: domain.regionalDomainName,
        description: `Point ${domain.name} (CNAME) here: the CDN reaches the API through it`,
      });
    }
    if (this.api.webSocketStage) {
      new CfnOutput(this, 'WebSocketUrl', {
        value: `${url.replace(/^https/, 'wss')}/ws`,
        description: 'Realtime endpoint through the CDN',
      });
    }
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'JwtSecretArn', {
      value: this.data.jwtSecret.secretArn,
      description: 'Rotate with put-secret-value (docs/deploy.md)',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    new CfnOutput(this, 'WorkerStreamFailureQueueUrl', { value: this.worker.failureQueue.queueUrl });
    for (const areaFunction of this.api.functions.values()) {
      new CfnOutput(this, `${areaFunction.node.id}FunctionName`, { value: areaFunction.function.functionName });
    }
  }
}
