import { describe, expect, it } from 'vitest';

import { invocationContext, toLambdaRecord } from './stream-poller';
import { scheduledEvent } from './tick';

describe('the local worker events', () => {
  it('hands a stream record over in the shape Lambda sends (binary as base64, time in seconds)', () => {
    const record = toLambdaRecord(
      {
        eventID: 'e1',
        eventName: 'INSERT',
        eventVersion: '1.1',
        eventSource: 'aws:dynamodb',
        awsRegion: 'us-east-1',
        dynamodb: {
          ApproximateCreationDateTime: new Date('2026-11-24T10:00:00.500Z'),
          Keys: { pk: { S: 'JOB#1' }, sk: { S: 'JOB' } },
          NewImage: { pk: { S: 'JOB#1' }, blob: { B: new Uint8Array([1, 2, 3]) }, n: { N: '3' } },
          SequenceNumber: '000000000000000000042',
          SizeBytes: 42,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
      },
      'arn:aws:dynamodb:ddblocal:000000000000:table/orbit/stream/x',
    );
    expect(record).toEqual({
      eventID: 'e1',
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'us-east-1',
      eventSourceARN: 'arn:aws:dynamodb:ddblocal:000000000000:table/orbit/stream/x',
      dynamodb: {
        ApproximateCreationDateTime: Math.floor(Date.parse('2026-11-24T10:00:00Z') / 1000),
        Keys: { pk: { S: 'JOB#1' }, sk: { S: 'JOB' } },
        NewImage: { pk: { S: 'JOB#1' }, blob: { B: 'AQID' }, n: { N: '3' } },
        SequenceNumber: '000000000000000000042',
        SizeBytes: 42,
        StreamViewType: 'NEW_AND_OLD_IMAGES',
      },
    });
  });

  it('gives the handler a context whose remaining time counts down from the timeout', () => {
    const context = invocationContext(60);
    expect(context.getRemainingTimeInMillis()).toBeLessThanOrEqual(60_000);
    expect(context.getRemainingTimeInMillis()).toBeGreaterThan(59_000);
  });

  it('ticks with the event an EventBridge schedule sends', () => {
    expect(scheduledEvent(new Date('2026-11-24T10:00:00.123Z'))).toMatchObject({
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      time: '2026-11-24T10:00:00Z',
      detail: {},
    });
  });
});
