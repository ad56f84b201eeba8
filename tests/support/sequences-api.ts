import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect, vi } from 'vitest';

import { createLead } from '@orbit/functions/chat/contacts-repository';
import { db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { tableName } from '@orbit/functions/core/table';
import type { SequenceListResponse, SequenceResponse } from '@orbit/functions/mailings/sequence-contract';

import type { ApiClient } from './api-stack';

/** What the sequences API tests share (docs/mailings.md, "Sequences"). */

export const sequencesPath = '/api/apps/mailings/sequences';

export const emailStep = (delayDays: number, subject: string) => ({ delayDays, subject, html: `<p>${subject}</p>` });

/** A valid email sequence of two steps on the `interest_shown` status, under a name no other test uses. */
export const validSequence = (extra: Record<string, unknown> = {}) => ({
  name: `Welcome ${ulid()}`,
  channel: 'email',
  trigger: { type: 'status', status: 'interest_shown' },
  steps: [
    { delayDays: 0, subject: 'Welcome', html: '<p>Hello {{firstName | "there"}}</p>' },
    emailStep(3, 'Three days on'),
  ],
  ...extra,
});

/**
 * Pauses every active sequence: the demo seed's welcome sequence enrols on `interest_shown`,
 * and would send to a test's leads whose messages are counted.
 */
export const pauseActiveSequences = async (admin: ApiClient): Promise<void> => {
  const listed = await admin.request<SequenceListResponse>('GET', sequencesPath);
  for (const sequence of listed.body.sequences.filter((entry) => entry.active)) {
    const { name, channel, trigger, steps, version } = sequence;
    const paused = await admin.request('PUT', `${sequencesPath}/${sequence.id}`, {
      body: {
        name,
        channel,
        trigger,
        steps: steps.map(({ delayDays, subject, html }) => ({ delayDays, subject, html })),
        active: false,
        version,
      },
    });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
  }
};

/** Runs a flow with an active sequence, deleted after, so no other test's leads enter it. */
export const withSequence = async (
  admin: ApiClient,
  body: Record<string, unknown>,
  flow: (id: string) => Promise<void>,
): Promise<void> => {
  const created = await admin.request<SequenceResponse>('POST', sequencesPath, { body: { ...body, active: true } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.sequence.id;
  try {
    await flow(id);
  } finally {
    await admin.request('DELETE', `${sequencesPath}/${id}`);
  }
};

/** An email address no one in the seed or another test has. */
export const newLeadAddress = () => `seq-${ulid().toLowerCase()}@outside.example`;

/** A lead from the website with a new email address, in `contact_received`. */
export const websiteLead = async (fullName: string) => {
  const email = newLeadAddress();
  const lead = await createLead({
    id: ulid(),
    fullName,
    about: '',
    status: 'contact_received',
    source: 'website',
    email,
    createdAt: new Date().toISOString(),
  });
  return { id: lead.id, email };
};

/** The jobs of one kind whose payload names the person (a Scan is fine on a test's own table). */
export const jobsFor = async (kind: string, personField: string, personId: string): Promise<JobRecord[]> => {
  const found: JobRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#kind = :kind AND payload.#person = :id',
        ExpressionAttributeNames: { '#kind': 'kind', '#person': personField },
        ExpressionAttributeValues: { ':kind': kind, ':id': personId },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    found.push(...((page.Items ?? []) as JobRecord[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
};

/** The job of a step of the person's enrolment (other than `except`), once written. */
export const stepJob = (
  personId: string,
  step: number,
  patience: { readonly timeout: number; readonly interval: number },
  except?: string,
): Promise<JobRecord> =>
  vi.waitFor(async () => {
    const job = (await jobsFor('sequence.step', 'personId', personId)).find(
      (entry) => (entry.payload as { step: number }).step === step && entry.id !== except,
    );
    if (!job) throw new Error(`no job for step ${step} yet`);
    return job;
  }, patience);
