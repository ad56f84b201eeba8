import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { listJobsNeedingAttention, replayJob } from '@orbit/functions/core/jobs/admin';
import type { JobRegistry } from '@orbit/functions/core/jobs/definition';
import { enqueueJob, newJob } from '@orbit/functions/core/jobs/enqueue';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import { PermanentJobError } from '@orbit/functions/core/jobs/errors';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { claimed } from '@orbit/functions/core/jobs/transitions';
import { tableName } from '@orbit/functions/core/table';
import { createWorker } from '@orbit/functions/worker/handler';

import { invocationContext } from '../../infra/local/stream-poller';

import { seconds, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';

declare module '@orbit/functions/core/jobs/records' {
  interface JobPayloads {
    'test.send': { readonly to: string };
    'test.always-fails': { readonly to: string };
    'test.fails-once': { readonly to: string };
    'test.rerunnable': { readonly to: string };
  }
}

/**
 * The job runner's rules (docs/background-work.md) in process, on an empty table: a job is
 * claimed once however many runners reach it, its result is recorded and it leaves the due
 * index; failures retry after their back-off (the clock moved past it) and then die; a dead or
 * unknown job is listed for admins and can be replayed; a lapsed claim is unknown or run again
 * by its kind's delivery; a hook a dying worker left unrun is run; a job of an unknown kind dies.
 * drainJobs() is the tick's due-index read; the stream handler is called as Lambda calls it. Each
 * outside call is made to a loopback receiver that stands for the world outside and counts what
 * it gets. How jobs reach the worker through the local stack's stream poller and tick is shown
 * in tests/api/background-work.test.ts.
 */

interface Received {
  readonly to: string;
  readonly at: number;
}

const clock = useTestClock();
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

/** Runs what is due with the test kinds only (the production registry knows none of them). */
const drain = () => drainJobs({ registry });

const readJob = async (id: string): Promise<JobRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: jobEntity.key(id), ConsistentRead: true }),
  );
  return Item ? jobEntity.fromItem(Item) : undefined;
};

const put = (job: JobRecord) => db().send(new PutCommand({ TableName: tableName(), Item: jobEntity.toItem(job) }));

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

describe('claiming and recording', () => {
  it('runs a queued job once, records its result, and takes it out of every index', async () => {
    const to = unique('ada');
    const job = await enqueueJob('test.send', { to }, { label: 'Send to Ada' });
    expect(await drain()).toEqual([{ kind: 'test.send', id: job.id, outcome: 'done' }]);
    expect(deliveriesTo(to)).toHaveLength(1);
    expect(await readJob(job.id)).toMatchObject({ status: 'done', attempts: 1, result: { status: 200 }, version: 3 });
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: jobEntity.key(job.id) }));
    expect(Item).not.toHaveProperty('gsi1pk');
    expect(Item?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    // Nothing is left due: a second pass runs nothing.
    expect(await drain()).toEqual([]);
  });

  it('runs a job once when the stream delivers it twice and the due index a third time', async () => {
    const to = unique('grace');
    const job = newJob('test.send', { to }, { label: 'Send to Grace' });
    const item = jobEntity.toItem(job);
    await put(job);
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
    const [responses] = await Promise.all([
      Promise.all([
        streamHandler(
          { Records: [record, { ...record, dynamodb: { ...record.dynamodb, SequenceNumber: '2' } }] },
          context,
        ),
        streamHandler({ Records: [record] }, context),
      ]),
      drain(),
    ]);
    expect(responses).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(await readJob(job.id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(deliveriesTo(to)).toHaveLength(1);
  });

  it('lists a dead job for admins without its payload, and a replay runs it again', async () => {
    const to = unique('alan');
    const job = await enqueueJob('test.fails-once', { to }, { label: 'Send to Alan' });
    expect((await drain()).map((ran) => ran.outcome)).toEqual(['dead']);
    const dead = await readJob(job.id);
    expect(dead?.lastError).toBe('PermanentJobError: the address was refused');
    const listed = (await listJobsNeedingAttention({ limit: 100 })).items.find((entry) => entry.id === job.id);
    expect(listed).toEqual({
      id: job.id,
      kind: 'test.fails-once',
      label: 'Send to Alan',
      status: 'dead',
      attempts: 1,
      lastError: 'PermanentJobError: the address was refused',
      createdAt: job.createdAt,
      updatedAt: dead?.updatedAt,
    });
    expect(deliveriesTo(to)).toHaveLength(0);

    await expect(replayJob(job.id)).resolves.toMatchObject({ id: job.id, status: 'queued', attempts: 0 });
    expect((await drain()).map((ran) => ran.outcome)).toEqual(['done']);
    expect(deliveriesTo(to)).toHaveLength(1);
    // Once replayed it is no longer waiting for an admin: a second replay is refused.
    await expect(replayJob(job.id)).rejects.toMatchObject({ status: 409 });
  });

  it('ends a job of an unregistered kind as dead with a clear error', async () => {
    // A kind no registry knows (say, left behind by a removed feature).
    const job = { ...newJob('test.send', { to: 'nobody' }, { label: 'Unknown kind' }), kind: 'retired.kind' };
    await put(job as JobRecord);
    expect(await drain()).toEqual([{ kind: 'retired.kind', id: job.id, outcome: 'dead' }]);
    expect((await readJob(job.id))?.lastError).toBe('No worker knows the job kind "retired.kind"');
  });
});

describe('retries, lapsed claims and schedules', () => {
  it('retries a failing job with back-off, then it is dead and listed for admins', async () => {
    const to = unique('failing');
    const job = await enqueueJob('test.always-fails', { to }, { label: 'Always fails', maxAttempts: 3 });
    // The jitter's draw fixed at half: waits of 50 ms, then 100 ms (base 100 ms, doubling).
    const drawn = { registry, settings: { random: () => 0.5 } };
    const outcomes: string[] = [];
    const retryAt: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      outcomes.push(...(await drainJobs(drawn)).map((ran) => ran.outcome));
      const current = await readJob(job.id);
      if (current?.status !== 'retrying') break;
      retryAt.push(Date.parse(current.runAt));
      // Not before its back-off: nothing runs until the clock passes it.
      expect(await drainJobs(drawn)).toEqual([]);
      clock.advance(Date.parse(current.runAt) - Date.now());
    }
    expect(outcomes).toEqual(['retrying', 'retrying', 'dead']);
    expect(await readJob(job.id)).toMatchObject({
      status: 'dead',
      attempts: 3,
      lastError: 'Error: the receiver answered 503',
    });
    const attempts = deliveriesTo(to).map((entry) => entry.at);
    expect(attempts).toHaveLength(3);
    expect(retryAt.map((at, index) => at - (attempts[index] ?? 0))).toEqual([50, 100]);
    expect(attempts.slice(1)).toEqual(retryAt);
    expect(gaveUp).toContain(to);
    const { items } = await listJobsNeedingAttention({ limit: 100 });
    expect(items.find((item) => item.id === job.id)).toMatchObject({ status: 'dead', attempts: 3 });
    expect(items.every((item) => !('payload' in item))).toBe(true);
  });

  it('shows an at-most-once job whose worker died mid-call as unknown, and never runs it again', async () => {
    const to = unique('lapsed');
    // What a worker killed after its claim leaves: running, with a lease that has lapsed.
    const past = new Date(Date.now() - 10 * seconds);
    const job = claimed(newJob('test.send', { to }, { label: 'Cut off', now: past }), past, 1_000);
    await put(job);
    expect((await drain()).map((ran) => ran.outcome)).toEqual(['unknown']);
    const unknown = await readJob(job.id);
    expect(unknown).toMatchObject({ status: 'unknown' });
    expect(unknown?.hookPending).toBeFalsy();
    expect(unknown?.lastError).toMatch(/lease lapsed/);
    expect(gaveUp).toContain(to);
    expect(deliveriesTo(to)).toHaveLength(0);
    expect((await listJobsNeedingAttention({ limit: 100 })).items.map((item) => item.id)).toContain(job.id);
  });

  it('claims an at-least-once job whose worker died again and runs it', async () => {
    const to = unique('rerun');
    const past = new Date(Date.now() - 10 * seconds);
    const job = claimed(newJob('test.rerunnable', { to }, { label: 'Re-run', now: past }), past, 1_000);
    await put(job);
    expect((await drain()).map((ran) => ran.outcome)).toEqual(['done']);
    expect(await readJob(job.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(deliveriesTo(to)).toHaveLength(1);
  });

  it('runs an outcome hook that a dying worker left unrun, then settles the job', async () => {
    const to = unique('hook');
    // Recorded as unknown, but the worker died before onGiveUp ran (a message's ticks).
    const past = new Date(Date.now() - 10 * seconds);
    const job = {
      ...claimed(newJob('test.send', { to }, { label: 'Hook left', now: past }), past, 1_000),
      status: 'unknown' as const,
      hookPending: true,
    };
    await put(job);
    await drain();
    const settled = await readJob(job.id);
    expect(settled).toMatchObject({ status: 'unknown' });
    expect(settled?.hookPending).toBeFalsy();
    expect(settled?.leaseUntil).toBeUndefined();
    expect(gaveUp).toContain(to);
    expect(deliveriesTo(to)).toHaveLength(0);
  });

  it('runs a job scheduled for later when it is due, not before', async () => {
    const to = unique('later');
    const runAt = new Date(Date.now() + 90 * seconds);
    const job = await enqueueJob('test.send', { to }, { label: 'Send later', runAt });
    clock.advance(89 * seconds);
    expect(await drain()).toEqual([]);
    expect(deliveriesTo(to)).toHaveLength(0);
    clock.advance(1 * seconds);
    expect(await drain()).toEqual([{ kind: 'test.send', id: job.id, outcome: 'done' }]);
    const [delivery] = deliveriesTo(to);
    expect(deliveriesTo(to)).toHaveLength(1);
    expect(delivery?.at).toBeGreaterThanOrEqual(runAt.getTime());
  });

  it('pages through the attention list, newest first, and refuses a bad cursor or a missing job', async () => {
    const now = Date.now();
    const ids = await Promise.all(
      [0, 1, 2].map(async (offset) => {
        const job = newJob('test.send', { to: 'x' }, { label: `Dead ${offset}`, now: new Date(now + 60_000 + offset) });
        await put({ ...job, status: 'dead' as const, lastError: 'Error: x' });
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
