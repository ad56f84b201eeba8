import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  DynamoDBDocumentClient,
  paginateQuery,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

import type { TableKey } from './entity';
import { tableName } from './table';

/**
 * The document client, created once per process and reused across invocations. Where it
 * points comes from the standard SDK environment (AWS_REGION, AWS_ENDPOINT_URL_DYNAMODB), so a
 * handler never knows whether it talks to DynamoDB or to DynamoDB Local.
 */
let client: DynamoDBDocumentClient | undefined;

/**
 * Who wants to know that this process has just written to the table. The local stack's stream
 * poller (infra/local/stream-poller.ts) reads the stream at once instead of at its next idle
 * poll; on Lambda nobody listens.
 */
const writeListeners = new Set<() => void>();

export const onTableWrite = (listener: () => void): (() => void) => {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
};

const writeCommand = /^(Put|Update|Delete|BatchWrite|TransactWrite)(Item|Items)?Command$/;

export const db = (): DynamoDBDocumentClient => {
  if (!client) {
    client = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
      marshallOptions: { removeUndefinedValues: true },
    });
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const result = await next(args);
        if (writeListeners.size > 0 && writeCommand.test(context.commandName ?? '')) {
          for (const listener of writeListeners) listener();
        }
        return result;
      },
      { step: 'initialize', name: 'tableWriteListeners' },
    );
  }
  return client;
};

/**
 * Drops the cached client so the next call reads the environment again. Only a process that
 * starts more than one local stack in turn (tests) needs it.
 */
export const resetDocumentClient = (): void => {
  client?.destroy();
  client = undefined;
};

/**
 * Every item a Query matches, page after page (the SDK's paginator follows LastEvaluatedKey).
 * For queries whose key bounds them: a person's sessions or chats, a role's users. `Item` is
 * what the caller stored under that key (the table does not check it).
 */
export const queryAll = async <Item = Record<string, unknown>>(input: QueryCommandInput): Promise<Item[]> => {
  const items: Item[] = [];
  for await (const page of paginateQuery({ client: db() }, input)) items.push(...((page.Items ?? []) as Item[]));
  return items;
};

/** True when a conditional write lost (the item changed or already exists). */
/**
 * One page of a partition's items under `skPrefix`, newest (highest sort key) first, strictly
 * before `beforeSk` when given; `more` says whether an older page exists. Reads one item more
 * than it returns to know, and one more again after a cursor: BETWEEN includes the cursor's
 * own item, which is dropped here.
 */
export const queryNewestFirst = async (input: {
  readonly pk: string;
  readonly skPrefix: string;
  readonly beforeSk?: string | undefined;
  readonly limit: number;
}): Promise<{ items: Record<string, unknown>[]; more: boolean }> => {
  const { pk, skPrefix, beforeSk, limit } = input;
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: beforeSk
        ? 'pk = :pk AND sk BETWEEN :from AND :before'
        : 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: beforeSk
        ? { ':pk': pk, ':from': skPrefix, ':before': beforeSk }
        : { ':pk': pk, ':prefix': skPrefix },
      ScanIndexForward: false,
      Limit: limit + (beforeSk ? 2 : 1),
    }),
  );
  const older = beforeSk ? Items.filter((item) => item.sk !== beforeSk) : Items;
  return { items: older.slice(0, limit), more: older.length > limit };
};

export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' ||
    (error.name === 'TransactionCanceledException' && /ConditionalCheckFailed/.test(error.message)));

/** Which items of a cancelled transaction failed their condition, by index. */
export const cancelledConditionIndexes = (error: unknown): number[] => {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
};

/* ---------- Conditional writes and retries ---------- */

/**
 * A conditional write lost: the item changed, exists already, or is missing. `labels` name the
 * parts of a transaction whose condition failed (as the repository labelled them), so a service
 * can say why; `['conflict']` when a transaction kept colliding with others until the retries
 * ran out. The one data-layer failure: repositories throw it, services turn it into 404/409/….
 */
export class ConditionFailed extends Error {
  constructor(
    readonly labels: readonly string[],
    options?: { cause?: unknown },
  ) {
    super(`Conditional write failed: ${labels.join(', ') || 'unknown'}`, options);
    this.name = 'ConditionFailed';
  }

  /** Whether the part labelled `label` is among those that failed. */
  failed(label: string): boolean {
    return this.labels.includes(label);
  }
}

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number;
  /** The first wait; each later one doubles, up to `maxDelayMs`. */
  readonly baseDelayMs: number;
  readonly maxDelayMs?: number;
  /** Whether a failure is worth another attempt (default: every failure). */
  readonly retryOn?: (error: unknown) => boolean;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Exponential back-off with full jitter: a random wait up to base x 2^(attempt-1), capped. */
export const backoffDelay = (policy: RetryPolicy, attempt: number, random = Math.random): number =>
  random() * Math.min(policy.maxDelayMs ?? Number.POSITIVE_INFINITY, policy.baseDelayMs * 2 ** (attempt - 1));

/**
 * Runs `operation` until it succeeds, a failure is not worth retrying, or the attempts run out
 * (then the last failure is thrown). `operation` gets the attempt number, from 1.
 */
export const retry = async <T>(policy: RetryPolicy, operation: (attempt: number) => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt >= policy.attempts || !(policy.retryOn?.(error) ?? true)) throw error;
      await wait(backoffDelay(policy, attempt));
    }
  }
};

/** Thrown by an attempt that should be retried (see `retry`); carries no data. */
export class TryAgain extends Error {
  constructor(reason = 'try again') {
    super(reason);
    this.name = 'TryAgain';
  }
}
export const isTryAgain = (error: unknown): boolean => error instanceof TryAgain;

const isTransactionConflict = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TransactionConflictException') return true;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return (
    error.name === 'TransactionCanceledException' && reasons.some((reason) => reason.Code === 'TransactionConflict')
  );
};

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** One part of a transaction, labelled so a lost condition can be named. */
export interface TransactionPart {
  readonly label: string;
  readonly item: TransactItem;
}

/** DynamoDB cancels transactions that touch an item another one has in flight: retry those. */
const transactionConflictRetry: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 20,
  maxDelayMs: 400,
  retryOn: isTransactionConflict,
};

/**
 * A transaction of labelled parts. A failed condition is never retried: it becomes
 * ConditionFailed with the failing parts' labels. A collision with another transaction in flight
 * is retried with back-off (`conflictRetry`: more attempts for writers that share a hot item on
 * purpose), and becomes ConditionFailed(['conflict']) if it lasts.
 */
export const transactWrite = async (
  parts: readonly TransactionPart[],
  conflictRetry: Omit<RetryPolicy, 'retryOn'> = transactionConflictRetry,
): Promise<void> => {
  try {
    await retry({ ...conflictRetry, retryOn: isTransactionConflict }, async () => {
      try {
        await db().send(new TransactWriteCommand({ TransactItems: parts.map(({ item }) => item) }));
      } catch (error) {
        const failed = cancelledConditionIndexes(error);
        if (failed.length > 0 || (isConditionFailure(error) && !isTransactionConflict(error))) {
          throw new ConditionFailed(
            failed.map((index) => parts[index]?.label ?? 'unknown'),
            { cause: error },
          );
        }
        throw error;
      }
    });
  } catch (error) {
    if (isTransactionConflict(error)) throw new ConditionFailed(['conflict'], { cause: error });
    throw error;
  }
};

/** A single conditional write (Put, Update or Delete): ConditionFailed([label]) when it loses. */
export const writeIf = async <T>(label: string, write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isConditionFailure(error)) throw new ConditionFailed([label], { cause: error });
    throw error;
  }
};

export const putPart = (label: string, item: Record<string, unknown>, condition?: string): TransactionPart => ({
  label,
  item: { Put: { TableName: tableName(), Item: item, ...(condition ? { ConditionExpression: condition } : {}) } },
});

export const deletePart = (label: string, key: TableKey, condition?: string): TransactionPart => ({
  label,
  item: { Delete: { TableName: tableName(), Key: key, ...(condition ? { ConditionExpression: condition } : {}) } },
});

/* ---------- Batches ---------- */

/** Unprocessed batch items come back when the table is busy: wait and send them again. */
const unprocessedRetry = { attempts: 8, baseDelayMs: 20, maxDelayMs: 1000 } as const;

/**
 * Writes (puts and deletes) with BatchWriteItem, 25 at a time, `concurrency` batches in flight,
 * sending unprocessed items again with back-off. For bulk loads and clean-ups, never for writes
 * that must agree with others (those are transactions).
 */
export const batchWrite = async (
  requests: readonly ({ put: Record<string, unknown> } | { delete: TableKey })[],
  concurrency = 1,
): Promise<void> => {
  const batches: (typeof requests)[] = [];
  for (let start = 0; start < requests.length; start += 25) batches.push(requests.slice(start, start + 25));
  let next = 0;
  const worker = async () => {
    for (let batch = batches[next++]; batch; batch = batches[next++]) {
      let pending: Record<string, unknown>[] = batch.map((request) =>
        'put' in request ? { PutRequest: { Item: request.put } } : { DeleteRequest: { Key: request.delete } },
      );
      await retry({ ...unprocessedRetry, retryOn: isTryAgain }, async () => {
        const response: BatchWriteCommandOutput = await db().send(
          new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }),
        );
        pending = (response.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
        if (pending.length > 0) throw new TryAgain('unprocessed batch items');
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
};

/**
 * Items by key with BatchGetItem, 100 at a time, asking again for unprocessed keys with
 * back-off. Returns the items found (in no particular order).
 */
export const batchGet = async (
  keys: readonly TableKey[],
  options: { consistent?: boolean; projection?: { expression: string; names?: Record<string, string> } } = {},
): Promise<Record<string, unknown>[]> => {
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < keys.length; start += 100) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + 100).map((key) => ({ ...key }));
    await retry({ ...unprocessedRetry, retryOn: isTryAgain }, async () => {
      const response: BatchGetCommandOutput = await db().send(
        new BatchGetCommand({
          RequestItems: {
            [tableName()]: {
              Keys: pending,
              ...(options.consistent ? { ConsistentRead: true } : {}),
              ...(options.projection
                ? {
                    ProjectionExpression: options.projection.expression,
                    ...(options.projection.names ? { ExpressionAttributeNames: options.projection.names } : {}),
                  }
                : {}),
            },
          },
        }),
      );
      found.push(...(response.Responses?.[tableName()] ?? []));
      pending = (response.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Record<string, unknown>[];
      if (pending.length > 0) throw new TryAgain('unprocessed batch keys');
    });
  }
  return found;
};
