import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { Alarm, IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ApplicationLogLevel,
  FilterCriteria,
  LoggingFormat,
  StartingPosition,
  SystemLogLevel,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { FilterPattern, LogGroup, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

import { jobNeedsAttentionAlarm } from '@orbit/functions/core/jobs/runner';
import { webhookDisabledAlarm } from '@orbit/functions/integrations/delivery-attempt';
import { jobEventSource, tickSchedule } from '@orbit/functions/worker/event-source';
import { jobStreamFilter } from '@orbit/functions/worker/stream-filter';

import {
  lambdaArchitecture,
  lambdaRuntime,
  logRetention,
  secretsExtension,
  serviceName,
  type AreaFunction,
} from './area-function';
import { tableReadActions, tableWriteActions } from './area-access';
import { lambdaBundling } from './bundling';
import type { Data } from './data';
import { topicAlarm } from './monitoring';
import { lockFilePath, repoRoot } from './paths';

/**
 * Areas whose functions seal or open secrets (functions/src/core/secret-box.ts): channels
 * (bot tokens, webhook secrets) and auth (a reset code waiting in a job), integrations (the
 * outgoing webhooks' signing secrets, sealed on create and rotation). They get the secrets key
 * when they exist in the route table; an area not there yet is skipped.
 */
export const secretsKeyAreas = ['channels', 'auth', 'users', 'integrations'] as const;

/** Read only, through the Parameters and Secrets extension (core/secrets-manager.ts). */
export const secretsKeyActions = ['secretsmanager:GetSecretValue'] as const;

export interface WorkerProps {
  readonly data: Data;
  readonly disposable: boolean;
  /** The API's area functions, to grant the secrets key to those in `secretsKeyAreas`. */
  readonly functions: ReadonlyMap<string, AreaFunction>;
  readonly alarmTopic: ITopic;
}

const alarmPeriod = Duration.minutes(5);

/**
 * Background work in AWS (docs/background-work.md): the table's stream feeds `streamHandler`
 * through an event source mapping (only queued Job items pass its filter), an EventBridge rule
 * runs `tickHandler` every minute for due work, a queue keeps what the mapping gave up on, and
 * alarms say when work fails or waits. Both handlers come from functions/src/worker/handler.ts,
 * the same code the local stack runs.
 */
export class Worker extends Construct {
  readonly streamFunction: NodejsFunction;
  readonly tickFunction: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  readonly failureQueue: Queue;
  readonly tickRule: Rule;
  readonly secretsKey: Secret;
  readonly eventSource: DynamoEventSource;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: WorkerProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    const removalPolicy = props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    const { table } = props.data;

    // Channel secrets and reset codes waiting in jobs are sealed with a key derived from this
    // secret (core/secret-box.ts); Secrets Manager keeps it encrypted with KMS.
    this.secretsKey = new Secret(this, 'SecretsKey', {
      description: 'Orbit: the key that seals channel secrets and secrets carried by jobs',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy,
    });

    this.logGroup = new LogGroup(this, 'Logs', { retention: logRetention, removalPolicy });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Orbit background worker',
    });
    this.logGroup.grantWrite(this.role);

    const common = {
      entry: `${repoRoot}/functions/src/worker/handler.ts`,
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
      memorySize: 512,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
      projectRoot: repoRoot,
      depsLockFilePath: lockFilePath,
      bundling: lambdaBundling,
      paramsAndSecrets: secretsExtension,
      // The job lease (core/jobs/runner.ts, 90 s) outlasts this, so a job is never claimed
      // twice while a worker still runs it.
      timeout: Duration.seconds(jobEventSource.functionTimeoutSeconds),
      environment: {
        TABLE_NAME: table.tableName,
        POWERTOOLS_SERVICE_NAME: serviceName,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        SECRETS_KEY_ARN: this.secretsKey.secretArn,
      },
    };
    this.streamFunction = new NodejsFunction(this, 'Stream', {
      ...common,
      description: 'Orbit worker: jobs from the table stream',
      handler: 'streamHandler',
    });
    this.tickFunction = new NodejsFunction(this, 'Tick', {
      ...common,
      description: 'Orbit worker: due jobs, every minute',
      handler: 'tickHandler',
      // One tick at a time: a slow one is never overlapped by the next minute's.
      reservedConcurrentExecutions: 1,
    });

    this.failureQueue = new Queue(this, 'StreamFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy,
    });
    this.eventSource = new DynamoEventSource(table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: jobEventSource.batchSize,
      retryAttempts: jobEventSource.retryAttempts,
      bisectBatchOnError: jobEventSource.bisectBatchOnError,
      reportBatchItemFailures: jobEventSource.reportBatchItemFailures,
      maxRecordAge: Duration.seconds(jobEventSource.maxRecordAgeSeconds),
      onFailure: new SqsDlq(this.failureQueue),
      filters: [FilterCriteria.filter(jobStreamFilter)],
    });
    this.streamFunction.addEventSource(this.eventSource);

    this.tickRule = new Rule(this, 'TickSchedule', {
      description: 'Orbit worker tick: scheduled sends, retries after back-off, lapsed claims',
      schedule: Schedule.expression(tickSchedule),
      targets: [new LambdaFunction(this.tickFunction, { retryAttempts: 0 })],
    });

    // The table, read and write: the worker runs every area's registered job kinds (a chat
    // message's delivery tick, a channel's status, a reset code), so a leading-keys list would
    // grow with each kind. It runs only code from the registry, never a request's input.
    // The same actions an area with read-write access gets: no Scan, every list is a Query.
    table.grant(this.role, ...tableReadActions, ...tableWriteActions);
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['ses:SendEmail'],
        resources: [
          `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/*`,
          `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:configuration-set/*`,
        ],
      }),
    );
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: ['sms-voice:SendTextMessage'],
        resources: [`arn:${Aws.PARTITION}:sms-voice:${Aws.REGION}:${Aws.ACCOUNT_ID}:*`],
      }),
    );
    // Read only: the secret box fetches the key once per container through the extension.
    this.grantSecretsKey(this.role);
    for (const area of secretsKeyAreas) {
      const areaFunction = props.functions.get(area);
      if (!areaFunction) continue;
      this.grantSecretsKey(areaFunction.role);
      areaFunction.function.addEnvironment('SECRETS_KEY_ARN', this.secretsKey.secretArn);
    }

    const alarm = (name: string, metric: IMetric, threshold: number, description: string) => {
      this.alarms.push(
        topicAlarm(this, {
          name,
          alarmName: `${stackName}-worker-${name}`,
          metric,
          threshold,
          description,
          topic: props.alarmTopic,
        }),
      );
    };
    alarm(
      'StreamErrors',
      this.streamFunction.metricErrors({ period: alarmPeriod, statistic: 'Sum' }),
      1,
      'The worker failed a stream batch (crash or timeout): the mapping retries it',
    );
    alarm(
      'TickErrors',
      this.tickFunction.metricErrors({ period: alarmPeriod, statistic: 'Sum' }),
      1,
      'The worker tick failed (crash or timeout): due work waits',
    );
    alarm(
      'IteratorAge',
      this.streamFunction.metric('IteratorAge', { period: alarmPeriod, statistic: 'Maximum' }),
      60_000,
      'Jobs wait more than a minute in the stream before the worker reads them',
    );
    alarm(
      'StreamFailuresQueued',
      this.failureQueue.metricApproximateNumberOfMessagesVisible({ period: alarmPeriod, statistic: 'Maximum' }),
      1,
      'The stream mapping gave up on a batch (the jobs stay in the table; the tick runs what is due)',
    );
    const attention = new MetricFilter(this, 'JobsNeedingAttentionFilter', {
      logGroup: this.logGroup,
      filterPattern: FilterPattern.stringValue('$.alarm', '=', jobNeedsAttentionAlarm),
      metricNamespace: `Orbit/${stackName}`,
      metricName: jobNeedsAttentionAlarm,
      metricValue: '1',
    });
    alarm(
      'JobsNeedingAttention',
      attention.metric({ period: alarmPeriod, statistic: 'Sum' }),
      1,
      'A job went dead or unknown: an admin should look at the attention list and replay or accept it',
    );
    const webhookDisabled = new MetricFilter(this, 'WebhookEndpointsDisabledFilter', {
      logGroup: this.logGroup,
      filterPattern: FilterPattern.stringValue('$.alarm', '=', webhookDisabledAlarm),
      metricNamespace: `Orbit/${stackName}`,
      metricName: webhookDisabledAlarm,
      metricValue: '1',
    });
    alarm(
      'WebhookEndpointsDisabled',
      webhookDisabled.metric({ period: alarmPeriod, statistic: 'Sum' }),
      1,
      "An outgoing webhook's endpoint was turned off after a delivery failed for 24 hours: an admin should fix it, turn it on and replay what failed",
    );
  }

  /** GetSecretValue on the secrets key and nothing else (the extension uses the role's credentials). */
  private grantSecretsKey(role: Role): void {
    role.addToPrincipalPolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [...secretsKeyActions],
        resources: [this.secretsKey.secretArn],
      }),
    );
  }
}
