import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type {
  Webhook as WebhookView,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookWithSecret,
} from '@orbit/functions/integrations/webhook-contract';
import type { NotificationList } from '@orbit/functions/notifications/contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, captureProcessOutput, demo, signInDemoUsers, startApiStack } from '../support/api-stack';
import { backgroundWorkSettled } from '../support/background-work';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * An endpoint that keeps failing (docs/integrations.md, "Webhooks"): a real event's delivery
 * spends the whole schedule (12 attempts; shortened here to 200 ms doubling up to 1 s), fails,
 * and turns its endpoint off with the alarm record and a notification to every admin (none to
 * anyone else); nothing more goes to it until an admin turns it on again and replays what
 * failed, under the same webhook-ids.
 */
// Errors logged (the alarm's record), before the logger is imported; the rest stays silent.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'ERROR';
});
process.env.WEBHOOK_ALLOW_LOOPBACK = '1';
process.env.WEBHOOK_RETRY_BASE_MS = '200';
process.env.WEBHOOK_RETRY_CAP_MS = '1000';
process.env.JOB_TICK_INTERVAL_MS = '100';

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let manager: ApiClient;
let clientAId: string;
let receiver: WebhookReceiver;
const patience = { timeout: 90_000, interval: 200 } as const;
const base = '/api/apps/integrations/webhooks';
let output: string[] = [];

beforeAll(async () => {
  stack = await startApiStack();
  const demoUsers = await signInDemoUsers(stack.url);
  admin = demoUsers.admin;
  clientA = demoUsers.clientA;
  clientAId = demoUsers.ids.clientA;
  manager = new ApiClient(stack.url);
  expect((await manager.signIn(demo.manager.phone, demo.manager.password)).status).toBe(201);
  receiver = await WebhookReceiver.start();
  output = captureProcessOutput();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await receiver?.stop();
  await stack?.stop();
});

const createProject = async (name: string) => {
  const response = await admin.request('POST', '/api/apps/projects', {
    body: { type: 'development', name, clientId: clientAId },
  });
  expect(response.status).toBe(201);
};

const deliveries = async (webhookId: string, status?: string) =>
  (
    await admin.request<WebhookDeliveryList>(
      'GET',
      `${base}/${webhookId}/deliveries${status ? `?status=${status}` : ''}`,
    )
  ).body.deliveries;

/** The caller's bell rows telling of this endpoint turned off. */
const disabledNotices = async (who: ApiClient, webhookId: string) =>
  (await who.request<NotificationList>('GET', '/api/notifications?limit=50')).body.notifications.filter(
    (notification) =>
      notification.event === 'webhookDisabled' &&
      notification.target.kind === 'integration' &&
      notification.target.webhookId === webhookId,
  );

describe('an endpoint that keeps failing', () => {
  it('fails the delivery after the whole schedule, turns the endpoint off, and replays once turned on', async () => {
    const created = await admin.request<WebhookWithSecret>('POST', base, {
      body: { url: `${receiver.url}/down`, events: ['project.created'], description: 'Invoicing' },
    });
    expect(created.status).toBe(201);
    const webhook = created.body.webhook;
    let down = true;
    receiver.answerWith(() => (down ? { status: 500 } : { status: 204 }));
    const since = new Date(Date.now() - 1_000).toISOString();
    await createProject(`Failing endpoint ${Date.now()}`);

    const [failed] = await vi.waitFor(async () => {
      const found = await deliveries(webhook.id, 'failed');
      expect(found).toHaveLength(1);
      return found;
    }, patience);
    const delivery = (
      await admin.request<{ delivery: WebhookDelivery }>('GET', `${base}/${webhook.id}/deliveries/${failed?.id}`)
    ).body.delivery;
    expect(delivery.attempts).toBe(12);
    expect(delivery.attemptLog.map((attempt) => attempt.statusCode)).toEqual(Array(12).fill(500));
    expect(delivery.attemptLog.at(-1)?.nextAttemptAt).toBeUndefined();
    expect(delivery.nextAttemptAt).toBeUndefined();
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === delivery.id)).toHaveLength(12);

    // Turned off, with the alarm record and one notification for the admin, none for others.
    const off = (await admin.request<{ webhook: WebhookView }>('GET', `${base}/${webhook.id}`)).body.webhook;
    expect(off).toMatchObject({ enabled: false, disabledReason: 'failing', disabledAt: expect.any(String) });
    expect(output.join('')).toContain('"alarm":"WebhookEndpointDisabled"');
    const notices = await vi.waitFor(async () => {
      const found = await disabledNotices(admin, webhook.id);
      expect(found).toHaveLength(1);
      return found;
    }, patience);
    expect(notices[0]).toMatchObject({
      params: { url: `${receiver.url}/down`, description: 'Invoicing' },
      read: false,
    });
    expect(await disabledNotices(manager, webhook.id)).toEqual([]);
    expect(await disabledNotices(clientA, webhook.id)).toEqual([]);

    // Nothing more goes to it, and its failures are not replayed while it is off.
    await createProject(`While off ${Date.now()}`);
    // Its event is fanned out (to nobody) before the endpoint is turned on again below.
    await backgroundWorkSettled(stack.tableName);
    const replayWhileOff = await admin.request('POST', `${base}/${webhook.id}/replay-failed`, { body: { since } });
    expect(replayWhileOff.status).toBe(409);
    expect(await deliveries(webhook.id)).toHaveLength(1);

    // The admin turns it back on (the failing mark goes) and replays what failed since then.
    down = false;
    const on = await admin.request<{ webhook: WebhookView }>('PATCH', `${base}/${webhook.id}`, {
      body: { version: off.version, enabled: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.webhook.enabled).toBe(true);
    expect(on.body.webhook.disabledReason).toBeUndefined();
    const tooLate = await admin.request<{ replayed: number }>('POST', `${base}/${webhook.id}/replay-failed`, {
      body: { since: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(tooLate.body).toEqual({ replayed: 0 });
    const replayed = await admin.request<{ replayed: number }>('POST', `${base}/${webhook.id}/replay-failed`, {
      body: { since },
    });
    expect(replayed.status).toBe(202);
    expect(replayed.body).toEqual({ replayed: 1 });
    await vi.waitFor(async () => expect(await deliveries(webhook.id, 'delivered')).toHaveLength(1), patience);
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === delivery.id)).toHaveLength(13);
    const bad = await admin.request('POST', `${base}/${webhook.id}/replay-failed`, { body: { since: 'yesterday' } });
    expect(bad.status).toBe(400);
  }, 120_000);

  it('never turns an endpoint off for its test events, which are the admin’s probe', async () => {
    const created = await admin.request<WebhookWithSecret>('POST', base, {
      body: { url: `${receiver.url}/probe`, events: ['task.moved'] },
    });
    const webhook = created.body.webhook;
    receiver.answerWith((item) =>
      (item.headers['webhook-id'] ?? '').endsWith(webhook.id.slice(4)) ? { status: 404 } : { status: 204 },
    );
    const test = await admin.request<{ delivery: { id: string } }>('POST', `${base}/${webhook.id}/test`);
    await vi.waitFor(async () => expect(await deliveries(webhook.id, 'failed')).toHaveLength(1), patience);
    const after = (await admin.request<{ webhook: WebhookView }>('GET', `${base}/${webhook.id}`)).body.webhook;
    expect(after.enabled).toBe(true);
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === test.body.delivery.id)).toHaveLength(12);
  }, 120_000);
});
