import { Duration, Stack } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  TreatMissingData,
  type IMetric,
  type Metric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

import { resetUnavailableAlarm } from '@orbit/functions/auth/reset-delivery';
import type { TableDefinition } from '@orbit/functions/core/table';

import type { Api } from './api';

/**
 * One alarm the way every Orbit alarm is made: at or above `threshold` in one period, quiet when
 * there is no data, telling `topic` when it fires and when it clears.
 */
export const topicAlarm = (
  scope: Construct,
  options: {
    readonly name: string;
    readonly alarmName: string;
    readonly metric: IMetric;
    readonly threshold: number;
    readonly description: string;
    readonly topic: ITopic;
  },
): Alarm => {
  const created = new Alarm(scope, options.name, {
    alarmName: options.alarmName,
    alarmDescription: options.description,
    metric: options.metric,
    threshold: options.threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  created.addAlarmAction(new SnsAction(options.topic));
  created.addOkAction(new SnsAction(options.topic));
  return created;
};

export interface MonitoringProps {
  readonly api: Api;
  readonly table: Table;
  readonly tableDefinition: TableDefinition;
  readonly alarmEmail: string | undefined;
}

const period = Duration.minutes(5);

/**
 * Alarms for what users would notice: API 5xx, function errors and throttles, and DynamoDB
 * throttling (table and every index). All notify one SNS topic, and notify again on recovery.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `${stackName} alarms`, enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const alarm = (name: string, metric: IMetric, threshold: number, description: string): void => {
      this.alarms.push(
        topicAlarm(this, {
          name,
          alarmName: `${stackName}-${name}`,
          metric,
          threshold,
          description,
          topic: this.topic,
        }),
      );
    };

    alarm(
      'Http5xx',
      props.api.httpApi.metricServerError({ period, statistic: 'Sum' }),
      5,
      'The HTTP API answered 5 or more 5xx responses in 5 minutes',
    );

    for (const { area, function: fn } of props.api.functions.values()) {
      // Handlers turn every exception into a 500, so a Lambda error means a crash or a timeout.
      alarm(
        `${area}-errors`,
        fn.metricErrors({ period, statistic: 'Sum' }),
        1,
        `The ${area} function failed (crash or timeout)`,
      );
      alarm(
        `${area}-throttles`,
        fn.metricThrottles({ period, statistic: 'Sum' }),
        1,
        `The ${area} function was throttled (concurrency limit)`,
      );
    }

    // Password recovery refused for want of an SMS or email transport (functions/src/auth/reset-delivery.ts):
    // the auth function logs a record marked with `alarm`, never the phone or a code.
    const auth = props.api.functions.get('auth');
    if (auth) {
      const filter = new MetricFilter(this, 'NotifierUnavailableFilter', {
        logGroup: auth.logGroup,
        filterPattern: FilterPattern.stringValue('$.alarm', '=', resetUnavailableAlarm),
        metricNamespace: `Orbit/${stackName}`,
        metricName: resetUnavailableAlarm,
        metricValue: '1',
      });
      alarm(
        'PasswordRecoveryUnavailable',
        filter.metric({ period, statistic: 'Sum' }),
        1,
        'Password recovery was refused (503): no SMS or email transport is configured for reset codes',
      );
    }

    const throttleMetrics: Record<string, Metric> = {};
    const indexNames = [undefined, ...props.tableDefinition.globalSecondaryIndexes.map((index) => index.indexName)];
    indexNames.forEach((indexName, position) => {
      for (const [kind, metricName] of [
        ['read', 'ReadThrottleEvents'],
        ['write', 'WriteThrottleEvents'],
      ] as const) {
        throttleMetrics[`${kind}${position}`] = props.table.metric(metricName, {
          period,
          statistic: 'Sum',
          dimensionsMap: {
            TableName: props.table.tableName,
            ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}),
          },
        });
      }
    });
    alarm(
      'DynamoDbThrottles',
      new MathExpression({
        expression: Object.keys(throttleMetrics)
          .map((key) => `FILL(${key}, 0)`)
          .join(' + '),
        usingMetrics: throttleMetrics,
        period,
        label: 'Throttled reads and writes (table and indexes)',
      }),
      1,
      'DynamoDB throttled reads or writes on the table or an index (hot partition?)',
    );
  }
}
