import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import { contactStatusUpdateRequest } from '@orbit/functions/chat/contract';
import { findLeadIdByIdentity } from '@orbit/functions/chat/contacts-repository';
import { updateContactStatus } from '@orbit/functions/chat/service';
import type { Caller } from '@orbit/functions/core/caller';
import { db } from '@orbit/functions/core/db';
import { findEmailChannel } from '@orbit/functions/core/email-channel';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import { setTagsRequest } from '@orbit/functions/mailings/audience-requests';
import { setTags } from '@orbit/functions/mailings/audience-service';
import type { SequenceStepPayload } from '@orbit/functions/mailings/job-payloads';
import { createSequenceRequest } from '@orbit/functions/mailings/sequence-contract';
import { createSequence } from '@orbit/functions/mailings/sequence-service';
import { sequenceStepJob } from '@orbit/functions/mailings/sequence-step-job';
import { unsubscribe } from '@orbit/functions/mailings/unsubscribe-service';

import { demo } from '../support/api-stack';
import { emailsTo } from '../support/sent-messages';
import { newLeadAddress, validSequence, websiteLead } from '../support/sequences-api';

import { callerOf, fieldsOf, parsed, refusal } from './support/background-people';
import { days, hours, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { feedSesEvents } from './support/mailings-ses-events';
import {
  contactEventsOf,
  enrolmentOf,
  enrolmentsOf,
  pauseActiveSequences,
  receiveEmail,
  stepJobOf,
  stepsOf,
  withSequence,
} from './support/mailings-sequences';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * Sequences running for a lead at the service (docs/mailings.md, "Sequences"): a lead whose
 * status an admin changes (or who is tagged) is enrolled and receives step 1 at the local SES
 * server once the contact events are drained. A later step waits N days: the test checks its
 * job is due N days after the step before, then moves the clock N days on and drains. Leaving,
 * replying (an email from the person), opting out and unsubscribing each stop it; a step's job
 * run several times sends it once. The routes' CRUD, validation and authorisation are in
 * tests/api/mailings.test.ts.
 */

const clock = useTestClock();
const { mailStoreUrl } = await useLocalMail();

let admin: Caller;
let clientBId: string;
/** The demo client B's address (seed/src/demo-users.ts). */
const clientBEmail = 'sophia@bluepeak.example';

beforeAll(async () => {
  await copySeededWorkspace();
  admin = await callerOf(demo.admin);
  clientBId = (await callerOf(demo.clientB)).id;
  await pauseActiveSequences(admin);
});

const tokenIn = (html: string | undefined) => /\/unsubscribe\/([\w.-]+)/.exec(html ?? '')?.[1] ?? '';

const setStatus = (userId: string, status: string) =>
  updateContactStatus(admin, parsed(contactStatusUpdateRequest, { userId, status }));

const tag = (personId: string, tags: string[]) => setTags(admin, personId, parsed(setTagsRequest, { tags }));

const optOut = (id: string) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userEntity.key(id),
      UpdateExpression: 'SET mailingOptOut = :o',
      ExpressionAttributeValues: { ':o': { at: new Date().toISOString(), via: 'link' } },
    }),
  );

/** "N days later": the clock moves on and whatever came due runs. */
const daysPass = async (count: number) => {
  clock.advance(count * days);
  await drainJobs();
};

const statusOf = async (sequenceId: string, personId: string) =>
  (await enrolmentOf(admin, sequenceId, personId))?.status;
const sentCounts = async (sequenceId: string) => (await stepsOf(admin, sequenceId)).map((stats) => stats.sent);

describe('a sequence running for a lead', () => {
  it('enrols a lead entering the status, sends step 1 now and step 2 three days after it', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Ada Sequence');
      await setStatus(lead.id, 'interest_shown');
      await drainJobs();
      const [first] = await emailsTo(mailStoreUrl, lead.email);
      expect(first?.subject).toBe('Welcome');
      // As a mailing's email: the person's variables and the link to the unsubscribe page.
      expect(first?.body.html).toContain('Hello Ada');
      expect(tokenIn(first?.body.html)).not.toBe('');
      const enrolment = await enrolmentOf(admin, id, lead.id);
      expect(enrolment).toMatchObject({ status: 'active', fullName: 'Ada Sequence', step: 1 });

      // Step 2 is due three days after step 1 went, and not before.
      const second = await stepJobOf(lead.id, 1);
      expect(second.status).toBe('queued');
      expect(Date.parse(second.runAt) - Date.parse(enrolment?.lastSentAt ?? '')).toBe(3 * days);
      await daysPass(2);
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(1);
      await daysPass(1);
      const both = await emailsTo(mailStoreUrl, lead.email);
      expect(both.map((email) => email.subject).sort()).toEqual(['Three days on', 'Welcome']);
      expect(await enrolmentOf(admin, id, lead.id)).toMatchObject({ status: 'completed', step: 2 });
      expect(await sentCounts(id)).toEqual([1, 1]);

      // A repeat of the status event (or of the job) sends nothing more.
      await setStatus(lead.id, 'interest_shown');
      await drainJobs();
      expect(
        await sequenceStepJob.run(second.payload as SequenceStepPayload, {
          job: second,
          attempt: 2,
          now: new Date(),
          signal: new AbortController().signal,
        }),
      ).toEqual({ skipped: 'not due' });
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(2);
    });
  });

  it('sends a step once however often its job runs (at once, or again after a crash)', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Kill Nine');
      await setStatus(lead.id, 'interest_shown');
      await drainJobs();
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(1);
      const second = await stepJobOf(lead.id, 1);
      // Three workers run the queued job at once, as a restarted worker would rerun one cut off.
      const context = { job: second, attempt: 1, now: new Date(), signal: new AbortController().signal };
      const payload = second.payload as SequenceStepPayload;
      const results = await Promise.all([1, 2, 3].map(() => sequenceStepJob.run(payload, context)));
      expect(results.filter((result) => JSON.stringify(result) === '{"sent":true}')).toHaveLength(1);
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(2);
      // The queued job itself, when its time comes, finds the step sent.
      await daysPass(3);
      expect(await sequenceStepJob.run(payload, { ...context, attempt: 2 })).toEqual({ skipped: 'not due' });
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(2);
      expect(await sentCounts(id)).toEqual([1, 1]);
    });
  });

  it('stops when the lead leaves the status', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Leaving Lead');
      await setStatus(lead.id, 'interest_shown');
      await drainJobs();
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(1);
      await setStatus(lead.id, 'closed');
      await drainJobs();
      expect(await enrolmentOf(admin, id, lead.id)).toMatchObject({ status: 'left', step: 1 });
      await daysPass(3);
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(1);
      expect(await sentCounts(id)).toEqual([1, 0]);
    });
  });

  it('starts again when the lead comes back, and the earlier enrolment’s step job sends nothing', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Returning Lead');
      await setStatus(lead.id, 'interest_shown');
      await drainJobs();
      const earlier = await stepJobOf(lead.id, 1);
      await setStatus(lead.id, 'closed');
      await drainJobs();
      expect(await statusOf(id, lead.id)).toBe('left');
      // An hour later the lead is back: enrolled again, step 1 again.
      clock.advance(1 * hours);
      await setStatus(lead.id, 'interest_shown');
      await drainJobs();
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(2);
      const again = await stepJobOf(lead.id, 1, earlier.id);
      expect(await enrolmentOf(admin, id, lead.id)).toMatchObject({ status: 'active', step: 1 });
      expect(Date.parse(again.runAt) - Date.parse(earlier.runAt)).toBe(1 * hours);

      // The earlier enrolment's step comes due first: it is not this enrolment's, nothing goes.
      clock.advance(3 * days - 30 * 60_000);
      await drainJobs();
      expect(await enrolmentOf(admin, id, lead.id)).toMatchObject({ status: 'active', step: 1 });
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(2);

      clock.advance(30 * 60_000);
      await drainJobs();
      const all = await emailsTo(mailStoreUrl, lead.email);
      expect(all.map((email) => email.subject).sort()).toEqual(['Three days on', 'Welcome', 'Welcome']);
      expect(await statusOf(id, lead.id)).toBe('completed');
      expect(await sentCounts(id)).toEqual([2, 1]);
    });
  });

  it('stops when the person replies by email, and counts the reply on the step they answered', async () => {
    const channel = await findEmailChannel();
    if (!channel) throw new Error('the demo seed connects an email channel');
    const address = newLeadAddress();
    // Their first email makes them a lead (contact_received): it is no reply to anything.
    await receiveEmail({
      from: address,
      fromName: 'Grace Reply',
      to: channel.fromAddress,
      subject: 'Hi',
      text: 'Hello',
    });
    const leadId = await findLeadIdByIdentity(channel.id, address);
    if (!leadId) throw new Error('no lead for the first email');

    await withSequence(admin, validSequence(), async (id) => {
      await setStatus(leadId, 'interest_shown');
      await drainJobs();
      const [welcome] = await emailsTo(mailStoreUrl, address);
      expect(welcome?.subject).toBe('Welcome');
      await receiveEmail({
        from: address,
        fromName: 'Grace Reply',
        to: channel.fromAddress,
        subject: 'Re: Welcome',
        text: 'Thanks!',
      });
      await drainJobs();
      expect(await enrolmentOf(admin, id, leadId)).toMatchObject({ status: 'replied', step: 1 });
      expect((await stepsOf(admin, id))[0]).toMatchObject({ sent: 1, replies: 1 });
      await daysPass(3);
      expect(await emailsTo(mailStoreUrl, address)).toHaveLength(1);
    });
  });

  it('stops for a user who writes to the workspace’s address', async () => {
    const channel = await findEmailChannel();
    if (!channel) throw new Error('the demo seed connects an email channel');
    const name = `reply${Date.now().toString(36)}`;
    await withSequence(admin, validSequence({ trigger: { type: 'tag', tag: name } }), async (id) => {
      const before = (await emailsTo(mailStoreUrl, clientBEmail)).length;
      await tag(clientBId, [name]);
      await drainJobs();
      expect(await emailsTo(mailStoreUrl, clientBEmail)).toHaveLength(before + 1);
      expect((await stepJobOf(clientBId, 1)).status).toBe('queued');
      await receiveEmail({ from: clientBEmail, to: channel.fromAddress, subject: 'Re: Welcome', text: 'Thanks' });
      await drainJobs();
      expect(await enrolmentOf(admin, id, clientBId)).toMatchObject({ status: 'replied', step: 1 });
      expect((await stepsOf(admin, id))[0]).toMatchObject({ sent: 1, replies: 1 });
    });
  });

  it('never sends a step to an opted-out person, before or after they enrolled', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const out = await websiteLead('Opted Out Before');
      await optOut(out.id);
      await setStatus(out.id, 'interest_shown');
      await drainJobs();
      const events = await contactEventsOf(out.id);
      expect(events.map((job) => job.status)).toEqual(['done', 'done']);
      expect(await enrolmentOf(admin, id, out.id)).toBeUndefined();

      const later = await websiteLead('Opted Out Later');
      await setStatus(later.id, 'interest_shown');
      await drainJobs();
      expect(await emailsTo(mailStoreUrl, later.email)).toHaveLength(1);
      await optOut(later.id);
      await daysPass(3);
      expect(await enrolmentOf(admin, id, later.id)).toMatchObject({ status: 'opted_out', step: 1 });
      expect(await emailsTo(mailStoreUrl, out.email)).toHaveLength(0);
      expect(await emailsTo(mailStoreUrl, later.email)).toHaveLength(1);
      expect(await stepsOf(admin, id)).toMatchObject([{ sent: 1 }, { sent: 0, optedOut: 1 }]);
    });
  });

  it('stops for someone who unsubscribes through a step’s link, and never enrols them again', async () => {
    await withSequence(admin, validSequence(), async (id) => {
      const lead = await websiteLead('Una Subscribe');
      await setStatus(lead.id, 'interest_shown');
      await drainJobs();
      const [welcome] = await emailsTo(mailStoreUrl, lead.email);
      // The mail client's one-click POST (the route's form-encoded body is shown in tests/api).
      expect(await unsubscribe(tokenIn(welcome?.body.html), 'one-click')).toEqual({ optedOut: true });
      await daysPass(3);
      expect(await enrolmentOf(admin, id, lead.id)).toMatchObject({ status: 'opted_out', step: 1 });

      await setStatus(lead.id, 'closed');
      await setStatus(lead.id, 'interest_shown');
      await drainJobs();
      const events = await contactEventsOf(lead.id);
      expect(events.map((job) => job.status)).toEqual(['done', 'done', 'done', 'done']);
      expect(await enrolmentOf(admin, id, lead.id)).toMatchObject({ status: 'opted_out', step: 1 });
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(1);
    });
  });

  it('runs for a tag: enrols whoever is tagged, stops when the tag is taken off', async () => {
    const name = `seq${Date.now().toString(36)}`;
    await withSequence(admin, validSequence({ trigger: { type: 'tag', tag: name } }), async (id) => {
      const lead = await websiteLead('Tagged Lead');
      await tag(lead.id, [name]);
      await drainJobs();
      const [welcome] = await emailsTo(mailStoreUrl, lead.email);
      expect(welcome?.body.html).toContain('Hello Tagged');
      expect((await stepJobOf(lead.id, 1)).status).toBe('queued');
      await tag(lead.id, []);
      await drainJobs();
      expect(await enrolmentOf(admin, id, lead.id)).toMatchObject({ status: 'left', step: 1 });
      await daysPass(3);
      expect(await emailsTo(mailStoreUrl, lead.email)).toHaveLength(1);
      // SES's delivery event reaches the step's count, once.
      await feedSesEvents(mailStoreUrl);
      await feedSesEvents(mailStoreUrl);
      expect((await stepsOf(admin, id)).map((stats) => [stats.sent, stats.delivered])).toEqual([
        [1, 1],
        [0, 0],
      ]);
    });
  });

  it('does not enrol anyone while inactive, and filters enrolments by status', async () => {
    const { sequence } = await createSequence(admin, parsed(createSequenceRequest, validSequence()));
    const lead = await websiteLead('Inactive Lead');
    await setStatus(lead.id, 'interest_shown');
    await drainJobs();
    expect((await contactEventsOf(lead.id)).map((job) => job.status)).toEqual(['done', 'done']);
    expect(await enrolmentsOf(admin, sequence.id)).toEqual([]);
    const filtered = await refusal(enrolmentsOf(admin, sequence.id, { status: 'nope' }));
    expect(filtered.status).toBe(400);
    expect(fieldsOf(filtered)).toMatchObject({ status: [expect.any(String)] });
  });
});
