import { describe, expect, it } from 'vitest';

import { jobEventSource } from '@orbit/functions/worker/event-source';
import { jobStreamFilter } from '@orbit/functions/worker/stream-filter';
import { secretsKeyAreas } from '@orbit/infra/lib/worker';

import {
  asArray,
  defaultStack,
  referencedLogicalIds,
  statementsOfRole,
  type PolicyStatementJson,
  type StackView,
} from './stack-view';
import { synthesize } from './support';

const synthesized = defaultStack();

const { ids } = synthesized;
const { worker } = ids;
const tableId = ids.data.table;
const keyId = worker.secretsKey;
const queueId = worker.failureQueue;
const streamId = worker.streamFunction;
const tickId = worker.tickFunction;
const topicId = ids.monitoring.topic;
const functions = synthesized.resources('AWS::Lambda::Function');
/** By name, areas included that the route table does not have yet (channels). */
const areaFunctions = synthesized.functions as ReadonlyMap<
  string,
  NonNullable<ReturnType<typeof synthesized.functions.get>>
>;

const actionsOf = (statements: PolicyStatementJson[]) => statements.flatMap((statement) => asArray(statement.Action));
const statementWith = (statements: PolicyStatementJson[], action: string) =>
  statements.find((statement) => asArray(statement.Action).includes(action));

describe('the background worker', () => {
  it('reads jobs from a table stream with old and new images', () => {
    expect(synthesized.resources('AWS::DynamoDB::Table')[tableId]?.Properties.StreamSpecification).toEqual({
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    });
  });

  it.each([
    ['stream', () => streamId, 'index.streamHandler'],
    ['tick', () => tickId, 'index.tickHandler'],
  ])(
    'runs the %s handler on nodejs22.x arm64 like the area functions, with the table and the secrets key',
    (_name, logicalId, handler) => {
      const fn = functions[logicalId()];
      expect(fn?.Properties).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: handler,
        Timeout: jobEventSource.functionTimeoutSeconds,
        LoggingConfig: { LogFormat: 'JSON', LogGroup: { Ref: worker.logGroup } },
      });
      const variables = (fn?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(referencedLogicalIds(variables.TABLE_NAME).has(tableId)).toBe(true);
      expect(variables.SECRETS_KEY_ARN).toEqual({ Ref: keyId });
      // The secrets extension serves the key (core/secrets-manager.ts): no Secrets Manager client.
      expect(JSON.stringify(fn?.Properties.Layers)).toContain('Paramsandsecrets');
      // It pushes notifications to their recipients' open connections (core/notifications).
      expect(JSON.stringify(variables.WS_ENDPOINT)).toContain('/ws');
    },
  );

  it('gets the notifications senders’ variables (messaging.ts), as the reset codes’ job sends them', () => {
    const configured = synthesize({
      stage: 'prod',
      notificationsFromEmail: 'no-reply@example.com',
      smsOriginationIdentity: '+15550100099',
    });
    try {
      const { worker: configuredWorker, messaging } = configured.stack;
      expect(Object.keys(messaging.requestEnvironment)).toHaveLength(2);
      for (const fn of [configuredWorker.streamFunction, configuredWorker.tickFunction]) {
        const resource = configured.resources('AWS::Lambda::Function')[configured.logicalId(fn)];
        const variables = (resource?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
        expect(variables).toMatchObject(messaging.requestEnvironment);
      }
    } finally {
      configured.cleanup();
    }
  });

  it('points the channel hooks at the public site when it has a custom domain, else at the request origin', () => {
    const channelsVariables = (result: StackView) => {
      const channels = result.functions.get('channels');
      const resource = channels && result.resources('AWS::Lambda::Function')[channels.functionId];
      return (resource?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    };
    expect(channelsVariables(synthesized)).not.toHaveProperty('PUBLIC_BASE_URL');
    const withDomain = synthesize({
      stage: 'prod',
      domainName: 'app.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f6e7d2a-1111-2222-3333-444455556666',
    });
    try {
      expect(channelsVariables(withDomain).PUBLIC_BASE_URL).toBe('https://app.example.com');
    } finally {
      withDomain.cleanup();
    }
  });

  it('runs one tick at a time', () => {
    expect(functions[tickId]?.Properties.ReservedConcurrentExecutions).toBe(1);
  });

  it('maps the stream with batches, retries, bisect, partial failures, a record age, an on-failure queue and a Job filter', () => {
    const mappings = Object.values(synthesized.resources('AWS::Lambda::EventSourceMapping'));
    expect(mappings).toHaveLength(1);
    const mapping = mappings[0]!.Properties;
    expect(referencedLogicalIds(mapping.FunctionName).has(streamId)).toBe(true);
    expect(referencedLogicalIds(mapping.EventSourceArn).has(tableId)).toBe(true);
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: jobEventSource.batchSize,
      MaximumRetryAttempts: jobEventSource.retryAttempts,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRecordAgeInSeconds: jobEventSource.maxRecordAgeSeconds,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    const filters = (mapping.FilterCriteria as { Filters: { Pattern: string }[] }).Filters;
    expect(filters.map((filter) => JSON.parse(filter.Pattern) as unknown)).toEqual([jobStreamFilter]);
  });

  it('keeps what the mapping gave up on in an encrypted queue for 14 days', () => {
    expect(synthesized.resources('AWS::SQS::Queue')[queueId]?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('ticks every minute through EventBridge', () => {
    const rule = synthesized.resources('AWS::Events::Rule')[worker.tickRule];
    expect(rule?.Properties.ScheduleExpression).toBe('rate(1 minute)');
    const targets = rule?.Properties.Targets as { Arn: unknown; RetryPolicy?: unknown }[];
    expect(targets).toHaveLength(1);
    expect(referencedLogicalIds(targets[0]?.Arn).has(tickId)).toBe(true);
    const permissions = Object.values(synthesized.resources('AWS::Lambda::Permission')).filter((permission) =>
      referencedLogicalIds(permission.Properties.FunctionName).has(tickId),
    );
    expect(permissions.map((permission) => permission.Properties.Principal)).toEqual(['events.amazonaws.com']);
  });

  it('may use the table, its stream, SES, End User Messaging SMS and the secrets key, nothing more', () => {
    const statements = statementsOfRole(synthesized, worker.role);
    expect(actionsOf(statements)).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:GetRecords', 'ses:SendEmail']),
    );
    expect(referencedLogicalIds(statementWith(statements, 'dynamodb:PutItem')?.Resource).has(tableId)).toBe(true);
    expect(JSON.stringify(statementWith(statements, 'ses:SendEmail')?.Resource)).toContain(':identity/*');
    expect(JSON.stringify(statementWith(statements, 'sms-voice:SendTextMessage')?.Resource)).toContain(':sms-voice:');
    const key = statementWith(statements, 'secretsmanager:GetSecretValue');
    expect(asArray(key?.Action)).toEqual(['secretsmanager:GetSecretValue']);
    expect(referencedLogicalIds(key?.Resource).has(keyId)).toBe(true);
    // The one statement on every resource is the one Lambda's stream mapping needs (ListStreams).
    const everywhere = statements.filter((statement) => statement.Resource === '*');
    expect(actionsOf(everywhere)).toEqual(['dynamodb:ListStreams']);
    expect(actionsOf(statements).filter((action) => action.includes('*'))).toEqual([]);
    expect(actionsOf(statements)).not.toContain('dynamodb:Scan');
  });

  it('creates the secrets key as a generated secret, and gives it to the areas that seal secrets only', () => {
    expect(synthesized.resources('AWS::SecretsManager::Secret')[keyId]?.Properties.GenerateSecretString).toMatchObject({
      PasswordLength: 64,
    });
    expect(synthesized.resources('AWS::KMS::Key')).toEqual({});
    const present = secretsKeyAreas.filter((area) => areaFunctions.has(area));
    expect(present).toContain('auth');
    for (const area of present) {
      const construct = areaFunctions.get(area)!;
      const variables = (
        functions[construct.functionId]?.Properties.Environment as { Variables: Record<string, unknown> }
      ).Variables;
      expect(variables.SECRETS_KEY_ARN, area).toEqual({ Ref: keyId });
      const read = statementsOfRole(synthesized, construct.roleId).filter((statement) =>
        referencedLogicalIds(statement.Resource).has(keyId),
      );
      expect(actionsOf(read), area).toEqual(['secretsmanager:GetSecretValue']);
    }
    for (const [area, construct] of synthesized.functions) {
      if ((secretsKeyAreas as readonly string[]).includes(area)) continue;
      const read = statementsOfRole(synthesized, construct.roleId).filter((statement) =>
        referencedLogicalIds(statement.Resource).has(keyId),
      );
      expect(read, area).toEqual([]);
    }
  });

  it('alarms on worker errors, stream iterator age, the failure queue, jobs needing attention and webhook endpoints turned off', () => {
    const alarms = Object.values(synthesized.resources('AWS::CloudWatch::Alarm'));
    const on = (metricName: string, logicalId?: string) =>
      alarms.filter(
        (alarm) =>
          alarm.Properties.MetricName === metricName &&
          (!logicalId || JSON.stringify(alarm.Properties.Dimensions).includes(logicalId)),
      );
    expect(on('Errors', streamId)).toHaveLength(1);
    expect(on('Errors', tickId)).toHaveLength(1);
    expect(on('IteratorAge', streamId)[0]?.Properties).toMatchObject({ Statistic: 'Maximum', Threshold: 60_000 });
    expect(on('ApproximateNumberOfMessagesVisible', queueId)).toHaveLength(1);
    const filters = Object.values(synthesized.resources('AWS::Logs::MetricFilter')).filter((filter) =>
      referencedLogicalIds(filter.Properties.LogGroupName).has(worker.logGroup),
    );
    expect(filters.map((filter) => filter.Properties.FilterPattern)).toEqual([
      '{ $.alarm = "JobNeedsAttention" }',
      '{ $.alarm = "WebhookEndpointDisabled" }',
    ]);
    expect(on('JobNeedsAttention')[0]?.Properties).toMatchObject({ Statistic: 'Sum', Threshold: 1 });
    expect(on('WebhookEndpointDisabled')[0]?.Properties).toMatchObject({ Statistic: 'Sum', Threshold: 1 });
    for (const alarm of worker.alarms) {
      const properties = synthesized.resources('AWS::CloudWatch::Alarm')[alarm]?.Properties;
      expect(properties?.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(properties?.OKActions).toEqual([{ Ref: topicId }]);
    }
    expect(worker.alarms).toHaveLength(6);
  });
});
