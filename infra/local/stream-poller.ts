import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamRecord,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';

import { jobEventSource, type EventSourceSettings } from '@orbit/functions/worker/event-source';
import { jobStreamFilter, matchesFilter, type FilterPattern } from '@orbit/functions/worker/stream-filter';

/**
 * The local stand-in for Lambda's event source mapping on the table's stream: it reads DynamoDB
 * Local's own stream with the real Streams client (DescribeStream, GetShardIterator,
 * GetRecords, shards in parent-before-child order), applies the same filter, and invokes the
 * worker's `streamHandler` with the event Lambda would send, under the same rules
 * (functions/src/worker/event-source.ts): batch size, retries, bisect on error, partial batch
 * responses, a maximum record age, and an on-failure destination (a JSON-lines file in
 * DATA_DIR). Each shard's last handled sequence number is checkpointed in DATA_DIR, so a stack
 * killed with -9 resumes where it stopped: at least once, and the runner's claim makes a repeat
 * harmless. The jobs themselves never leave the table, so a batch given up on loses nothing:
 * the tick still finds them in the due index.
 */

export type StreamHandler = (
  event: DynamoDBStreamEvent,
  context: Context,
) => Promise<DynamoDBBatchResponse | void | undefined>;

export interface StreamPollerOptions {
  readonly tableName: string;
  readonly handler: StreamHandler;
  /** DynamoDB Local's endpoint (it serves the Streams API too); the environment's by default. */
  readonly endpoint?: string;
  /** Where checkpoints and the on-failure file live; in memory when absent. */
  readonly dataDir?: string;
  /** The wait after an empty read. */
  readonly pollIntervalMs?: number;
  /**
   * Subscribes to "the table was just written" (core/db.ts's `onTableWrite`): the poller then
   * reads at once instead of waiting out its interval. Returns the unsubscribe.
   */
  readonly wakeOn?: (wake: () => void) => () => void;
  readonly settings?: Partial<EventSourceSettings>;
  readonly filter?: FilterPattern;
}

/** What Lambda sends an on-failure destination for a stream batch it gave up on. */
export interface StreamFailureRecord {
  readonly requestContext: {
    readonly requestId: string;
    readonly functionArn: string;
    readonly condition: 'RetryAttemptsExhausted' | 'RecordAgeExceeded';
    readonly approximateInvokeCount: number;
  };
  readonly responseContext: { readonly statusCode: number; readonly functionError?: string };
  readonly timestamp: string;
  readonly DDBStreamBatchInfo: {
    readonly shardId: string;
    readonly startSequenceNumber: string;
    readonly endSequenceNumber: string;
    readonly approximateArrivalOfFirstRecord: string;
    readonly approximateArrivalOfLastRecord: string;
    readonly batchSize: number;
    readonly streamArn: string;
  };
}

export interface StreamPoller {
  /** Batches given up on (also appended to DATA_DIR/stream-failures.jsonl). */
  readonly failures: readonly StreamFailureRecord[];
  /** Stops reading: waits for an invocation in flight, never for an idle wait. */
  stop(): Promise<void>;
}

export const checkpointFile = 'stream-checkpoints.json';
/** How long a description of the stream's shards is trusted while none of them closes. */
const shardListMaxAgeMs = 10_000;
export const failureFile = 'stream-failures.jsonl';
const localFunctionArn = 'arn:aws:lambda:us-east-1:000000000000:function:orbit-worker';

interface ShardState {
  sequenceNumber?: string;
  closed?: boolean;
}
type Checkpoints = Record<string, Record<string, ShardState>>;

/** A wait that `signal` cuts short: `stop`, or a write that wakes the poller. */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** The SDK's attribute values are Lambda's JSON, except binary: Lambda sends base64 text. */
const lambdaValue = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(lambdaValue);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, lambdaValue(inner)]));
  return value;
};

/** One record as Lambda hands it over (event source mapping for DynamoDB Streams). */
export const toLambdaRecord = (record: StreamRecord, streamArn: string): DynamoDBRecord => {
  const change = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion ?? process.env.AWS_REGION ?? 'us-east-1',
    eventSourceARN: streamArn,
    dynamodb: {
      ...(change.ApproximateCreationDateTime
        ? { ApproximateCreationDateTime: Math.floor(change.ApproximateCreationDateTime.getTime() / 1000) }
        : {}),
      Keys: lambdaValue(change.Keys) as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      ...(change.NewImage ? { NewImage: lambdaValue(change.NewImage) as Record<string, never> } : {}),
      ...(change.OldImage ? { OldImage: lambdaValue(change.OldImage) as Record<string, never> } : {}),
      SequenceNumber: change.SequenceNumber,
      SizeBytes: change.SizeBytes,
      StreamViewType: change.StreamViewType,
    },
  };
};

/** A Lambda context for one invocation: the remaining time counts down from the function's timeout. */
export const invocationContext = (timeoutSeconds: number, functionName = 'orbit-worker'): Context => {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: localFunctionArn,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

const bySequence = (a: DynamoDBRecord, b: DynamoDBRecord) => {
  const [x, y] = [BigInt(a.dynamodb?.SequenceNumber ?? '0'), BigInt(b.dynamodb?.SequenceNumber ?? '0')];
  return x < y ? -1 : x > y ? 1 : 0;
};

export const startStreamPoller = async (options: StreamPollerOptions): Promise<StreamPoller> => {
  const settings = { ...jobEventSource, ...options.settings };
  const filter = options.filter ?? jobStreamFilter;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const endpoint = options.endpoint ?? process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const tables = new DynamoDBClient(endpoint ? { endpoint } : {});
  const streams = new DynamoDBStreamsClient(endpoint ? { endpoint } : {});
  const stopping = new AbortController();
  const failures: StreamFailureRecord[] = [];

  const { Table: table } = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  tables.destroy();
  const streamArn = table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${options.tableName} has no stream`);

  const checkpointPath = options.dataDir ? join(options.dataDir, checkpointFile) : undefined;
  const checkpoints: Checkpoints =
    checkpointPath && existsSync(checkpointPath)
      ? (JSON.parse(readFileSync(checkpointPath, 'utf8')) as Checkpoints)
      : {};
  const shardStates = (checkpoints[streamArn] ??= {});
  const saveCheckpoints = () => {
    if (!checkpointPath) return;
    // Written aside and renamed: a kill -9 leaves the old file or the new one, never half of one.
    const temporary = `${checkpointPath}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(checkpoints), { mode: 0o600 });
    renameSync(temporary, checkpointPath);
  };
  const recordFailure = (failure: StreamFailureRecord) => {
    failures.push(failure);
    if (options.dataDir)
      appendFileSync(join(options.dataDir, failureFile), `${JSON.stringify(failure)}\n`, { mode: 0o600 });
  };

  const iterators = new Map<string, string | undefined>();

  const describeShards = async (): Promise<Shard[]> => {
    const shards: Shard[] = [];
    let start: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ...(start ? { ExclusiveStartShardId: start } : {}) }),
      );
      shards.push(...(StreamDescription?.Shards ?? []));
      start = StreamDescription?.LastEvaluatedShardId;
    } while (start);
    return shards;
  };

  const iteratorFor = async (shardId: string, fromStart = false): Promise<string | undefined> => {
    const after = fromStart ? undefined : shardStates[shardId]?.sequenceNumber;
    const type: ShardIteratorType = after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON';
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: type,
        ...(after ? { SequenceNumber: after } : {}),
      }),
    );
    return ShardIterator;
  };

  /** One invocation: the failed records Lambda would retry (from the lowest failed one), or 'error'. */
  const invoke = async (batch: DynamoDBRecord[]): Promise<DynamoDBRecord[] | 'error'> => {
    try {
      const response = await options.handler({ Records: batch }, invocationContext(settings.functionTimeoutSeconds));
      const failed = response?.batchItemFailures ?? [];
      if (failed.length === 0 || !settings.reportBatchItemFailures) return [];
      const positions = failed.map((failure) =>
        batch.findIndex((record) => record.dynamodb?.SequenceNumber === failure.itemIdentifier),
      );
      // An identifier that names no record of the batch fails the whole batch, as in Lambda.
      if (positions.some((position) => position < 0)) return batch;
      return batch.slice(Math.min(...positions));
    } catch (error) {
      console.error('[stream-poller] the worker failed a batch:', error instanceof Error ? error.message : error);
      return 'error';
    }
  };

  const giveUp = (
    shardId: string,
    batch: DynamoDBRecord[],
    condition: StreamFailureRecord['requestContext']['condition'],
    invokeCount: number,
  ) => {
    const arrival = (record: DynamoDBRecord | undefined) =>
      new Date((record?.dynamodb?.ApproximateCreationDateTime ?? 0) * 1000).toISOString();
    recordFailure({
      requestContext: {
        requestId: randomUUID(),
        functionArn: localFunctionArn,
        condition,
        approximateInvokeCount: invokeCount,
      },
      responseContext: {
        statusCode: 200,
        ...(condition === 'RetryAttemptsExhausted' ? { functionError: 'Unhandled' } : {}),
      },
      timestamp: new Date().toISOString(),
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: batch[0]?.dynamodb?.SequenceNumber ?? '',
        endSequenceNumber: batch.at(-1)?.dynamodb?.SequenceNumber ?? '',
        approximateArrivalOfFirstRecord: arrival(batch[0]),
        approximateArrivalOfLastRecord: arrival(batch.at(-1)),
        batchSize: batch.length,
        streamArn,
      },
    });
  };

  /**
   * Delivers one batch by the mapping's rules: partial failures are retried from the lowest
   * failed record; a thrown error splits the batch in two (bisect) and each half is retried on
   * its own; after `retryAttempts` the rest goes to the on-failure destination. False when the
   * poller stopped before the batch was settled (so it is not checkpointed).
   */
  const deliver = async (shardId: string, batch: DynamoDBRecord[], retriesLeft: number): Promise<boolean> => {
    let pending = batch;
    let invocations = 0;
    let left = retriesLeft;
    while (pending.length > 0) {
      const oldest = pending[0]?.dynamodb?.ApproximateCreationDateTime;
      if (oldest !== undefined && Date.now() / 1000 - oldest > settings.maxRecordAgeSeconds) {
        giveUp(shardId, pending, 'RecordAgeExceeded', invocations);
        return true;
      }
      invocations += 1;
      const outcome = await invoke(pending);
      if (outcome !== 'error' && outcome.length === 0) return true;
      if (stopping.signal.aborted) return false;
      if (outcome === 'error' && settings.bisectBatchOnError && pending.length > 1) {
        const middle = Math.ceil(pending.length / 2);
        const halves = [pending.slice(0, middle), pending.slice(middle)];
        for (const half of halves) if (!(await deliver(shardId, half, left))) return false;
        return true;
      }
      if (outcome !== 'error') pending = outcome;
      if (left <= 0) {
        giveUp(shardId, pending, 'RetryAttemptsExhausted', invocations);
        return true;
      }
      left -= 1;
      await pause(Math.min(100 * 2 ** invocations, 5_000), stopping.signal);
      if (stopping.signal.aborted) return false;
    }
    return true;
  };

  /** Reads one shard once; true when it had records. */
  const readShard = async (shardId: string): Promise<boolean> => {
    if (!iterators.has(shardId)) iterators.set(shardId, await iteratorFor(shardId));
    const iterator = iterators.get(shardId);
    if (!iterator) {
      (shardStates[shardId] ??= {}).closed = true;
      saveCheckpoints();
      return false;
    }
    let response;
    try {
      response = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: settings.batchSize }));
    } catch (error) {
      if (error instanceof ExpiredIteratorException) {
        iterators.delete(shardId);
        return false;
      }
      if (error instanceof TrimmedDataAccessException) {
        // The checkpoint is older than the stream keeps: read what remains (the tick covers the gap).
        iterators.set(shardId, await iteratorFor(shardId, true));
        return false;
      }
      throw error;
    }
    const records = response.Records ?? [];
    if (records.length > 0) {
      const matching = records
        .map((record) => toLambdaRecord(record, streamArn))
        .filter((record) => matchesFilter(filter, record))
        .sort(bySequence);
      if (matching.length > 0 && !(await deliver(shardId, matching, settings.retryAttempts))) return true;
      (shardStates[shardId] ??= {}).sequenceNumber = records.at(-1)?.dynamodb?.SequenceNumber;
    }
    iterators.set(shardId, response.NextShardIterator);
    if (!response.NextShardIterator) (shardStates[shardId] ??= {}).closed = true;
    if (records.length > 0 || !response.NextShardIterator) saveCheckpoints();
    return records.length > 0;
  };

  /**
   * The stream's shards, described again only when they can have changed: a child shard appears
   * when its parent closes, which reading the parent shows (no next iterator). A description older
   * than `shardListMaxAgeMs` is refreshed anyway, as Lambda's mapping lists shards periodically.
   * Describing before every read (four times a second) was nearly half of what an idle stack
   * asked DynamoDB Local, and a third of its own CPU while idle.
   */
  let shards: Shard[] | undefined;
  let describedAt = 0;
  const currentShards = async (): Promise<Shard[]> => {
    if (!shards || Date.now() - describedAt > shardListMaxAgeMs) {
      shards = await describeShards();
      describedAt = Date.now();
    }
    return shards;
  };
  const closedShards = () => Object.values(shardStates).filter((state) => state.closed).length;

  /** Aborted by a write since the current read began: the wait after that read is skipped or cut short. */
  let written = new AbortController();
  const unsubscribe = options.wakeOn?.(() => written.abort());

  const loop = async () => {
    while (!stopping.signal.aborted) {
      let busy = false;
      written = new AbortController();
      const closedBefore = closedShards();
      try {
        const listed = await currentShards();
        const known = new Set(listed.map((shard) => shard.ShardId));
        for (const shard of listed) {
          const id = shard.ShardId;
          if (!id || shardStates[id]?.closed || stopping.signal.aborted) continue;
          // A child shard waits until its parent is read to the end, so a key's changes stay in order.
          const parent = shard.ParentShardId;
          if (parent && known.has(parent) && !shardStates[parent]?.closed) continue;
          if (await readShard(id)) busy = true;
        }
      } catch (error) {
        if (stopping.signal.aborted) break;
        console.error('[stream-poller] reading the stream failed:', error instanceof Error ? error.message : error);
        shards = undefined;
      }
      // A shard closed: its children (if any) are in the next description, read at once.
      if (closedShards() !== closedBefore) {
        shards = undefined;
        busy = true;
      }
      if (!busy) await pause(pollIntervalMs, AbortSignal.any([stopping.signal, written.signal]));
    }
  };
  const running = loop();

  return {
    failures,
    async stop() {
      unsubscribe?.();
      stopping.abort();
      await running;
      streams.destroy();
    },
  };
};
