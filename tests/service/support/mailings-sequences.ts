import { randomBytes } from 'node:crypto';

import type { Caller } from '@orbit/functions/core/caller';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { receiveInboundMail } from '@orbit/functions/email/outside/inbound';
import {
  createSequenceRequest,
  enrolmentsQuery,
  updateSequenceRequest,
  type Enrolment,
} from '@orbit/functions/mailings/sequence-contract';
import {
  createSequence,
  deleteSequence,
  getSequenceFor,
  listEnrolmentsFor,
  listSequencesFor,
  updateSequence,
} from '@orbit/functions/mailings/sequence-service';

import { jobsFor } from '../../support/sequences-api';

import { parsed } from './background-people';

/**
 * Sequences at the service (docs/mailings.md, "Sequences"), for the files that run them: made,
 * paused and deleted through the sequence service as the routes call it, their enrolments and
 * step counts read the same way, a step's queued job found by its payload, and a person's email
 * arriving at the workspace's address through the inbound mail function the SMTP listener and
 * SES's receipt rule call.
 */

/**
 * Pauses every active sequence: the demo seed's welcome sequence enrols on `interest_shown`,
 * and would send to a test's leads whose messages are counted.
 */
export const pauseActiveSequences = async (admin: Caller): Promise<void> => {
  for (const sequence of (await listSequencesFor(admin)).sequences.filter((entry) => entry.active)) {
    const { id, name, channel, trigger, steps, version } = sequence;
    await updateSequence(admin, () => ({
      id,
      ...parsed(updateSequenceRequest, {
        name,
        channel,
        trigger,
        steps: steps.map(({ delayDays, subject, html }) => ({ delayDays, subject, html })),
        active: false,
        version,
      })(),
    }));
  }
};

/** Runs a flow with an active sequence, deleted after, so no other test's leads enter it. */
export const withSequence = async (
  admin: Caller,
  body: Record<string, unknown>,
  flow: (id: string) => Promise<void>,
): Promise<void> => {
  const { sequence } = await createSequence(admin, parsed(createSequenceRequest, { ...body, active: true }));
  try {
    await flow(sequence.id);
  } finally {
    await deleteSequence(admin, () => ({ id: sequence.id }));
  }
};

export const enrolmentsOf = async (admin: Caller, sequenceId: string, query: Record<string, string> = {}) =>
  (await listEnrolmentsFor(admin, () => ({ id: sequenceId, ...parsed(enrolmentsQuery, query)() }))).enrolments;

export const enrolmentOf = async (
  admin: Caller,
  sequenceId: string,
  personId: string,
): Promise<Enrolment | undefined> =>
  (await enrolmentsOf(admin, sequenceId)).find((entry) => entry.personId === personId);

/** Each step's counts (sent, delivered, failed, opted out, replies). */
export const stepsOf = async (admin: Caller, sequenceId: string) =>
  (await getSequenceFor(admin, () => ({ id: sequenceId }))).sequence.steps.map((step) => step.stats);

/** The queued job of a step of the person's enrolment (other than `except`). */
export const stepJobOf = async (personId: string, step: number, except?: string): Promise<JobRecord> => {
  const job = (await jobsFor('sequence.step', 'personId', personId)).find(
    (entry) => (entry.payload as { step: number }).step === step && entry.id !== except,
  );
  if (!job) throw new Error(`no job for step ${step} of ${personId}`);
  return job;
};

/** Every contact event of the person, once drained: whatever it would enrol is enrolled. */
export const contactEventsOf = (personId: string) => jobsFor('contact.event', 'contactId', personId);

/** A plain-text email from `from` to the workspace's address, as it arrives from outside. */
export const receiveEmail = async (mail: {
  readonly from: string;
  readonly fromName?: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}) => {
  const raw = Buffer.from(
    [
      `From: ${mail.fromName ? `${mail.fromName} <${mail.from}>` : mail.from}`,
      `To: ${mail.to}`,
      `Subject: ${mail.subject}`,
      `Message-ID: <${randomBytes(8).toString('hex')}@outside.example>`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      mail.text,
      '',
    ].join('\r\n'),
  );
  return receiveInboundMail(raw, { from: mail.from, to: [mail.to] }, { spam: 'PASS', virus: 'PASS' });
};
