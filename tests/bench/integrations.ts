import type { WebhookDeliveryList, WebhookWithSecret } from '@orbit/functions/integrations/webhook-contract';
import { demoUsers } from '@orbit/seed/demo-users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { WebhookReceiver } from '../support/webhook-receiver';
import type { BenchSection } from './section';
import { BenchClient, expectStatus, summary } from './support';

/**
 * Outgoing webhooks, end to end on the local stack with its worker (docs/integrations.md,
 * "Webhooks"):
 * - latency: a project created → its `project.created` delivery reaches a loopback receiver
 *   (request, outbox, stream, fan-out job, delivery job, signed POST), p50 / p95, one at a time;
 * - retries at volume: 1000 projects created 16 at a time while the receiver fails the first
 *   attempt of half the deliveries (503) → every delivery ends delivered, and no webhook-id is
 *   answered 2xx twice. The retry schedule starts at 500 ms here (WEBHOOK_RETRY_BASE_MS; 1 minute
 *   in production), so the run measures the worker, not the wait.
 */

const samples = 200;
const volume = 1000;
const concurrency = 16;
const benchEnvironment = {
  WEBHOOK_ALLOW_LOOPBACK: '1',
  WEBHOOK_RETRY_BASE_MS: '500',
  WEBHOOK_RETRY_CAP_MS: '5000',
  JOB_TICK_INTERVAL_MS: '250',
} as const;

const projectIdOf = (body: unknown): string | undefined => (body as { data?: { name?: string } }).data?.name;

export const integrationsBench: BenchSection = {
  name: 'integrations',
  async run() {
    Object.assign(process.env, benchEnvironment);
    const receiver = await WebhookReceiver.start();
    const stack: LocalStack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-integrations-${Date.now().toString(36)}`,
    });
    try {
      const adminUser = demoUsers.find((user) => user.role === 'admin');
      const client = demoUsers.find((user) => user.role === 'client');
      if (!adminUser || !client) throw new Error('no demo admin or client');
      const admin = new BenchClient(stack.url);
      await admin.signIn(adminUser.phone, adminUser.password);
      const clientCaller = new BenchClient(stack.url);
      await clientCaller.signIn(client.phone, client.password);

      const created = await admin.request<WebhookWithSecret>('POST', '/api/apps/integrations/webhooks', {
        url: `${receiver.url}/bench`,
        events: ['project.created'],
      });
      expectStatus('creating the subscription', created.status, 201);
      const webhookId = created.body.webhook.id;
      receiver.trust(created.body.secret);
      const createProject = async (name: string) => {
        const response = await admin.request('POST', '/api/apps/projects', {
          type: 'development',
          name,
          clientId: clientCaller.id,
        });
        expectStatus('creating a project', response.status, 201);
      };

      // Latency: one project at a time.
      const latencies: number[] = [];
      for (let index = 0; index < samples; index += 1) {
        const name = `Bench hook ${index}`;
        const started = performance.now();
        const arrived = receiver.waitFor((item) => projectIdOf(item.body) === name, 30_000);
        await createProject(name);
        const item = await arrived;
        if (!item.verified) throw new Error('a delivery did not verify with the subscription secret');
        latencies.push(performance.now() - started);
      }
      console.log(`project created → delivered to the receiver (signed, verified): ${summary(latencies)}`);

      // Volume with retries: half the first attempts fail.
      const answered = new Map<string, { arrivals: number; successes: number }>();
      receiver.answerWith((item) => {
        const id = item.headers['webhook-id'] ?? '';
        const seen = answered.get(id) ?? { arrivals: 0, successes: 0 };
        seen.arrivals += 1;
        const fail = seen.arrivals === 1 && Math.random() < 0.5;
        if (!fail) seen.successes += 1;
        answered.set(id, seen);
        return { status: fail ? 503 : 204 };
      });
      const started = performance.now();
      let next = 0;
      const lane = async () => {
        while (next < volume) await createProject(`Bench volume ${next++}`);
      };
      await Promise.all(Array.from({ length: concurrency }, lane));
      const queuedMs = performance.now() - started;
      const deadline = Date.now() + 10 * 60_000;
      const volumeIds = () => [...answered].filter(([, seen]) => seen.successes > 0).length;
      while (volumeIds() < volume) {
        if (Date.now() > deadline) throw new Error(`only ${volumeIds()} of ${volume} delivered within 10 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const deliveredMs = performance.now() - started;
      const pending = await admin.request<WebhookDeliveryList>(
        'GET',
        `/api/apps/integrations/webhooks/${webhookId}/deliveries?status=pending`,
      );
      const failed = await admin.request<WebhookDeliveryList>(
        'GET',
        `/api/apps/integrations/webhooks/${webhookId}/deliveries?status=failed`,
      );
      const retried = [...answered.values()].filter((seen) => seen.arrivals > 1).length;
      const duplicates = [...answered.values()].filter((seen) => seen.successes > 1).length;
      const unverified = receiver.received.filter((item) => !item.verified).length;
      console.log(
        `${volume} projects, 50 % of first attempts failing: all ${volumeIds()} delivered in ${(deliveredMs / 1000).toFixed(1)} s ` +
          `(created in ${(queuedMs / 1000).toFixed(1)} s; ${retried} retried; ${Math.round((volume * 1000) / deliveredMs)} deliveries/s); ` +
          `duplicates by webhook-id: ${duplicates}; still pending: ${pending.body.deliveries.length}; failed: ${failed.body.deliveries.length}; ` +
          `signatures not verifying: ${unverified}`,
      );
      if (duplicates > 0) throw new Error(`${duplicates} webhook-ids were delivered twice`);
    } finally {
      await stack.stop();
      await receiver.stop();
      for (const name of Object.keys(benchEnvironment)) delete process.env[name];
    }
  },
};
