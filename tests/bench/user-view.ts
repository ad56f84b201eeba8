import { timeStepAt, totpCodeAt } from '@orbit/functions/auth/two-step';
import type { AvatarUpload } from '@orbit/functions/users/contract';
import { demoUsers } from '@orbit/seed/demo-users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { WsClient } from '../support/ws-client';
import type { BenchSection } from './section';
import { BenchClient, expectStatus, summary, timed } from './support';

/**
 * The user view, on the local stack with its worker:
 * - sign-in without and with two-step verification (password, then password + code: two
 *   requests), p50 / p95;
 * - a task assigned by an admin → the notification in the assignee's open WebSocket (request,
 *   outbox, stream, worker fan-out, push), p50 / p95;
 * - the user view's own reads (profile with counts, sessions, security log, notifications), p50;
 * - an avatar: presign, PUT to the local S3 server, confirm, p50.
 */

const samples = 40;
/** Two-step sign-ins: one account each, since a code's time step is accepted once. */
const twoStepSamples = 15;
const password = 'Bench#2026pass';

/** A new client account with two-step verification on; its secret and the step last used. */
const twoStepAccount = async (url: string, index: number) => {
  const client = new BenchClient(url);
  const phone = `+1557${String(Date.now() % 100_000).padStart(5, '0')}${String(index).padStart(2, '0')}`;
  const registered = await client.request<{ accessToken: string; userData: { id: string } }>(
    'POST',
    '/api/auth/register',
    { fullName: `Bench Two-step ${index}`, phone, email: `bench-2fa-${index}-${Date.now()}@test.example`, password },
  );
  expectStatus('registering', registered.status, 201);
  client.token = registered.body.accessToken;
  client.id = registered.body.userData.id;
  const started = await client.request<{ secret: string }>('POST', `/api/users/${client.id}/two-step`, {});
  expectStatus('starting two-step', started.status, 201);
  const step = timeStepAt(Date.now());
  const confirmed = await client.request('POST', `/api/users/${client.id}/two-step/confirm`, {
    code: totpCodeAt(started.body.secret, step * 30_000 + 1_000),
  });
  expectStatus('confirming two-step', confirmed.status, 200);
  return { phone, secret: started.body.secret, usedStep: step };
};

export const userViewBench: BenchSection = {
  name: 'user-view',
  async run() {
    const stack: LocalStack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-user-view-${Date.now().toString(36)}`,
    });
    let socket: WsClient | undefined;
    try {
      const adminUser = demoUsers.find((user) => user.role === 'admin');
      const clientUser = demoUsers.find((user) => user.role === 'client');
      if (!adminUser || !clientUser) throw new Error('no demo admin or client');
      const admin = new BenchClient(stack.url);
      await admin.signIn(adminUser.phone, adminUser.password);
      const client = new BenchClient(stack.url);
      await client.signIn(clientUser.phone, clientUser.password);

      // Sign-in: the spec's one step, then password + code.
      const plain: number[] = [];
      for (let index = 0; index < samples; index += 1) {
        plain.push(await timed(() => new BenchClient(stack.url).signIn(clientUser.phone, clientUser.password)));
      }
      console.log(`sign-in without two-step (one request): ${summary(plain)}`);
      const accounts = [];
      for (let index = 0; index < twoStepSamples; index += 1) accounts.push(await twoStepAccount(stack.url, index));
      const twoStep: number[] = [];
      for (const account of accounts) {
        const browser = new BenchClient(stack.url);
        twoStep.push(
          await timed(async () => {
            const first = await browser.request<{ twoStep: { challenge: string } }>('POST', '/api/auth/login', {
              phone: account.phone,
              password,
            });
            expectStatus('the password step', first.status, 200);
            // The next time step: within the accepted window, and not the one confirming used.
            const code = totpCodeAt(account.secret, (account.usedStep + 1) * 30_000 + 1_000);
            const second = await browser.request('POST', '/api/auth/login/two-step', {
              challenge: first.body.twoStep.challenge,
              code,
            });
            expectStatus('the code step', second.status, 201);
          }),
        );
      }
      console.log(`sign-in with two-step (password, then code): ${summary(twoStep)}`);

      // A task assigned → the assignee's bell, live.
      const project = await admin.request<{ project: { id: string } }>('POST', '/api/apps/projects', {
        type: 'development',
        name: `Bench notifications ${Date.now()}`,
        clientId: client.id,
      });
      expectStatus('creating the project', project.status, 201);
      socket = await WsClient.connect(stack.url, client.token, { purpose: 'notifications' });
      const live: number[] = [];
      for (let index = 0; index < samples; index += 1) {
        const title = `Bench task ${index}`;
        const started = performance.now();
        const arrived = socket.next(
          (frame) =>
            frame.type === 'notification.new' &&
            JSON.stringify((frame as { notification?: unknown }).notification ?? '').includes(title),
        );
        const created = await admin.request('POST', `/api/apps/projects/${project.body.project.id}/tasks`, {
          title,
          assigneeId: client.id,
        });
        expectStatus('creating a task', created.status, 201);
        await arrived;
        live.push(performance.now() - started);
      }
      console.log(`task assigned → the assignee's bell (WebSocket): ${summary(live)}`);

      // The user view's reads, as the client opens its own view.
      const reads: Record<string, string> = {
        'profile and counts': `/api/users/${client.id}`,
        sessions: `/api/users/${client.id}/sessions`,
        'security log': `/api/users/${client.id}/security-log`,
        notifications: '/api/notifications',
      };
      for (const [what, path] of Object.entries(reads)) {
        const times: number[] = [];
        for (let index = 0; index < samples; index += 1) {
          times.push(await timed(async () => expectStatus(what, (await client.request('GET', path)).status, 200)));
        }
        console.log(`GET ${what}: ${summary(times)}`);
      }

      // An avatar: presign, PUT to the object store, confirm.
      const picture = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      const uploads: number[] = [];
      for (let index = 0; index < samples / 2; index += 1) {
        uploads.push(
          await timed(async () => {
            const presigned = await client.request<AvatarUpload>('POST', `/api/users/${client.id}/avatar/upload`, {
              contentType: 'image/png',
              size: picture.length,
            });
            expectStatus('presigning', presigned.status, 200);
            const put = await fetch(`${stack.url}${presigned.body.uploadUrl}`, {
              method: 'PUT',
              headers: presigned.body.headers,
              body: picture,
            });
            expectStatus('the upload', put.status, 200);
            const confirmed = await client.request('POST', `/api/users/${client.id}/avatar`, {
              key: presigned.body.key,
            });
            expectStatus('confirming', confirmed.status, 200);
          }),
        );
      }
      console.log(`avatar presign → PUT → confirm: ${summary(uploads)}`);
    } finally {
      socket?.socket.close();
      await stack.stop();
    }
  },
};
