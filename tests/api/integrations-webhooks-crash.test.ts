import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { WebhookDeliveryList, WebhookWithSecret } from '@orbit/functions/integrations/webhook-contract';

import { ApiClient, demo } from '../support/api-stack';
import { seededSnapshot } from '../support/api-seed-snapshot';
import { createChildStack, type ChildStack } from '../support/child-stack';

/**
 * Webhooks survive a crash (docs/integrations.md, "Webhooks"): the real `npm start` is killed
 * with -9 while project.created events are being fanned out and delivered to a loopback receiver
 * that answers after 100 ms, then started again on the same data. Every project created must
 * reach the receiver (nothing lost), under one webhook-id per project (an attempt the kill cut
 * off is sent again under the same id: at-least-once, which receivers de-duplicate), with every
 * delivery ending delivered.
 */

const projects = 120;
const crashAfter = 30;

let stack: ChildStack;
let receiver: Server;
let receiverUrl: string;
/** Per webhook-id: how many requests came, and the project each carried. */
const received = new Map<string, { count: number; projectId: string }>();
const patience = { timeout: 240_000, interval: 250 } as const;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const { data } = JSON.parse(body) as { data: { projectId: string } };
      received.set(id, { count: (received.get(id)?.count ?? 0) + 1, projectId: data.projectId });
      // A receiver that takes a moment, so the crash lands while deliveries are in flight.
      setTimeout(() => response.writeHead(204).end(), 100);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  stack = await createChildStack({
    copyOf: seededSnapshot(),
    // A short lease, so attempts the crash cut off are found soon after the restart; the
    // receiver is a loopback fake, which only this explicit setting allows.
    env: {
      JOB_LEASE_MS: '4000',
      JOB_TICK_INTERVAL_MS: '250',
      WEBHOOK_ALLOW_LOOPBACK: '1',
      WEBHOOK_RETRY_BASE_MS: '500',
      WEBHOOK_RETRY_CAP_MS: '2000',
    },
    ...(process.env.CRASH_TEST_LOG ? { logFile: process.env.CRASH_TEST_LOG } : {}),
  });
  await stack.start();
}, 600_000);

afterAll(async () => {
  await stack?.dispose();
  await new Promise((resolve) => receiver?.close(resolve));
});

const signedInAdmin = async () => {
  const admin = new ApiClient(stack.url);
  expect((await admin.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
  return admin;
};

describe('kill -9 while webhooks are being delivered', () => {
  it('delivers every event after the restart, under one webhook-id each: 0 lost', { timeout: 600_000 }, async () => {
    const admin = await signedInAdmin();
    const client = new ApiClient(stack.url);
    const clientId = (await client.signIn(demo.clientA.phone, demo.clientA.password)).body.userData.id;
    const created = await admin.request<WebhookWithSecret>('POST', '/api/apps/integrations/webhooks', {
      body: { url: receiverUrl, events: ['project.created'] },
    });
    expect(created.status).toBe(201);
    const webhookId = created.body.webhook.id;

    /** Creates projects 8 at a time until `projects` were accepted; a lane stops when the stack is gone. */
    const accepted: string[] = [];
    const createProjects = async (caller: ApiClient) => {
      let stopped = false;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (!stopped && accepted.length < projects) {
            try {
              const response = await caller.request<{ project: { id: string } }>('POST', '/api/apps/projects', {
                body: { type: 'development', name: `Crash hook ${accepted.length + 1}`, clientId },
              });
              expect(response.status).toBe(201);
              accepted.push(response.body.project.id);
            } catch (error) {
              if (!(error instanceof TypeError)) throw error; // fetch failed: the stack was killed
              stopped = true;
            }
          }
        }),
      );
    };

    const creating = createProjects(admin);
    await vi.waitFor(() => expect(received.size).toBeGreaterThanOrEqual(crashAfter), patience);
    await stack.crash();
    await creating;
    const atCrash = { accepted: accepted.length, received: received.size };
    await stack.start();
    const again = await signedInAdmin();
    await createProjects(again);

    // Every delivery of the subscription settles delivered (the log, page after page).
    const deliveries = await vi.waitFor(async () => {
      const all: WebhookDeliveryList['deliveries'] = [];
      let cursor: string | undefined;
      do {
        const page: { body: WebhookDeliveryList } = await again.request<WebhookDeliveryList>(
          'GET',
          `/api/apps/integrations/webhooks/${webhookId}/deliveries?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        all.push(...page.body.deliveries);
        cursor = page.body.nextCursor;
      } while (cursor);
      expect(all.length).toBeGreaterThanOrEqual(accepted.length);
      expect(all.filter((delivery) => delivery.status !== 'delivered')).toEqual([]);
      return all;
    }, patience);

    const projectsReceived = [...received.values()].map((item) => item.projectId);
    const idsPerProject = new Map<string, number>();
    for (const projectId of projectsReceived) idsPerProject.set(projectId, (idsPerProject.get(projectId) ?? 0) + 1);
    const repeated = [...received.values()].filter((item) => item.count > 1).length;
    console.log(
      `webhooks crash test: ${deliveries.length} deliveries (${accepted.length} projects answered 201); ` +
        `kill -9 with ${atCrash.accepted} accepted and ${atCrash.received} received; ` +
        `${received.size} webhook-ids received, ${repeated} of them more than once (at-least-once after the kill), ` +
        `${accepted.filter((id) => !idsPerProject.has(id)).length} lost`,
    );
    // Nothing lost: every accepted project reached the receiver, and every delivery is one that arrived.
    expect(accepted.filter((id) => !idsPerProject.has(id))).toEqual([]);
    expect(deliveries.filter((delivery) => !received.has(delivery.id))).toEqual([]);
    // Nothing sent twice under another id: one webhook-id per project.
    expect([...idsPerProject].filter(([, ids]) => ids > 1)).toEqual([]);
    expect(received.size).toBe(deliveries.length);
  });
});
