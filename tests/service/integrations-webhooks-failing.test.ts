import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Caller } from '@orbit/functions/core/caller';
import { parseWith } from '@orbit/functions/core/http';
import { logger } from '@orbit/functions/core/logger';
import {
  listDeliveries,
  readDelivery,
  replayFailedSince,
  sendTestEvent,
} from '@orbit/functions/integrations/delivery-service';
import { webhookRetry } from '@orbit/functions/integrations/delivery-schedule';
import {
  createWebhookSchema,
  replayFailedSchema,
  updateWebhookSchema,
  webhookDeliveryQuerySchema,
} from '@orbit/functions/integrations/webhook-contract';
import { createWebhook, readWebhook, updateWebhook } from '@orbit/functions/integrations/webhook-service';
import { listNotificationsQuery } from '@orbit/functions/notifications/contract';
import { listNotifications } from '@orbit/functions/notifications/service';
import { createProject } from '@orbit/functions/projects/project-service';
import { createProjectRequest } from '@orbit/functions/projects/requests';

import { demo } from '../support/api-stack';
import { WebhookReceiver } from '../support/webhook-receiver';

import { callerOf, parsed, refusal } from './support/background-people';
import { hours, minutes, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * An endpoint that keeps failing (docs/integrations.md, "Webhooks"), on the real schedule: a real
 * event's delivery spends all 12 attempts (1 minute doubling to 8 hours, at least 24 h 31 min in
 * all: the clock is moved past each back-off, never waited for), fails, and turns its endpoint
 * off with the alarm record and a notification to every admin (none to anyone else); nothing
 * more goes to it until an admin turns it on again and replays what failed, under the same
 * webhook-ids. The receiver is a loopback server. The routes' wiring is shown in
 * tests/api/integrations-webhooks.test.ts.
 */
process.env.WEBHOOK_ALLOW_LOOPBACK = '1';

const clock = useTestClock();
// A day passes: the admins' notification digests come due and go to the local SES.
await useLocalMail();
const receiver = await WebhookReceiver.start();
afterAll(() => receiver.stop());

let admin: Caller & { id: string };
let clientA: Caller & { id: string };
let manager: Caller & { id: string };

beforeAll(async () => {
  await copySeededWorkspace();
  [admin, clientA, manager] = await Promise.all([callerOf(demo.admin), callerOf(demo.clientA), callerOf(demo.manager)]);
});

const createProjectNamed = (name: string) =>
  createProject(admin, parsed(createProjectRequest, { type: 'development', name, clientId: clientA.id }));

const deliveries = async (webhookId: string, status?: string) =>
  (await listDeliveries(admin, webhookId, parseWith(webhookDeliveryQuerySchema, status ? { status } : {}))).deliveries;

/**
 * Runs what is due, then moves the clock to the delivery's next attempt, until it is no longer
 * pending: the whole back-off schedule, in moments.
 */
const attemptUntilSettled = async (webhookId: string) => {
  for (let round = 0; round <= webhookRetry.maxAttempts + 1; round += 1) {
    await drainJobs();
    const [delivery] = await deliveries(webhookId);
    if (delivery?.status !== 'pending') return delivery;
    const next = Date.parse(delivery.nextAttemptAt ?? '');
    clock.advance(Math.max(0, next - Date.now()));
  }
  throw new Error('the delivery is still pending after its whole schedule');
};

/** The caller's bell rows telling of this endpoint turned off. */
const disabledNotices = async (who: Caller, webhookId: string) =>
  (await listNotifications(who, () => parseWith(listNotificationsQuery, { limit: '50' }))).notifications.filter(
    (notification) =>
      notification.event === 'webhookDisabled' &&
      notification.target.kind === 'integration' &&
      notification.target.webhookId === webhookId,
  );

describe('an endpoint that keeps failing', () => {
  it('fails the delivery after the whole schedule, turns the endpoint off, and replays once turned on', async () => {
    const errors = vi.spyOn(logger, 'error');
    const { webhook } = await createWebhook(
      admin,
      parseWith(createWebhookSchema, {
        url: `${receiver.url}/down`,
        events: ['project.created'],
        description: 'Invoicing',
      }),
    );
    let down = true;
    receiver.answerWith(() => (down ? { status: 500 } : { status: 204 }));
    const since = new Date(Date.now() - 1_000).toISOString();
    const startedAt = Date.now();
    await createProjectNamed(`Failing endpoint ${Date.now()}`);

    const failed = await attemptUntilSettled(webhook.id);
    expect(failed?.status).toBe('failed');
    const delivery = await readDelivery(admin, webhook.id, failed?.id ?? '');
    expect(delivery.attempts).toBe(12);
    expect(delivery.attemptLog.map((attempt) => attempt.statusCode)).toEqual(Array(12).fill(500));
    expect(delivery.attemptLog.at(-1)?.nextAttemptAt).toBeUndefined();
    expect(delivery.nextAttemptAt).toBeUndefined();
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === delivery.id)).toHaveLength(12);
    // Each attempt waited out its back-off: 1 minute doubling, capped at 8 hours.
    delivery.attemptLog.slice(1).forEach((attempt, index) => {
      const previous = delivery.attemptLog[index];
      const nominal = Math.min(2 ** index * 1 * minutes, 8 * hours);
      expect(Date.parse(attempt.at)).toBeGreaterThanOrEqual(Date.parse(previous?.nextAttemptAt ?? ''));
      expect(Date.parse(attempt.at) - Date.parse(previous?.at ?? '')).toBeGreaterThanOrEqual(nominal);
    });
    expect(Date.parse(delivery.attemptLog.at(-1)?.at ?? '') - startedAt).toBeGreaterThanOrEqual(
      24 * hours + 31 * minutes,
    );

    // Turned off, with the alarm record and one notification for the admin, none for others.
    const off = await readWebhook(admin, webhook.id);
    expect(off).toMatchObject({ enabled: false, disabledReason: 'failing', disabledAt: expect.any(String) });
    expect(errors).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ alarm: 'WebhookEndpointDisabled' }),
    );
    errors.mockRestore();
    await drainJobs();
    const notices = await disabledNotices(admin, webhook.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      params: { url: `${receiver.url}/down`, description: 'Invoicing' },
      read: false,
    });
    expect(await disabledNotices(manager, webhook.id)).toEqual([]);
    expect(await disabledNotices(clientA, webhook.id)).toEqual([]);

    // Nothing more goes to it, and its failures are not replayed while it is off.
    await createProjectNamed(`While off ${Date.now()}`);
    // Its event is fanned out (to nobody) before the endpoint is turned on again below.
    await drainJobs();
    const replayWhileOff = await refusal(replayFailedSince(admin, webhook.id, since));
    expect(replayWhileOff.status).toBe(409);
    expect(await deliveries(webhook.id)).toHaveLength(1);

    // The admin turns it back on (the failing mark goes) and replays what failed since then.
    down = false;
    const on = await updateWebhook(
      admin,
      webhook.id,
      parseWith(updateWebhookSchema, { version: off.version, enabled: true }),
    );
    expect(on.enabled).toBe(true);
    expect(on.disabledReason).toBeUndefined();
    const replay = (body: unknown) => replayFailedSince(admin, webhook.id, parseWith(replayFailedSchema, body).since);
    expect(await replay({ since: new Date(Date.now() + 60_000).toISOString() })).toBe(0);
    expect(await replay({ since })).toBe(1);
    await drainJobs();
    expect(await deliveries(webhook.id, 'delivered')).toHaveLength(1);
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === delivery.id)).toHaveLength(13);
    expect((await refusal(async () => replay({ since: 'yesterday' }))).status).toBe(400);
  });

  it('never turns an endpoint off for its test events, which are the admin’s probe', async () => {
    const { webhook } = await createWebhook(
      admin,
      parseWith(createWebhookSchema, { url: `${receiver.url}/probe`, events: ['task.moved'] }),
    );
    receiver.answerWith((item) =>
      (item.headers['webhook-id'] ?? '').endsWith(webhook.id.slice(4)) ? { status: 404 } : { status: 204 },
    );
    const test = await sendTestEvent(admin, webhook.id);
    expect((await attemptUntilSettled(webhook.id))?.status).toBe('failed');
    expect(await deliveries(webhook.id, 'failed')).toHaveLength(1);
    expect((await readWebhook(admin, webhook.id)).enabled).toBe(true);
    expect(receiver.received.filter((item) => item.headers['webhook-id'] === test.id)).toHaveLength(12);
  });
});
