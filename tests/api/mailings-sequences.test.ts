import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SequenceListResponse, SequenceResponse } from '@orbit/functions/mailings/sequence-contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, signInDemoUsers, startApiStack } from '../support/api-stack';
import { emailStep, sequencesPath, validSequence } from '../support/sequences-api';

/**
 * Sequences' routes over HTTP against the local stack (docs/mailings.md, "Sequences"): CRUD,
 * bad input a 400 in the `errors` shape with nothing stored, 409 on a stale version, 404 for a
 * sequence that is gone, and who may. A sequence running for a lead is in
 * mailings-sequences-running.test.ts; the full authorisation matrix's rows are in
 * tests/support/route-expectations/mailings-sequences.ts.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;

beforeAll(async () => {
  stack = await startApiStack();
  ({ admin, clientA } = await signInDemoUsers(stack.url));
});

afterAll(async () => {
  await stack.stop();
});

const create = (body: unknown, client = admin) => client.request<SequenceResponse>('POST', sequencesPath, { body });

const listSequences = async () => (await admin.request<SequenceListResponse>('GET', sequencesPath)).body.sequences;

describe('sequences CRUD', () => {
  it('creates, reads, lists, updates with its version and deletes', async () => {
    const body = validSequence();
    const created = await create(body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { sequence } = created.body;
    expect(sequence).toMatchObject({
      name: body.name,
      channel: 'email',
      trigger: { type: 'status', status: 'interest_shown' },
      active: false,
      version: 1,
    });
    expect(sequence.steps).toHaveLength(2);
    expect(sequence.steps[1]).toMatchObject({
      delayDays: 3,
      subject: 'Three days on',
      stats: { sent: 0, delivered: 0, failed: 0, optedOut: 0, replies: 0 },
    });

    const read = await admin.request<SequenceResponse>('GET', `${sequencesPath}/${sequence.id}`);
    expect(read.status).toBe(200);
    expect(read.body.sequence).toEqual(sequence);
    expect((await listSequences()).map((entry) => entry.id)).toContain(sequence.id);

    const updated = await admin.request<SequenceResponse>('PUT', `${sequencesPath}/${sequence.id}`, {
      body: { ...body, name: 'Renamed', trigger: { type: 'tag', tag: 'vip' }, version: 1 },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.sequence).toMatchObject({ name: 'Renamed', trigger: { type: 'tag', tag: 'vip' }, version: 2 });

    const stale = await admin.request('PUT', `${sequencesPath}/${sequence.id}`, {
      body: { ...body, name: 'Lost update', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ errors: { version: [expect.any(String)] } });
    expect((await admin.request<SequenceResponse>('GET', `${sequencesPath}/${sequence.id}`)).body.sequence.name).toBe(
      'Renamed',
    );

    expect((await admin.request('DELETE', `${sequencesPath}/${sequence.id}`)).status).toBe(204);
    expect((await admin.request('GET', `${sequencesPath}/${sequence.id}`)).status).toBe(404);
    expect((await admin.request('DELETE', `${sequencesPath}/${sequence.id}`)).status).toBe(404);
    expect(
      (await admin.request('PUT', `${sequencesPath}/${sequence.id}`, { body: { ...body, version: 2 } })).status,
    ).toBe(404);
    expect((await listSequences()).map((entry) => entry.id)).not.toContain(sequence.id);
  });

  it.each([
    ['no name', { name: '  ' }, 'name'],
    ['no steps', { steps: [] }, 'steps'],
    ['eleven steps', { steps: Array.from({ length: 11 }, () => emailStep(1, 'x')) }, 'steps'],
    ['a fractional delay', { steps: [emailStep(1.5, 'x')] }, 'steps.0.delayDays'],
    ['a negative delay', { steps: [emailStep(-1, 'x')] }, 'steps.0.delayDays'],
    ['a delay over a year', { steps: [emailStep(366, 'x')] }, 'steps.0.delayDays'],
    ['an email step without a subject', { steps: [{ delayDays: 0, html: '<p>x</p>' }] }, 'steps'],
    ['an empty message', { steps: [{ delayDays: 0, subject: 'x', html: ' ' }] }, 'steps.0.html'],
    [
      'an unknown variable in a message',
      { steps: [emailStep(0, 'x'), { ...emailStep(1, 'y'), html: '{{nickname}}' }] },
      'steps.1.html',
    ],
    ['a malformed variable in a subject', { steps: [emailStep(0, 'Hi {{first name}}')] }, 'steps.0.subject'],
    [
      'a message the sanitiser empties',
      { steps: [{ ...emailStep(0, 'x'), html: '<script>alert(1)</script>' }] },
      'steps.0.html',
    ],
    ['an unknown status', { trigger: { type: 'status', status: 'vip' } }, 'trigger.status'],
    ['an unknown trigger', { trigger: { type: 'birthday' } }, 'trigger.type'],
    ['an unknown channel', { channel: 'sms' }, 'channel'],
  ])('refuses %s with 400 and stores nothing', async (_, change, field) => {
    const before = (await listSequences()).length;
    const { status, body } = await create(validSequence(change));
    expect(status, JSON.stringify(body)).toBe(400);
    const errors = (body as unknown as { errors: Record<string, string[]> }).errors;
    expect(Object.keys(errors)).toContain(field);
    expect(errors[field]?.[0]).toEqual(expect.any(String));
    expect((await listSequences()).length).toBe(before);
  });

  it('refuses a bad update with 400 and keeps the stored sequence', async () => {
    const created = await create(validSequence());
    const { id } = created.body.sequence;
    const bad = await admin.request('PUT', `${sequencesPath}/${id}`, {
      body: { ...validSequence({ steps: [] }), version: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { steps: [expect.any(String)] } });
    const noVersion = await admin.request('PUT', `${sequencesPath}/${id}`, { body: validSequence() });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body).toMatchObject({ errors: { version: [expect.any(String)] } });
    expect((await admin.request<SequenceResponse>('GET', `${sequencesPath}/${id}`)).body.sequence).toEqual(
      created.body.sequence,
    );
  });

  it('lets only those who manage mailings in', async () => {
    const created = await create(validSequence());
    const { id } = created.body.sequence;
    expect((await create(validSequence(), clientA)).status).toBe(403);
    expect((await clientA.request('GET', sequencesPath)).status).toBe(403);
    expect((await clientA.request('GET', `${sequencesPath}/${id}`)).status).toBe(403);
    expect((await clientA.request('DELETE', `${sequencesPath}/${id}`)).status).toBe(403);
    expect((await admin.request('GET', `${sequencesPath}/${id}`)).status).toBe(200);
    expect((await new ApiClient(stack.url).request('GET', sequencesPath)).status).toBe(401);
  });
});
