import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { batchWrite, db } from '@orbit/functions/core/db';
import { listJobsNeedingAttention, replayJob } from '@orbit/functions/core/jobs/admin';
import type { JobRegistry } from '@orbit/functions/core/jobs/definition';
import { enqueueJob, newJob } from '@orbit/functions/core/jobs/enqueue';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import { PermanentJobError } from '@orbit/functions/core/jobs/errors';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { claimed } from '@orbit/functions/core/jobs/transitions';
import { tableName } from '@orbit/functions/core/table';
import { createWorker } from '@orbit/functions/worker/handler';

import type { LocalStack } from '../../infra/local/stack';
import { invocationContext, startStreamPoller } from '../../infra/local/stream-poller';
import { startApiStack } from '../support/api-stack';

declare module '@orbit/functions/core/jobs/records' {
  interface JobPayloads {
    'test.send': { readonly to: string };
    'test.always-fails': { readonly to: string };
    'test.fails-once': { readonly to: string };
    'test.rerunnable': { readonly to: string };
  }
}

/**
 * Background work end to end on the local stack: jobs written to the table reach the worker
 * through DynamoDB Local's stream (the poller) or the tick, and each outside call is made to a
 * loopback receiver that stands for the world outside and counts what it gets.
 */

interface Received {
  readonly to: string;
  readonly at: number;
}

let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];
const gaveUp: string[] = [];
const failOnce = new Set<string>();

const deliveriesTo = (to: string) => received.filter((entry) => entry.to === to);

/** The outside call every test kind makes: a POST the receiver records. */
const send = async (to: string, signal: AbortSignal) => {
  const response = await fetch(receiverUrl, { method: 'POST', body: JSON.stringify({ to }), signal });
  if (!response.ok) throw new Error(`the receiver answered ${response.status}`);
  return { status: response.status };
};

const registry: JobRegistry = {
  'test.send': {
    delivery: 'at-most-once',
    run: (payload, { signal }) => send(payload.to, signal),
    onGiveUp: async (payload) => {
      gaveUp.push(payload.to);
    },
  },
  'test.always-fails': {
    delivery: 'at-least-once',
    backoff: { baseMs: 100, capMs: 400 },
    run: async (payload, { signal }) => {
      received.push({ to: payload.to, at: Date.now() });
      await send('refuse', signal);
    },
    onGiveUp: async (payload) => {
      gaveUp.push(payload.to);
    },
  },
  'test.fails-once': {
    delivery: 'at-most-once',
    run: async (payload, { signal }) => {
      if (!failOnce.has(payload.to)) {
        failOnce.add(payload.to);
        throw new PermanentJobError('the address was refused');
      }
      return send(payload.to, signal);
    },
  },
  'test.rerunnable': { delivery: 'at-least-once', run: (payload, { signal }) => send(payload.to, signal) },
};

/** Polls until `check` returns something (no fixed sleeps). */
const eventually = async <T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

const readJob = async (id: string): Promise<JobRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobEntity.key(id), ConsistentRead: true }),
  );
  return Item ? jobEntity.fromItem(Item) : undefined;
};

const jobWithStatus = (id: string, status: JobRecord['status']) =>
  eventually(async () => {
    const job = await readJob(id);
    return job?.status === status && !job.hookPending ? job : undefined;
  });

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { to } = JSON.parse(body) as { to: string };
      if (to === 'refuse') {
        response.writeHead(503).end();
        return;
      }
      received.push({ to, at: Date.now() });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

describe('through the stream (the tick is held back)', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await startApiStack({ seed: false, worker: { registry, tickIntervalMs: 3_600_000, pollIntervalMs: 50 } });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('runs a queued job once, records its result, and takes it out of every index', async () => {
    const to = unique('ada');
    const job = await enqueueJob('test.send', { to }, { label: 'Send to Ada' });
    const done = await jobWithStatus(job.id, 'done');
    expect(deliveriesTo(to)).toHaveLength(1);
    expect(done).toMatchObject({ attempts: 1, result: { status: 200 }, version: 3 });
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: jobEntity.key(job.id) }));
    expect(Item).not.toHaveProperty('gsi1pk');
    expect(Item?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
  });

  it('runs a job once when the stream delivers it twice (and the poller a third time)', async () => {
    const to = unique('grace');
    const job = newJob('test.send', { to }, { label: 'Send to Grace' });
    const item = jobEntity.toItem(job);
    await db().send(new PutCommand({ TableName: tableName(), Item: item }));
    const record: DynamoDBRecord = {
      eventName: 'INSERT',
      eventSource: 'aws:dynamodb',
      dynamodb: {
        Keys: marshall(jobEntity.keyOf(job)) as never,
        NewImage: marshall(item, { removeUndefinedValues: true }) as never,
        SequenceNumber: '1',
      },
    };
    const { streamHandler } = createWorker(registry);
    const context = invocationContext(60);
    const responses = await Promise.all([
      streamHandler(
        { Records: [record, { ...record, dynamodb: { ...record.dynamodb, SequenceNumber: '2' } }] },
        context,
      ),
      streamHandler({ Records: [record] }, context),
    ]);
    expect(responses).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    await jobWithStatus(job.id, 'done');
    expect(deliveriesTo(to)).toHaveLength(1);
  });

  it('lists a dead job for admins without its payload, and a replay runs it again', async () => {
    const to = unique('alan');
    const job = await enqueueJob('test.fails-once', { to }, { label: 'Send to Alan' });
    const dead = await jobWithStatus(job.id, 'dead');
    expect(dead.lastError).toBe('PermanentJobError: the address was refused');
    const listed = await eventually(async () =>
      (await listJobsNeedingAttention({ limit: 100 })).items.find((item) => item.id === job.id),
    );
    expect(listed).toEqual({
      id: job.id,
      kind: 'test.fails-once',
      label: 'Send to Alan',
      status: 'dead',
      attempts: 1,
      lastError: 'PermanentJobError: the address was refused',
      createdAt: job.createdAt,
      updatedAt: dead.updatedAt,
    });
    expect(deliveriesTo(to)).toHaveLength(0);

    await expect(replayJob(job.id)).resolves.toMatchObject({ id: job.id, status: 'queued', attempts: 0 });
    await jobWithStatus(job.id, 'done');
    expect(deliveriesTo(to)).toHaveLength(1);
    // Once replayed it is no longer waiting for an admin: a second replay is refused.
    await expect(replayJob(job.id)).rejects.toMatchObject({ status: 409 });
  });

  it('splits a batch that throws until the bad record is alone, and sets it aside in the on-failure record', async () => {
    const label = unique('bisect');
    const seen: string[][] = [];
    // A second poller on the same stream, with a handler that cannot take one record, and
    // tight rules: batches of 4, one retry.
    const poller = await startStreamPoller({
      tableName: tableName(),
      pollIntervalMs: 50,
      settings: { batchSize: 4, retryAttempts: 1 },
      // The four jobs as written: the stack's own worker running them writes them again.
      filter: { eventName: ['INSERT'], dynamodb: { NewImage: { label: { S: [label] } } } },
      handler: async (event) => {
        const batch = event.Records.map(
          (record) => (unmarshall(record.dynamodb?.NewImage as never) as JobRecord<{ to: string }>).payload.to,
        );
        seen.push(batch);
        if (batch.includes('poison')) throw new Error('cannot handle this one');
        return { batchItemFailures: [] };
      },
    });
    try {
      const jobs = ['good-1', 'good-2', 'poison', 'good-3'].map((to) => newJob('test.send', { to }, { label }));
      await batchWrite(jobs.map((job) => ({ put: jobEntity.toItem(job) })));
      const failure = await eventually(() => poller.failures[0]);
      expect(failure.requestContext.condition).toBe('RetryAttemptsExhausted');
      expect(failure.DDBStreamBatchInfo.batchSize).toBe(1);
      expect(seen.filter((batch) => batch.length === 1 && batch[0] === 'poison')).toHaveLength(2);
      // The poison's half may be split with the poison first: good-3 can come after its failure.
      const delivered = await eventually(() => {
        const good = new Set(seen.filter((batch) => !batch.includes('poison')).flat());
        return good.has('good-3') ? good : undefined;
      });
      expect([...delivered].sort()).toEqual(['good-1', 'good-2', 'good-3']);
    } finally {
      await poller.stop();
    }
  });

  it('ends a job of an unregistered kind as dead with a clear error', async () => {
    // A kind no registry knows (say, left behind by a removed feature).
    const job = { ...newJob('test.send', { to: 'nobody' }, { label: 'Unknown kind' }), kind: 'retired.kind' };
    await db().send(new PutCommand({ TableName: tableName(), Item: jobEntity.toItem(job as JobRecord) }));
    const dead = await jobWithStatus(job.id, 'dead');
    expect(dead.lastError).toBe('No worker knows the job kind "retired.kind"');
  });
});

describe('through the tick', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await startApiStack({
      seed: false,
      worker: { registry, tickIntervalMs: 100, pollIntervalMs: 50, settings: { leaseMs: 2_000 } },
    });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('retries a failing job with back-off, then it is dead and listed for admins', async () => {
    const to = unique('failing');
    const job = await enqueueJob('test.always-fails', { to }, { label: 'Always fails', maxAttempts: 3 });
    const dead = await jobWithStatus(job.id, 'dead');
    expect(dead).toMatchObject({ attempts: 3, lastError: 'Error: the receiver answered 503' });
    const attempts = deliveriesTo(to).map((entry) => entry.at);
    expect(attempts).toHaveLength(3);
    expect(attempts).toEqual([...attempts].sort((a, b) => a - b));
    expect(gaveUp).toContain(to);
    const { items } = await listJobsNeedingAttention({ limit: 100 });
    expect(items.find((item) => item.id === job.id)).toMatchObject({ status: 'dead', attempts: 3 });
    expect(items.every((item) => !('payload' in item))).toBe(true);
  });

  it('shows an at-most-once job whose worker died mid-call as unknown, and never runs it again', async () => {
    const to = unique('lapsed');
    // What a worker killed after its claim leaves: running, with a lease that has lapsed.
    const past = new Date(Date.now() - 10_000);
    const job = claimed(newJob('test.send', { to }, { label: 'Cut off', now: past }), past, 1_000);
    await db().send(new PutCommand({ TableName: tableName(), Item: jobEntity.toItem(job) }));
    const unknown = await jobWithStatus(job.id, 'unknown');
    expect(unknown.lastError).toMatch(/lease lapsed/);
    expect(gaveUp).toContain(to);
    expect(deliveriesTo(to)).toHaveLength(0);
    expect((await listJobsNeedingAttention({ limit: 100 })).items.map((item) => item.id)).toContain(job.id);
  });

  it('claims an at-least-once job whose worker died again and runs it', async () => {
    const to = unique('rerun');
    const past = new Date(Date.now() - 10_000);
    const job = claimed(newJob('test.rerunnable', { to }, { label: 'Re-run', now: past }), past, 1_000);
    await db().send(new PutCommand({ TableName: tableName(), Item: jobEntity.toItem(job) }));
    await expect(jobWithStatus(job.id, 'done')).resolves.toMatchObject({ attempts: 2 });
    expect(deliveriesTo(to)).toHaveLength(1);
  });

  it('runs an outcome hook that a dying worker left unrun, then settles the job', async () => {
    const to = unique('hook');
    // Recorded as unknown, but the worker died before onGiveUp ran (a message's ticks).
    const past = new Date(Date.now() - 10_000);
    const job = {
      ...claimed(newJob('test.send', { to }, { label: 'Hook left', now: past }), past, 1_000),
      status: 'unknown' as const,
      hookPending: true,
    };
    await db().send(new PutCommand({ TableName: tableName(), Item: jobEntity.toItem(job) }));
    const settled = await jobWithStatus(job.id, 'unknown');
    expect(settled.leaseUntil).toBeUndefined();
    expect(gaveUp).toContain(to);
    expect(deliveriesTo(to)).toHaveLength(0);
  });

  it('runs a job scheduled for later when it is due, not before', async () => {
    const to = unique('later');
    const runAt = new Date(Date.now() + 1_500);
    const job = await enqueueJob('test.send', { to }, { label: 'Send later', runAt });
    await jobWithStatus(job.id, 'done');
    const [delivery] = deliveriesTo(to);
    expect(deliveriesTo(to)).toHaveLength(1);
    expect(delivery?.at).toBeGreaterThanOrEqual(runAt.getTime());
  });

  it('pages through the attention list, newest first, and refuses a bad cursor or a missing job', async () => {
    const now = Date.now();
    const ids = await Promise.all(
      [0, 1, 2].map(async (offset) => {
        const job = newJob('test.send', { to: 'x' }, { label: `Dead ${offset}`, now: new Date(now + 60_000 + offset) });
        const dead = { ...job, status: 'dead' as const, lastError: 'Error: x' };
        await db().send(new PutCommand({ TableName: tableName(), Item: jobEntity.toItem(dead) }));
        return job.id;
      }),
    );
    const first = await listJobsNeedingAttention({ limit: 2 });
    expect(first.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.cursor).toEqual(expect.any(String));
    const second = await listJobsNeedingAttention({ limit: 2, cursor: first.cursor });
    expect(second.items[0]?.id).toBe(ids[0]);
    await expect(listJobsNeedingAttention({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      status: 400,
      fields: { cursor: ['Invalid cursor'] },
    });
    await expect(replayJob('01NOSUCHJOB')).rejects.toMatchObject({ status: 404 });
  });
});
