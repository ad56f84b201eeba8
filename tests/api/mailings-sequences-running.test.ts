import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { findLeadIdByIdentity } from '@orbit/functions/chat/contacts-repository';
import { db, transactWrite } from '@orbit/functions/core/db';
import { findEmailChannel } from '@orbit/functions/core/email-channel';
import { reschedulePendingJobPart } from '@orbit/functions/core/jobs/manage';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import type { SequenceStepPayload } from '@orbit/functions/mailings/job-payloads';
import { sequenceStepJob } from '@orbit/functions/mailings/sequence-step-job';
import type { Enrolment, EnrolmentListResponse, SequenceResponse } from '@orbit/functions/mailings/sequence-contract';

import type { LocalStack } from '../../infra/local/stack';
import { signInDemoUsers, startApiStack, type ApiClient } from '../support/api-stack';
import { backgroundWorkSettled } from '../support/background-work';
import { emailsTo, waitForEmails } from '../support/sent-messages';
import {
  jobsFor,
  newLeadAddress,
  pauseActiveSequences,
  sequencesPath,
  stepJob,
  validSequence,
  websiteLead,
  withSequence,
} from '../support/sequences-api';

/**
 * Sequences running over HTTP against the local stack (docs/mailings.md, "Sequences"): a lead
 * whose status an admin changes through the chat API (or who is tagged) is enrolled and receives
 * step 1 at the local SES server. A later step waits N days: the test checks its job is due N
 * days after the step before, then moves that queued job's run-at to now (core/jobs/manage.ts,
 * as an edit of a scheduled send does) instead of waiting; the job itself is unchanged and
 * decides as it would in N days. Leaving, replying (an email from the person), opting out and
 * unsubscribing each stop it; a step's job run several times sends it once. The routes' CRUD,
 * validation and authorisation are in mailings-sequences.test.ts.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientBId: string;
/** The demo client B's address (seed/src/demo-users.ts). */
const clientBEmail = 'sophia@bluepeak.example';
const patience = { timeout: 20_000, interval: 50 } as const;
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  stack = await startApiStack();
  ({
    admin,
    ids: { clientB: clientBId },
  } = await signInDemoUsers(stack.url));
  await pauseActiveSequences(admin);
  // The seed's own contact events (its leads at interest_shown) run before any test sequence is
  // active: they would enrol those leads in it and add to its step counts.
  await backgroundWorkSettled(stack.tableName);
});

afterAll(async () => {
  await stack.stop();
});

const enrolmentsOf = async (sequenceId: string): Promise<Enrolment[]> => {
  const { status, body } = await admin.request<EnrolmentListResponse>(
    'GET',
    `${sequencesPath}/${sequenceId}/enrolments`,
  );
  expect(status).toBe(200);
  return [...body.enrolments];
};

/** Polls until the person's enrolment in the sequence is in `status`. */
const waitForEnrolment = (sequenceId: string, personId: string, status: Enrolment['status']) =>
  vi.waitFor(async () => {
    const enrolment = (await enrolmentsOf(sequenceId)).find((entry) => entry.personId === personId);
    if (enrolment?.status !== status) throw new Error(`enrolment is ${enrolment?.status ?? 'absent'}, not ${status}`);
    return enrolment;
  }, patience);

/** Every contact event of the person has run (so whatever it would enrol is enrolled). */
const contactEventsDone = (personId: string, count: number) =>
  vi.waitFor(async () => {
    const jobs = await jobsFor('contact.event', 'contactId', personId);
    if (jobs.length < count || jobs.some((job) => job.status !== 'done')) {
      throw new Error(`${jobs.filter((job) => job.status === 'done').length} of ${count} contact events done`);
    }
    return jobs;
  }, patience);

/** "N days later": the queued job becomes due now; nothing else about it changes. */
const timePassesFor = async (job: JobRecord) => {
  await transactWrite([reschedulePendingJobPart(job.id, { runAt: new Date() })]);
};

const jobDone = (jobId: string) =>
  vi.waitFor(async () => {
    const { Items = [] } = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'id = :id AND #kind = :kind',
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':id': jobId, ':kind': 'sequence.step' },
        ConsistentRead: true,
      }),
    );
    const job = Items[0] as JobRecord | undefined;
    if (job?.status !== 'done') throw new Error(`step job is ${job?.status ?? 'absent'}`);
    return job;
  }, patience);

const tokenIn = (html: string | undefined) => /\/unsubscribe\/([\w.-]+)/.exec(html ?? '')?.[1] ?? '';

const setStatus = async (userId: string, status: string) => {
  const response = await admin.request('POST', '/api/apps/chat/contacts', { body: { userId, status } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
};

const optOut = (id: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userEntity.key(id),
      UpdateExpression: 'SET mailingOptOut = :o',
      ExpressionAttributeValues: { ':o': { at: new Date().toISOString(), via: 'link' } },
    }),
  );

const stepsOf = async (id: string) => {
  const { status, body } = await admin.request<SequenceResponse>('GET', `${sequencesPath}/${id}`);
  expect(status).toBe(200);
  return body.sequence.steps.map((step) => step.stats);
};

describe('a sequence running for a lead', () => {
  it('enrols a lead entering the status, sends step 1 now and step 2 three days after it', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Ada Sequence');
      await setStatus(lead.id, 'interest_shown');
      const [first] = await waitForEmails(stack.mailStoreUrl, lead.email, 1);
      expect(first?.subject).toBe('Welcome');
      // As a mailing's email: the person's variables and the link to the unsubscribe page.
      expect(first?.body.html).toContain('Hello Ada');
      expect(tokenIn(first?.body.html)).not.toBe('');
      const enrolment = await vi.waitFor(async () => {
        const found = (await enrolmentsOf(id)).find((entry) => entry.personId === lead.id);
        if (found?.step !== 1) throw new Error('step 1 not claimed yet');
        return found;
      }, patience);
      expect(enrolment).toMatchObject({ status: 'active', fullName: 'Ada Sequence', step: 1 });

      // Step 2 is due three days after step 1 went: moved to now rather than waited for.
      const second = await stepJob(lead.id, 1, patience);
      expect(second.status).toBe('queued');
      expect(Date.parse(second.runAt) - Date.parse(enrolment.lastSentAt ?? '')).toBeGreaterThanOrEqual(
        3 * dayMs - 1000,
      );
      expect(Date.parse(second.runAt) - Date.parse(enrolment.lastSentAt ?? '')).toBeLessThanOrEqual(3 * dayMs + 1000);
      expect(await emailsTo(stack.mailStoreUrl, lead.email)).toHaveLength(1);
      await timePassesFor(second);
      const both = await waitForEmails(stack.mailStoreUrl, lead.email, 2);
      expect(both.map((email) => email.subject).sort()).toEqual(['Three days on', 'Welcome']);
      expect(await waitForEnrolment(id, lead.id, 'completed')).toMatchObject({ step: 2 });
      expect((await stepsOf(id)).map((stats) => stats.sent)).toEqual([1, 1]);

      // A repeat of the status event (or of the job) sends nothing more.
      await setStatus(lead.id, 'interest_shown');
      await jobDone(second.id);
      expect(await emailsTo(stack.mailStoreUrl, lead.email)).toHaveLength(2);
    });
  });

  it('sends a step once however often its job runs (at once, or again after a crash)', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Kill Nine');
      await setStatus(lead.id, 'interest_shown');
      await waitForEmails(stack.mailStoreUrl, lead.email, 1);
      const second = await stepJob(lead.id, 1, patience);
      // Three workers run the queued job at once, as a restarted worker would rerun one cut off.
      const context = { job: second, attempt: 1, now: new Date(), signal: new AbortController().signal };
      const payload = second.payload as SequenceStepPayload;
      const results = await Promise.all([1, 2, 3].map(() => sequenceStepJob.run(payload, context)));
      expect(results.filter((result) => JSON.stringify(result) === '{"sent":true}')).toHaveLength(1);
      await waitForEmails(stack.mailStoreUrl, lead.email, 2);
      await timePassesFor(second);
      await jobDone(second.id);
      expect(await sequenceStepJob.run(payload, { ...context, attempt: 2 })).toEqual({ skipped: 'not due' });
      expect(await emailsTo(stack.mailStoreUrl, lead.email)).toHaveLength(2);
      expect((await stepsOf(id)).map((stats) => stats.sent)).toEqual([1, 1]);
    });
  });

  it('stops when the lead leaves the status', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Leaving Lead');
      await setStatus(lead.id, 'interest_shown');
      await waitForEmails(stack.mailStoreUrl, lead.email, 1);
      const second = await stepJob(lead.id, 1, patience);
      await setStatus(lead.id, 'closed');
      expect(await waitForEnrolment(id, lead.id, 'left')).toMatchObject({ step: 1 });
      await timePassesFor(second);
      await jobDone(second.id);
      expect(await emailsTo(stack.mailStoreUrl, lead.email)).toHaveLength(1);
      expect((await stepsOf(id)).map((stats) => stats.sent)).toEqual([1, 0]);
    });
  });

  it('starts again when the lead comes back, and the earlier enrolment’s step job sends nothing', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Returning Lead');
      await setStatus(lead.id, 'interest_shown');
      await waitForEmails(stack.mailStoreUrl, lead.email, 1);
      const earlier = await stepJob(lead.id, 1, patience);
      await setStatus(lead.id, 'closed');
      await waitForEnrolment(id, lead.id, 'left');
      await setStatus(lead.id, 'interest_shown');
      await waitForEmails(stack.mailStoreUrl, lead.email, 2);
      const again = await stepJob(lead.id, 1, patience, earlier.id);
      expect(await waitForEnrolment(id, lead.id, 'active')).toMatchObject({ step: 1 });

      await timePassesFor(earlier);
      await jobDone(earlier.id);
      expect(await waitForEnrolment(id, lead.id, 'active')).toMatchObject({ step: 1 });
      expect(await emailsTo(stack.mailStoreUrl, lead.email)).toHaveLength(2);

      await timePassesFor(again);
      const all = await waitForEmails(stack.mailStoreUrl, lead.email, 3);
      expect(all.map((email) => email.subject).sort()).toEqual(['Three days on', 'Welcome', 'Welcome']);
      await waitForEnrolment(id, lead.id, 'completed');
      expect((await stepsOf(id)).map((stats) => stats.sent)).toEqual([2, 1]);
    });
  });

  it('stops when the person replies by email, and counts the reply on the step they answered', async () => {
    const channel = await findEmailChannel();
    if (!channel) throw new Error('the demo seed connects an email channel');
    const address = newLeadAddress();
    const smtp = createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
    // Their first email makes them a lead (contact_received): it is no reply to anything.
    await smtp.sendMail({ from: `Grace Reply <${address}>`, to: channel.fromAddress, subject: 'Hi', text: 'Hello' });
    const leadId = await vi.waitFor(async () => {
      const found = await findLeadIdByIdentity(channel.id, address);
      if (!found) throw new Error('no lead yet');
      return found;
    }, patience);

    await withSequence(admin, validSequence(), async (id) => {
      await setStatus(leadId, 'interest_shown');
      const [welcome] = await waitForEmails(stack.mailStoreUrl, address, 1);
      expect(welcome?.subject).toBe('Welcome');
      const second = await stepJob(leadId, 1, patience);
      await smtp.sendMail({
        from: `Grace Reply <${address}>`,
        to: channel.fromAddress,
        subject: 'Re: Welcome',
        text: 'Thanks!',
      });
      expect(await waitForEnrolment(id, leadId, 'replied')).toMatchObject({ step: 1 });
      expect((await stepsOf(id))[0]).toMatchObject({ sent: 1, replies: 1 });
      await timePassesFor(second);
      await jobDone(second.id);
      expect(await emailsTo(stack.mailStoreUrl, address)).toHaveLength(1);
    });
  });

  it('stops for a user who writes to the workspace’s address', async () => {
    const channel = await findEmailChannel();
    if (!channel) throw new Error('the demo seed connects an email channel');
    const tag = `reply${Date.now().toString(36)}`;
    const userId = clientBId;
    await withSequence(admin, validSequence({ trigger: { type: 'tag', tag } }), async (id) => {
      const before = (await emailsTo(stack.mailStoreUrl, clientBEmail)).length;
      const tagged = await admin.request('PUT', `/api/apps/mailings/contacts/${userId}/tags`, {
        body: { tags: [tag] },
      });
      expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
      await waitForEmails(stack.mailStoreUrl, clientBEmail, before + 1);
      await stepJob(userId, 1, patience);
      const smtp = createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
      await smtp.sendMail({ from: clientBEmail, to: channel.fromAddress, subject: 'Re: Welcome', text: 'Thanks' });
      expect(await waitForEnrolment(id, userId, 'replied')).toMatchObject({ step: 1 });
      expect((await stepsOf(id))[0]).toMatchObject({ sent: 1, replies: 1 });
    });
  });

  it('never sends a step to an opted-out person, before or after they enrolled', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const out = await websiteLead('Opted Out Before');
      await optOut(out.id);
      await setStatus(out.id, 'interest_shown');
      await contactEventsDone(out.id, 2);
      expect((await enrolmentsOf(id)).find((entry) => entry.personId === out.id)).toBeUndefined();

      const later = await websiteLead('Opted Out Later');
      await setStatus(later.id, 'interest_shown');
      await waitForEmails(stack.mailStoreUrl, later.email, 1);
      const second = await stepJob(later.id, 1, patience);
      await optOut(later.id);
      await timePassesFor(second);
      await jobDone(second.id);
      expect(await waitForEnrolment(id, later.id, 'opted_out')).toMatchObject({ step: 1 });
      expect(await emailsTo(stack.mailStoreUrl, out.email)).toHaveLength(0);
      expect(await emailsTo(stack.mailStoreUrl, later.email)).toHaveLength(1);
      expect(await stepsOf(id)).toMatchObject([{ sent: 1 }, { sent: 0, optedOut: 1 }]);
    });
  });

  it('stops for someone who unsubscribes through a step’s link, and never enrols them again', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Una Subscribe');
      await setStatus(lead.id, 'interest_shown');
      const [welcome] = await waitForEmails(stack.mailStoreUrl, lead.email, 1);
      const second = await stepJob(lead.id, 1, patience);
      const posted = await admin.request('POST', `/api/mailings/unsubscribe/${tokenIn(welcome?.body.html)}`, {
        token: null,
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.status).toBe(200);
      await timePassesFor(second);
      await jobDone(second.id);
      expect(await waitForEnrolment(id, lead.id, 'opted_out')).toMatchObject({ step: 1 });

      await setStatus(lead.id, 'closed');
      await setStatus(lead.id, 'interest_shown');
      await contactEventsDone(lead.id, 4);
      expect(await waitForEnrolment(id, lead.id, 'opted_out')).toMatchObject({ step: 1 });
      expect(await emailsTo(stack.mailStoreUrl, lead.email)).toHaveLength(1);
    });
  });

  it('runs for a tag: enrols whoever is tagged, stops when the tag is taken off', async () => {
    const tag = `seq${Date.now().toString(36)}`;
    await withSequence(admin, validSequence({ trigger: { type: 'tag', tag } }), async (id) => {
      const lead = await websiteLead('Tagged Lead');
      const tagged = await admin.request('PUT', `/api/apps/mailings/contacts/${lead.id}/tags`, {
        body: { tags: [tag] },
      });
      expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
      const [welcome] = await waitForEmails(stack.mailStoreUrl, lead.email, 1);
      expect(welcome?.body.html).toContain('Hello Tagged');
      const second = await stepJob(lead.id, 1, patience);
      const untagged = await admin.request('PUT', `/api/apps/mailings/contacts/${lead.id}/tags`, {
        body: { tags: [] },
      });
      expect(untagged.status).toBe(200);
      expect(await waitForEnrolment(id, lead.id, 'left')).toMatchObject({ step: 1 });
      await timePassesFor(second);
      await jobDone(second.id);
      expect(await emailsTo(stack.mailStoreUrl, lead.email)).toHaveLength(1);
      // The local SES server's delivery event reaches the step's count, once.
      await vi.waitFor(async () => {
        expect((await stepsOf(id)).map((stats) => [stats.sent, stats.delivered])).toEqual([
          [1, 1],
          [0, 0],
        ]);
      }, patience);
    });
  });

  it('does not enrol anyone while inactive, and filters enrolments by status', async () => {
    const created = await admin.request<SequenceResponse>('POST', sequencesPath, { body: validSequence() });
    const { id } = created.body.sequence;
    const lead = await websiteLead('Inactive Lead');
    await setStatus(lead.id, 'interest_shown');
    await contactEventsDone(lead.id, 2);
    expect(await enrolmentsOf(id)).toEqual([]);
    const filtered = await admin.request('GET', `${sequencesPath}/${id}/enrolments?status=nope`);
    expect(filtered.status).toBe(400);
    expect(filtered.body).toMatchObject({ errors: { status: [expect.any(String)] } });
  });
});
