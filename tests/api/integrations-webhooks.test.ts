import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type {
  Webhook as WebhookView,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookDeliverySummary,
  WebhookWithSecret,
} from '@orbit/functions/integrations/webhook-contract';

import type { LocalStack } from '../../infra/local/stack';
import {
  ApiClient,
  demo,
  registerNewClient,
  signInDemoUsers,
  startApiStack,
  type ApiResponse,
} from '../support/api-stack';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * Outgoing webhooks over HTTP against the local stack and its worker (docs/integrations.md,
 * "Webhooks"): subscriptions and their secret, test events, the retry schedule, the log, replay,
 * rotation, and turning an endpoint off and on. The receiver is a loopback fake, which this file
 * allows (WEBHOOK_ALLOW_LOOPBACK, as no deployed stack does); the schedule is shortened to
 * 200 ms doubling up to 1 s (WEBHOOK_RETRY_*) and the tick runs every 100 ms.
 */
process.env.WEBHOOK_ALLOW_LOOPBACK = '1';
process.env.WEBHOOK_RETRY_BASE_MS = '200';
process.env.WEBHOOK_RETRY_CAP_MS = '1000';
process.env.JOB_TICK_INTERVAL_MS = '100';

let stack: LocalStack;
let admin: ApiClient;
let manager: ApiClient;
let receiver: WebhookReceiver;
let clientAId: string;
const patience = { timeout: 60_000, interval: 100 } as const;
const base = '/api/apps/integrations/webhooks';

beforeAll(async () => {
  stack = await startApiStack();
  const demoUsers = await signInDemoUsers(stack.url);
  admin = demoUsers.admin;
  clientAId = demoUsers.ids.clientA;
  manager = new ApiClient(stack.url);
  await manager.signIn(demo.manager.phone, demo.manager.password);
  receiver = await WebhookReceiver.start();
});

afterAll(async () => {
  await receiver?.stop();
  await stack?.stop();
});

const create = async (body: Record<string, unknown>): Promise<WebhookWithSecret> => {
  const response = await admin.request<WebhookWithSecret>('POST', base, { body });
  expect(response.status).toBe(201);
  return response.body;
};

/** A subscription of its own, at its own path on the receiver (so each test reads only its requests). */
const subscribe = (path: string, events: string[] = ['project.created']) =>
  create({ url: `${receiver.url}/${path}`, events, description: path });

const sendTest = async (id: string): Promise<WebhookDeliverySummary> => {
  const response = await admin.request<{ delivery: WebhookDeliverySummary }>('POST', `${base}/${id}/test`);
  expect(response.status).toBe(202);
  return response.body.delivery;
};

const readDelivery = async (webhookId: string, deliveryId: string): Promise<WebhookDelivery> => {
  const response = await admin.request<{ delivery: WebhookDelivery }>(
    'GET',
    `${base}/${webhookId}/deliveries/${deliveryId}`,
  );
  expect(response.status).toBe(200);
  return response.body.delivery;
};

const settled = (webhookId: string, deliveryId: string, status: 'delivered' | 'failed') =>
  vi.waitFor(async () => {
    const delivery = await readDelivery(webhookId, deliveryId);
    expect(delivery.status).toBe(status);
    return delivery;
  }, patience);

describe('subscriptions', () => {
  it('answers the secret once, never again, and lists, reads, edits from the version read and deletes', async () => {
    const { webhook, secret } = await subscribe('crud');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    expect(webhook).toMatchObject({
      enabled: true,
      events: ['project.created'],
      secretHint: `${secret.slice(0, 10)}…`,
    });

    const listed = await admin.request<{ webhooks: WebhookView[] }>('GET', base);
    const read = await admin.request<{ webhook: WebhookView }>('GET', `${base}/${webhook.id}`);
    expect(listed.body.webhooks.map((item) => item.id)).toContain(webhook.id);
    expect(read.body.webhook).toEqual(webhook);
    for (const body of [listed.body, read.body]) {
      expect(JSON.stringify(body)).not.toContain(secret.slice(6));
      expect(JSON.stringify(body)).not.toMatch(/sealed|aes:/);
    }

    const edited = await admin.request<{ webhook: WebhookView }>('PATCH', `${base}/${webhook.id}`, {
      body: { version: webhook.version, events: ['task.moved', 'project.updated'], description: 'Edited' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.webhook).toMatchObject({ events: ['task.moved', 'project.updated'], version: 2 });
    const stale = await admin.request<{ current: { webhook: WebhookView } }>('PATCH', `${base}/${webhook.id}`, {
      body: { version: webhook.version, description: 'Lost' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current.webhook).toEqual(edited.body.webhook);

    expect((await admin.request('DELETE', `${base}/${webhook.id}`)).status).toBe(204);
    expect((await admin.request('GET', `${base}/${webhook.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `${base}/${webhook.id}`)).status).toBe(404);
  });

  it('refuses bad input with 400 and the field, storing nothing', async () => {
    const before = (await admin.request<{ webhooks: WebhookView[] }>('GET', base)).body.webhooks.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'not a url', events: ['project.created'] }, 'url'],
      [{ url: 'ftp://93.184.215.14/x', events: ['project.created'] }, 'url'],
      [{ url: `${receiver.url}/x`, events: [] }, 'events'],
      [{ url: `${receiver.url}/x`, events: ['project.deleted'] }, 'events.0'],
      [{ url: `${receiver.url}/x`, events: ['task.moved', 'task.moved'] }, 'events'],
      [{ url: 'http://10.0.0.1/x', events: ['task.moved'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.request<{ errors: Record<string, string[]> }>('POST', base, { body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.errors)).toContain(field);
    }
    expect((await admin.request<{ webhooks: WebhookView[] }>('GET', base)).body.webhooks).toHaveLength(before);
  });

  it('is the administrator’s alone', async () => {
    expect((await manager.request('GET', base)).status).toBe(403);
    expect(
      (await manager.request('POST', base, { body: { url: `${receiver.url}/m`, events: ['task.moved'] } })).status,
    ).toBe(403);
  });
});

describe('deliveries', () => {
  it('delivers a test event signed per Standard Webhooks, with the delivery id as webhook-id', async () => {
    const { webhook, secret } = await subscribe('test-event');
    const summary = await sendTest(webhook.id);
    expect(summary).toMatchObject({ eventType: 'webhook.test', status: 'pending', webhookId: webhook.id });
    const received = await receiver.waitFor((item) => item.headers['webhook-id'] === summary.id);
    expect(() => new Webhook(secret).verify(received.rawBody, received.headers)).not.toThrow();
    expect(received.headers['user-agent']).toBe('Orbit-Webhooks/1');
    expect(received.body).toMatchObject({
      type: 'webhook.test',
      eventId: summary.eventId,
      version: 1,
      timestamp: expect.any(String),
      data: { webhookId: webhook.id },
    });
    const delivery = await settled(webhook.id, summary.id, 'delivered');
    expect(delivery.attemptLog).toHaveLength(1);
    expect(delivery.attemptLog[0]).toMatchObject({
      number: 1,
      statusCode: 200,
      requestBody: received.rawBody,
      responseBody: '{}',
      requestHeaders: { 'webhook-id': summary.id, 'webhook-signature': received.headers['webhook-signature'] },
    });
  });

  it('fans a real event out to each enabled subscription that wants it, once', async () => {
    const wants = await subscribe('fan-wants', ['project.created']);
    const other = await subscribe('fan-other', ['task.moved']);
    const off = await create({ url: `${receiver.url}/fan-off`, events: ['project.created'], enabled: false });
    const name = `Webhook fan-out ${Date.now()}`;
    const project = await admin.request('POST', '/api/apps/projects', {
      body: { type: 'development', name, clientId: clientAId },
    });
    expect(project.status).toBe(201);
    // The delivery id names the event and the subscription (`msg_<event>_<subscription>`).
    const received = await receiver.waitFor(
      (item) =>
        (item.body as { data?: { name?: string } }).data?.name === name &&
        (item.headers['webhook-id'] ?? '').endsWith(wants.webhook.id.slice(4)),
    );
    expect(() => new Webhook(wants.secret).verify(received.rawBody, received.headers)).not.toThrow();
    await vi.waitFor(async () => {
      const log = await admin.request<WebhookDeliveryList>(
        'GET',
        `${base}/${wants.webhook.id}/deliveries?status=delivered`,
      );
      expect(log.body.deliveries.map((item) => item.eventType)).toContain('project.created');
    }, patience);
    for (const quiet of [other, off]) {
      const log = await admin.request<WebhookDeliveryList>('GET', `${base}/${quiet.webhook.id}/deliveries`);
      expect(log.body.deliveries).toEqual([]);
    }
    expect(
      receiver.received.filter((item) => item.headers['webhook-id'] === received.headers['webhook-id']),
    ).toHaveLength(1);
  });

  it('retries a failing receiver on the back-off schedule and delivers, every attempt under one webhook-id', async () => {
    const { webhook, secret } = await subscribe('retries');
    receiver.respondWith(503, 3);
    const summary = await sendTest(webhook.id);
    const delivery = await settled(webhook.id, summary.id, 'delivered');
    expect(delivery.attempts).toBe(4);
    expect(delivery.attemptLog.map((attempt) => attempt.statusCode)).toEqual([503, 503, 503, 200]);
    const times = delivery.attemptLog.map((attempt) => Date.parse(attempt.at));
    delivery.attemptLog.slice(0, 3).forEach((attempt, index) => {
      const nominal = 200 * 2 ** index;
      const planned = Date.parse(attempt.nextAttemptAt ?? '');
      expect(planned - times[index]!).toBeGreaterThanOrEqual(nominal);
      expect(planned - times[index]!).toBeLessThanOrEqual(nominal * 1.2 + 1);
      expect(times[index + 1]).toBeGreaterThanOrEqual(planned);
      expect(attempt.error).toBe('HTTP 503');
    });
    expect(delivery.attemptLog[3]?.nextAttemptAt).toBeUndefined();
    const arrivals = receiver.received.filter((item) => item.headers['webhook-id'] === summary.id);
    expect(arrivals).toHaveLength(4);
    for (const arrival of arrivals)
      expect(() => new Webhook(secret).verify(arrival.rawBody, arrival.headers)).not.toThrow();
  });

  it('refuses to replay a delivery still being attempted, and replays a finished one under the same webhook-id', async () => {
    const { webhook } = await subscribe('replay');
    let answering = false;
    receiver.answerWith((item) =>
      answering || !(item.headers['webhook-id'] ?? '').endsWith(webhook.id.slice(4))
        ? { status: 200 }
        : { status: 503 },
    );
    const summary = await sendTest(webhook.id);
    await vi.waitFor(
      async () => expect((await readDelivery(webhook.id, summary.id)).attempts).toBeGreaterThan(0),
      patience,
    );
    const early = await admin.request('POST', `${base}/${webhook.id}/deliveries/${summary.id}/replay`);
    expect(early.status).toBe(409);
    answering = true;
    const first = await settled(webhook.id, summary.id, 'delivered');

    const replayed = await admin.request<{ delivery: WebhookDeliverySummary }>(
      'POST',
      `${base}/${webhook.id}/deliveries/${summary.id}/replay`,
    );
    expect(replayed.status).toBe(202);
    expect(replayed.body.delivery).toMatchObject({ id: summary.id, status: 'pending' });
    await vi.waitFor(async () => {
      const delivery = await readDelivery(webhook.id, summary.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: first.attempts + 1 });
    }, patience);
    const arrivals = receiver.received.filter((item) => item.headers['webhook-id'] === summary.id);
    expect(arrivals).toHaveLength(first.attempts + 1);
    expect(new Set(arrivals.map((item) => item.rawBody)).size).toBe(1);
    expect((await admin.request('POST', `${base}/${webhook.id}/deliveries/msg_nope/replay`)).status).toBe(404);
    receiver.answerWith(() => ({ status: 200 }));
  });

  // The rules (the whole schedule spent, the endpoint turned off, the alarm, the admins' notice,
  // what is replayed) are in tests/service/integrations-webhooks-failing.test.ts; here, the routes.
  it('turns an endpoint off and on with PATCH, and replays its failures only while on (409 off, 202, 400)', async () => {
    const { webhook } = await subscribe('replay-failed');
    const since = new Date(Date.now() - 60_000).toISOString();
    const off = await admin.request<{ webhook: WebhookView }>('PATCH', `${base}/${webhook.id}`, {
      body: { version: webhook.version, enabled: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.webhook.enabled).toBe(false);
    const whileOff = await admin.request('POST', `${base}/${webhook.id}/replay-failed`, { body: { since } });
    expect(whileOff.status).toBe(409);
    expect(whileOff.body).toMatchObject({ errors: expect.any(Object) });

    const on = await admin.request<{ webhook: WebhookView }>('PATCH', `${base}/${webhook.id}`, {
      body: { version: off.body.webhook.version, enabled: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.webhook).toMatchObject({ enabled: true });
    const replayed = await admin.request<{ replayed: number }>('POST', `${base}/${webhook.id}/replay-failed`, {
      body: { since },
    });
    expect(replayed.status).toBe(202);
    expect(replayed.body).toEqual({ replayed: 0 });
    const bad = await admin.request('POST', `${base}/${webhook.id}/replay-failed`, { body: { since: 'yesterday' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { since: [expect.any(String)] } });
    expect((await manager.request('POST', `${base}/${webhook.id}/replay-failed`, { body: { since } })).status).toBe(
      403,
    );
  });

  it('lists the log newest first, by status, a page at a time', async () => {
    const { webhook } = await subscribe('pages');
    const sent: string[] = [];
    for (let index = 0; index < 5; index += 1) sent.push((await sendTest(webhook.id)).id);
    for (const id of sent) await settled(webhook.id, id, 'delivered');
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page: { body: WebhookDeliveryList } = await admin.request<WebhookDeliveryList>(
        'GET',
        `${base}/${webhook.id}/deliveries?status=delivered&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.body.deliveries.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.deliveries.map((item) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...sent].reverse());
    const failed = await admin.request<WebhookDeliveryList>('GET', `${base}/${webhook.id}/deliveries?status=failed`);
    expect(failed.body.deliveries).toEqual([]);
    expect((await admin.request('GET', `${base}/${webhook.id}/deliveries?status=lost`)).status).toBe(400);
    expect((await admin.request('GET', `${base}/${webhook.id}/deliveries?cursor=garbage`)).status).toBe(400);
    // A cursor names its own list: one of the whole log is refused for the delivered ones.
    const whole = await admin.request<WebhookDeliveryList>('GET', `${base}/${webhook.id}/deliveries?limit=2`);
    const foreign = encodeURIComponent(whole.body.nextCursor ?? '');
    expect(
      (await admin.request('GET', `${base}/${webhook.id}/deliveries?status=delivered&cursor=${foreign}`)).status,
    ).toBe(400);
  });
});

describe('the signing secret’s rotation', () => {
  it('signs with the new and the rotated-out secret during the overlap', async () => {
    const { webhook, secret: old } = await subscribe('rotation');
    const rotated = await admin.request<WebhookWithSecret>('POST', `${base}/${webhook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.secret;
    expect(fresh).not.toBe(old);
    const overlapEnds = Date.parse(rotated.body.webhook.previousSecretExpiresAt ?? '');
    expect(overlapEnds - Date.now()).toBeGreaterThan(23.9 * 60 * 60_000);
    expect(rotated.body.webhook.secretHint).toBe(`${fresh.slice(0, 10)}…`);

    const summary = await sendTest(webhook.id);
    const received = await receiver.waitFor((item) => item.headers['webhook-id'] === summary.id);
    expect(received.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of [fresh, old]) {
      expect(() => new Webhook(secret).verify(received.rawBody, received.headers)).not.toThrow();
    }
    const reread = await admin.request<{ webhook: WebhookView }>('GET', `${base}/${webhook.id}`);
    expect(JSON.stringify(reread.body)).not.toContain(fresh.slice(6));
  });
});

describe('test events (the default limits: 5 a minute to an endpoint, 30 an hour from a person)', () => {
  type Refusal = { errors: { general: string[] }; retryAfter: number };
  const windowOf = (seconds: number, time: number) => Math.floor(time / (seconds * 1000));
  const test = (client: ApiClient, id: string) => client.request<Refusal>('POST', `${base}/${id}/test`);

  /** Runs `burst` until one runs within a single window of `seconds` (a new window starts a new count). */
  const withinOneWindow = async (seconds: number, burst: () => Promise<void>) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const started = Date.now();
      await burst();
      if (windowOf(seconds, started) === windowOf(seconds, Date.now())) return;
    }
    throw new Error('every burst straddled a window');
  };

  const expectRefused = (response: ApiResponse<Refusal>, seconds: number, reason: RegExp) => {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(seconds);
    expect(response.body).toEqual({ errors: { general: [expect.stringMatching(reason)] }, retryAfter });
  };

  it('sends 5 a minute to one endpoint; the 6th is 429 with Retry-After and queues nothing', async () => {
    await withinOneWindow(60, async () => {
      const { webhook } = await subscribe(`limited-${Date.now()}`);
      for (let index = 0; index < 5; index += 1) expect((await test(admin, webhook.id)).status).toBe(202);
      expectRefused(
        await test(admin, webhook.id),
        60,
        /^At most 5 test events to one endpoint a minute: try again in /,
      );
      const log = await admin.request<WebhookDeliveryList>('GET', `${base}/${webhook.id}/deliveries`);
      expect(log.body.deliveries).toHaveLength(5);
    });
  });

  it('sends 30 an hour from one person, whatever the endpoint; the 31st is 429', async () => {
    await withinOneWindow(3600, async () => {
      // A person who has sent none: a new account made an administrator.
      const { client: tester, id } = await registerNewClient(stack.url, 'Busy Tester');
      expect((await admin.request('PATCH', `/api/team/members/${id}/role`, { body: { role: 'admin' } })).status).toBe(
        200,
      );
      const endpoints = await Promise.all(
        Array.from({ length: 7 }, async (_, index) => (await subscribe(`person-${Date.now()}-${index}`)).webhook.id),
      );
      for (const endpoint of endpoints.slice(0, 6)) {
        for (let index = 0; index < 5; index += 1) expect((await test(tester, endpoint)).status).toBe(202);
      }
      expectRefused(
        await test(tester, endpoints[6] ?? ''),
        3600,
        /^At most 30 test events per person an hour: try again in /,
      );
      // Another person's tests are theirs.
      expect((await test(admin, endpoints[6] ?? '')).status).toBe(202);
    });
  });
});
