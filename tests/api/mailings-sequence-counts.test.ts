import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLead } from '@orbit/functions/chat/contacts-repository';
import { ulid } from '@orbit/functions/core/ids';
import type { SequenceListResponse, SequenceResponse } from '@orbit/functions/mailings/sequence-contract';

import type { LocalStack } from '../../infra/local/stack';
import type { ApiClient } from '../support/api-stack';
import { signInDemoUsers, startApiStack } from '../support/api-stack';

/**
 * The enrolment counts the sequences page lists (docs/mailings.md, "The sequences page"): a
 * sequence reads with how many people it enrolled and how many are still in it, over HTTP
 * against the local stack with its worker (the contact events enrol and end enrolments).
 */

let stack: LocalStack;
let admin: ApiClient;

beforeAll(async () => {
  stack = await startApiStack();
  ({ admin } = await signInDemoUsers(stack.url));
});

afterAll(async () => {
  await stack.stop();
});

const countsOf = async (id: string) => {
  const response = await admin.request<SequenceResponse>('GET', `/api/apps/mailings/sequences/${id}`);
  expect(response.status).toBe(200);
  return response.body.sequence.enrolments;
};

describe('a sequence’s enrolment counts', () => {
  it('count the people who entered it and those still in it', async () => {
    const tag = `seq${Date.now().toString(36)}`;
    const created = await admin.request<SequenceResponse>('POST', '/api/apps/mailings/sequences', {
      body: {
        name: `Counts ${tag}`,
        channel: 'email',
        trigger: { type: 'tag', tag },
        // A month's wait: nothing is sent while the test runs.
        steps: [{ delayDays: 30, subject: 'Hello', html: '<p>Hello {{firstName}}</p>' }],
        active: true,
      },
    });
    expect(created.status).toBe(201);
    const { id } = created.body.sequence;
    expect(created.body.sequence.enrolments).toEqual({ total: 0, active: 0 });

    const person = ulid();
    await createLead({
      id: person,
      fullName: `Counted ${tag}`,
      about: '',
      status: 'interest_shown',
      source: 'website',
      email: `${tag}@example.com`,
      createdAt: new Date().toISOString(),
    });
    const tagged = await admin.request('PUT', `/api/apps/mailings/contacts/${person}/tags`, { body: { tags: [tag] } });
    expect(tagged.status).toBe(200);
    await expect.poll(() => countsOf(id), { timeout: 20_000, interval: 250 }).toEqual({ total: 1, active: 1 });

    // Losing the tag ends the enrolment: still counted as enrolled, no longer active.
    const untagged = await admin.request('PUT', `/api/apps/mailings/contacts/${person}/tags`, { body: { tags: [] } });
    expect(untagged.status).toBe(200);
    await expect.poll(() => countsOf(id), { timeout: 20_000, interval: 250 }).toEqual({ total: 1, active: 0 });

    // The list carries the same counts.
    const list = await admin.request<SequenceListResponse>('GET', '/api/apps/mailings/sequences');
    expect(list.body.sequences.find((sequence) => sequence.id === id)?.enrolments).toEqual({ total: 1, active: 0 });
  });
});
