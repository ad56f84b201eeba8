import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { batchWrite, db } from '@orbit/functions/core/db';
import type { JobRegistry } from '@orbit/functions/core/jobs/definition';
import { enqueueJob, newJob } from '@orbit/functions/core/jobs/enqueue';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { tableName } from '@orbit/functions/core/table';

import type { LocalStack } from '../../infra/local/stack';
import { startStreamPoller } from '../../infra/local/stream-poller';
import { startApiStack } from '../support/api-stack';

declare module '@orbit/functions/core/jobs/records' {
  interface JobPayloads {
    'test.send': { readonly to: string };
  }
}

/**
 * Background work's wiring on the local stack: a job written to the table reaches the worker
 * through DynamoDB Local's stream (the poller, which splits a failing batch as Lambda does) or,
 * when it is due later, through the tick. Each outside call is made to a loopback receiver that
 * stands for the world outside and counts what it gets. The runner's rules (claims, retries,
 * lapsed leases, hooks, the attention list, replay) are in tests/service/background-work.test.ts,
 * where drainJobs() and the test clock stand in for the poller, the tick and the waits.
 */

interface Received {
  readonly to: string;
  readonly at: number;
}

let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];

const deliveriesTo = (to: string) => received.filter((entry) => entry.to === to);

/** The outside call every test kind makes: a POST the receiver records. */
const send = async (to: string, signal: AbortSignal) => {
  const response = await fetch(receiverUrl, { method: 'POST', body: JSON.stringify({ to }), signal });
  if (!response.ok) throw new Error(`the receiver answered ${response.status}`);
  return { status: response.status };
};

const registry: JobRegistry = {
  'test.send': { delivery: 'at-most-once', run: (payload, { signal }) => send(payload.to, signal) },
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
    // An idle poll an hour apart: the stack's own writes wake the poller (core/db.ts, onTableWrite).
    stack = await startApiStack({
      seed: false,
      worker: { registry, tickIntervalMs: 3_600_000, pollIntervalMs: 3_600_000 },
    });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('runs a queued job once, as soon as it is written, records its result, and takes it out of every index', async () => {
    const to = unique('ada');
    const job = await enqueueJob('test.send', { to }, { label: 'Send to Ada' });
    const done = await jobWithStatus(job.id, 'done');
    expect(deliveriesTo(to)).toHaveLength(1);
    expect(done).toMatchObject({ attempts: 1, result: { status: 200 }, version: 3 });
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: jobEntity.key(job.id) }));
    expect(Item).not.toHaveProperty('gsi1pk');
    expect(Item?.expiresAt).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
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
});

describe('the poller, idle', () => {
  let stack: LocalStack;
  let proxy: Server;
  /** What the poller asked DynamoDB Local, by operation (X-Amz-Target), through a counting proxy. */
  const asked = new Map<string, number>();
  beforeAll(async () => {
    stack = await startApiStack({ seed: false, worker: { registry, tickIntervalMs: 3_600_000 } });
    const store = new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '');
    proxy = createServer((request, response) => {
      const operation =
        String(request.headers['x-amz-target'] ?? '')
          .split('.')
          .at(-1) ?? '';
      asked.set(operation, (asked.get(operation) ?? 0) + 1);
      const forward = httpRequest(
        { host: store.hostname, port: store.port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await stack.stop();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('reads the open shard each time, and lists the shards again only now and then', async () => {
    const poller = await startStreamPoller({
      tableName: tableName(),
      endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      pollIntervalMs: 10,
      filter: { eventName: ['INSERT'], dynamodb: { NewImage: { label: { S: [unique('none')] } } } },
      handler: async () => ({ batchItemFailures: [] }),
    });
    try {
      await eventually(() => (asked.get('GetRecords') ?? 0) >= 30 || undefined);
      expect(asked.get('DescribeStream')).toBe(1);
    } finally {
      await poller.stop();
    }
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

  it('runs a job scheduled for later when it is due, not before', async () => {
    const to = unique('later');
    const runAt = new Date(Date.now() + 1_500);
    const job = await enqueueJob('test.send', { to }, { label: 'Send later', runAt });
    await jobWithStatus(job.id, 'done');
    const [delivery] = deliveriesTo(to);
    expect(deliveriesTo(to)).toHaveLength(1);
    expect(delivery?.at).toBeGreaterThanOrEqual(runAt.getTime());
  });
});
