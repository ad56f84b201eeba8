import { DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { createTransport } from 'nodemailer';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { enqueueJob } from '@orbit/functions/core/jobs/enqueue';
import { tableName } from '@orbit/functions/core/table';
import { leadEntity } from '@orbit/functions/core/users/entities';
import { webhookEventDataSchemas, type WebhookEventType } from '@orbit/functions/core/webhook-event-types';
import type { WebhookEvent } from '@orbit/functions/core/webhook-events';
import { zeroTotals } from '@orbit/functions/mailings/records';

import type { LocalStack } from '../../infra/local/stack';
import type { ApiClient } from '../support/api-stack';
import { registerNewClient, signInDemoUsers, startApiStack } from '../support/api-stack';

/**
 * Every change an outgoing webhook announces writes its event in the change's own transaction
 * (docs/integrations.md, "Events"): one `webhook.event` job per change, with the type's documented
 * data (checked against its schema), and none for a change that did not happen.
 */
let stack: LocalStack;
let admin: ApiClient;
const ids = { admin: '', clientA: '', clientB: '' };
const run = Date.now().toString(36);
const patience = { timeout: 60_000, interval: 100 } as const;

/** The events announced so far, read from the table (jobs stay there, done or not). */
const announced = async (): Promise<WebhookEvent[]> => {
  const client = new DynamoDBClient({});
  const events: WebhookEvent[] = [];
  try {
    const pages = paginateScan(
      { client },
      {
        TableName: tableName(),
        ConsistentRead: true,
        FilterExpression: '#type = :job AND kind = :kind',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':job': { S: 'Job' }, ':kind': { S: 'webhook.event' } },
      },
    );
    for await (const page of pages) {
      for (const item of page.Items ?? []) events.push(unmarshall(item).payload as WebhookEvent);
    }
  } finally {
    client.destroy();
  }
  return events;
};

/** The one event of `type` whose data matches `match`, once it is there; its data checked against its schema. */
const eventOf = async (type: WebhookEventType, match: Record<string, unknown>): Promise<WebhookEvent> =>
  vi.waitFor(async () => {
    const found = (await announced()).filter(
      (event) => event.type === type && expect.objectContaining(match).asymmetricMatch(event.data),
    );
    expect(found).toHaveLength(1);
    const [event] = found;
    if (!event) throw new Error('unreachable');
    expect(v.safeParse(webhookEventDataSchemas[type], event.data).success).toBe(true);
    expect(event).toMatchObject({ version: 1, id: expect.stringMatching(/^evt_[0-9A-Z]{26}$/) });
    return event;
  }, patience);

beforeAll(async () => {
  stack = await startApiStack();
  const signedIn = await signInDemoUsers(stack.url);
  admin = signedIn.admin;
  Object.assign(ids, signedIn.ids);
});

afterAll(async () => {
  await stack?.stop();
});

describe('webhook events announced with their change', () => {
  it('announces a registration as contact.created and a status change as contact.status_changed', async () => {
    const { id } = await registerNewClient(stack.url, `Webhook Client ${run}`);
    await eventOf('contact.created', { contact: { id, fullName: `Webhook Client ${run}` }, role: 'client' });

    const changed = await admin.request('POST', '/api/apps/chat/contacts', { body: { userId: id, status: 'success' } });
    expect(changed.status).toBe(200);
    await eventOf('contact.status_changed', { contactId: id, to: 'success' });
  });

  it('announces each chat message as message.created, with its text', async () => {
    const text = `Hello from the webhook test ${run}`;
    const sent = await admin.request<{ msg: { id: string } }>('POST', `/api/apps/chat/chats/${ids.clientA}`, {
      body: { message: text },
    });
    expect(sent.status).toBe(201);
    await eventOf('message.created', { senderId: ids.admin, recipientId: ids.clientA, text });
  });

  it('announces project.created, project.updated with the fields that changed, and task.moved', async () => {
    const name = `Webhook project ${run}`;
    const created = await admin.request<{ project: { id: string; version: number } }>('POST', '/api/apps/projects', {
      body: { type: 'development', name, clientId: ids.clientA },
    });
    expect(created.status).toBe(201);
    const projectId = created.body.project.id;
    await eventOf('project.created', { projectId, name, type: 'development', clientId: ids.clientA });

    const edited = await admin.request('PATCH', `/api/apps/projects/${projectId}`, {
      body: { version: created.body.project.version, name: `${name} renamed`, priority: 'high' },
    });
    expect(edited.status).toBe(200);
    const updated = await eventOf('project.updated', { projectId, name: `${name} renamed` });
    expect([...(updated.data as { changed: string[] }).changed].sort()).toEqual(['name', 'priority']);

    // A stale edit changes nothing, and announces nothing.
    const stale = await admin.request('PATCH', `/api/apps/projects/${projectId}`, {
      body: { version: created.body.project.version, name: 'Never' },
    });
    expect(stale.status).toBe(409);

    const task = await admin.request<{ task: { id: string; stage: string } }>(
      'POST',
      `/api/apps/projects/${projectId}/tasks`,
      { body: { title: `Task ${run}` } },
    );
    expect(task.status).toBe(201);
    const moved = await admin.request('POST', `/api/apps/projects/${projectId}/tasks/${task.body.task.id}/move`, {
      body: { version: 1, stage: 'done', index: 0 },
    });
    expect(moved.status).toBe(200);
    await eventOf('task.moved', {
      projectId,
      taskId: task.body.task.id,
      fromStage: task.body.task.stage,
      toStage: 'done',
    });
    const events = await announced();
    expect(
      events.filter(
        (event) => event.type === 'project.updated' && (event.data as { projectId?: string }).projectId === projectId,
      ),
    ).toHaveLength(1);
  });

  it('announces mail from outside as email.received, without its body', async () => {
    const subject = `Webhook inbound ${run}`;
    await createTransport({
      host: '127.0.0.1',
      port: stack.smtpPort,
      secure: false,
      ignoreTLS: true,
      tls: { rejectUnauthorized: false },
    }).sendMail({
      from: 'Grace Hopper <grace@outside.example>',
      to: 'Olivia <olivia@orbit.example>',
      subject,
      text: 'A private body',
    });
    const event = await eventOf('email.received', { ownerId: ids.admin, subject, from: 'grace@outside.example' });
    expect(JSON.stringify(event.data)).not.toContain('A private body');
  });

  it('announces a mailing sent to its whole audience as mailing.finished, once', async () => {
    const tag = `hooks${run}`;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: leadEntity.toItem({
          id: `lead-hooks-${run}`,
          fullName: 'Hook Reader',
          role: 'lead',
          status: 'new',
          email: `hook.reader.${run}@outside.example`,
          tags: [tag],
          language: 'en',
          createdAt: new Date().toISOString(),
          version: 1,
        }),
      }),
    );
    const mailingId = `01KHOOK${run}`.padEnd(26, '0').slice(0, 26);
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: `MAILING#${mailingId}`,
          sk: 'MAILING',
          type: 'Mailing',
          id: mailingId,
          name: `Hooks newsletter ${run}`,
          state: 'scheduled',
          version: 1,
          channel: 'email',
          subject: 'News',
          html: '<p>Hello {{fullName}}</p>',
          audience: { statuses: [], tags: [tag], tagMatch: 'any', roles: [] },
          throttlePerMinute: 0,
          totals: zeroTotals(),
        },
      }),
    );
    await enqueueJob('mailing.start', { mailingId }, { label: 'test start', id: `start-${mailingId}` });
    await eventOf('mailing.finished', { mailingId, name: `Hooks newsletter ${run}`, channel: 'email', recipients: 1 });
  });
});
