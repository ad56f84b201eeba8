import { afterAll, describe, expect, it } from 'vitest';

import { areas } from '@orbit/functions/routes';
import { tableDefinition } from '@orbit/functions/core/table';

import { referencedLogicalIds } from './stack-view';
import { synthesize } from './support';

const synthesized = synthesize({ stage: 'prod', alarmEmail: 'ops@example.com' });
afterAll(() => synthesized.cleanup());
const { stack } = synthesized;
const topicId = synthesized.logicalId(stack.monitoring.topic);
const alarms = Object.values(synthesized.resources('AWS::CloudWatch::Alarm'));

const alarmOn = (namespace: string, metricName: string, dimension: string, logicalId: string) =>
  alarms.filter(
    (alarm) =>
      alarm.Properties.Namespace === namespace &&
      alarm.Properties.MetricName === metricName &&
      (alarm.Properties.Dimensions as { Name: string; Value: unknown }[]).some(
        (entry) => entry.Name === dimension && referencedLogicalIds(entry.Value).has(logicalId),
      ),
  );

describe('alarms', () => {
  it('fire on HTTP API 5xx responses', () => {
    const found = alarmOn('AWS/ApiGateway', '5xx', 'ApiId', synthesized.logicalId(stack.api.httpApi));
    expect(found).toHaveLength(1);
    expect(found[0]?.Properties).toMatchObject({
      Statistic: 'Sum',
      Period: 300,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it.each(areas)('fire on %s function errors and throttles', (area) => {
    const construct = stack.api.functions.get(area);
    if (!construct) throw new Error(`no function for ${area}`);
    const functionId = synthesized.logicalId(construct.function);
    for (const metricName of ['Errors', 'Throttles']) {
      const found = alarmOn('AWS/Lambda', metricName, 'FunctionName', functionId);
      expect(found, `${area} ${metricName}`).toHaveLength(1);
      expect(found[0]?.Properties.Threshold).toBe(1);
    }
  });

  it('fire on DynamoDB read or write throttling of the table and of every index', () => {
    const tableId = synthesized.logicalId(stack.data.table);
    const throttle = alarms.find((alarm) => JSON.stringify(alarm.Properties.Metrics ?? '').includes('ThrottleEvents'));
    const metrics = (throttle?.Properties.Metrics ?? []) as {
      Expression?: string;
      MetricStat?: {
        Metric: { MetricName: string; Namespace: string; Dimensions: { Name: string; Value: unknown }[] };
      };
    }[];
    const stats = metrics.flatMap((metric) => (metric.MetricStat ? [metric.MetricStat.Metric] : []));
    const covered = new Set(
      stats.map((metric) => {
        expect(metric.Namespace).toBe('AWS/DynamoDB');
        expect(
          referencedLogicalIds(metric.Dimensions.find((dimension) => dimension.Name === 'TableName')?.Value).has(
            tableId,
          ),
        ).toBe(true);
        const index =
          metric.Dimensions.find((dimension) => dimension.Name === 'GlobalSecondaryIndexName')?.Value ?? 'table';
        return `${String(index)}:${metric.MetricName}`;
      }),
    );
    for (const target of ['table', ...tableDefinition.globalSecondaryIndexes.map((index) => index.indexName)]) {
      expect(covered).toContain(`${target}:ReadThrottleEvents`);
      expect(covered).toContain(`${target}:WriteThrottleEvents`);
    }
    expect(metrics.find((metric) => metric.Expression)?.Expression).toMatch(/FILL\(read0, 0\)/);
  });

  it('fire when password recovery is refused for want of an SMS transport, counted from the auth logs', () => {
    const auth = stack.api.functions.get('auth');
    if (!auth) throw new Error('no auth function');
    const filters = Object.values(synthesized.resources('AWS::Logs::MetricFilter')).filter((filter) =>
      referencedLogicalIds(filter.Properties.LogGroupName).has(synthesized.logicalId(auth.logGroup)),
    );
    expect(filters).toHaveLength(1);
    const filter = filters[0]!.Properties as {
      FilterPattern: string;
      MetricTransformations: { MetricNamespace: string; MetricName: string; MetricValue: string }[];
    };
    expect(filter.FilterPattern).toBe('{ $.alarm = "NotifierUnavailable" }');
    const [transformation] = filter.MetricTransformations;
    expect(transformation).toMatchObject({ MetricName: 'NotifierUnavailable', MetricValue: '1' });
    const found = alarms.filter(
      (alarm) =>
        alarm.Properties.MetricName === 'NotifierUnavailable' &&
        alarm.Properties.Namespace === transformation?.MetricNamespace,
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.Properties).toMatchObject({ Statistic: 'Sum', Threshold: 1, Period: 300 });
  });

  it('all notify the alarm topic, on alarm and on recovery, and missing data is not an outage', () => {
    expect(alarms.length).toBeGreaterThanOrEqual(2 + areas.length * 2);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    }
  });

  it('reach the operator by email when alarmEmail is given', () => {
    synthesized.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: topicId },
    });
  });
});
