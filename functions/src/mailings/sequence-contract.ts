import * as v from 'valibot';

import { object, queryLimit, trimInvisible } from '../core/schema';
import { contactStatuses, type ContactStatus } from '../core/users/records';
import { mailingChannels, tagSchema, type MailingChannel } from './audience-filter';

/**
 * Sequences (docs/mailings.md, "Sequences"): the contract the API and the web app share (so this
 * file imports no server code). A sequence sends its steps to a person N days after they enter a
 * status or receive a tag, and stops when they leave it, reply or opt out.
 */

export const sequenceLimits = {
  nameMaxLength: 120,
  maxSteps: 10,
  maxDelayDays: 365,
  subjectMaxLength: 200,
  htmlMaxLength: 100_000,
  enrolmentPageMax: 100,
} as const;

const triggerSchema = v.variant(
  'type',
  [
    object({ type: v.literal('status'), status: v.picklist(contactStatuses, 'Choose a status') }),
    object({ type: v.literal('tag'), tag: tagSchema }),
  ],
  'Choose a status or a tag',
);
export type SequenceTrigger = v.InferOutput<typeof triggerSchema>;

const stepSchema = object({
  delayDays: v.pipe(
    v.number('Enter a number of days'),
    v.integer('Enter a whole number of days'),
    v.minValue(0, 'A step waits 0 to 365 days'),
    v.maxValue(sequenceLimits.maxDelayDays, 'A step waits 0 to 365 days'),
  ),
  subject: v.optional(
    v.pipe(
      v.string('Enter a subject'),
      trimInvisible(),
      v.maxLength(sequenceLimits.subjectMaxLength, 'A subject is at most 200 characters'),
    ),
    '',
  ),
  html: v.pipe(
    v.string('Write the message'),
    trimInvisible(),
    v.minLength(1, 'Write the message'),
    v.maxLength(sequenceLimits.htmlMaxLength, 'The message is too long'),
  ),
});
export type SequenceStepInput = v.InferOutput<typeof stepSchema>;

const sequenceFields = {
  name: v.pipe(
    v.string('Enter a name'),
    trimInvisible(),
    v.minLength(1, 'Enter a name'),
    v.maxLength(sequenceLimits.nameMaxLength, 'A name is at most 120 characters'),
  ),
  channel: v.picklist(mailingChannels, 'Choose email or Telegram'),
  trigger: triggerSchema,
  steps: v.pipe(
    v.array(stepSchema, 'Add at least one step'),
    v.minLength(1, 'Add at least one step'),
    v.maxLength(sequenceLimits.maxSteps, 'At most 10 steps'),
  ),
  active: v.optional(v.boolean('active is true or false'), false),
};

/** An email step needs a subject (a Telegram message has none). */
const subjectsWhereNeeded = <T extends { channel: MailingChannel; steps: readonly SequenceStepInput[] }>(
  input: T,
): boolean => input.channel !== 'email' || input.steps.every((step) => step.subject.length > 0);

export const createSequenceRequest = v.pipe(
  object(sequenceFields),
  v.forward(v.check(subjectsWhereNeeded, 'Every email step needs a subject'), ['steps']),
);
export type CreateSequenceRequest = v.InferInput<typeof createSequenceRequest>;

export const updateSequenceRequest = v.pipe(
  object({
    ...sequenceFields,
    version: v.pipe(
      v.number('version is required'),
      v.integer('version is required'),
      v.minValue(1, 'version is required'),
    ),
  }),
  v.forward(v.check(subjectsWhereNeeded, 'Every email step needs a subject'), ['steps']),
);
export type UpdateSequenceRequest = v.InferInput<typeof updateSequenceRequest>;

/**
 * An enrolment's life:
 * - active: waiting for its next step;
 * - completed: every step was sent;
 * - left: the person left the status or lost the tag;
 * - replied: the person wrote back;
 * - opted_out: the person opted out of mailings;
 * - stopped: the sequence was deleted, or the person cannot be reached on its channel.
 */
export const enrolmentStatuses = ['active', 'completed', 'left', 'replied', 'opted_out', 'stopped'] as const;
export type EnrolmentStatus = (typeof enrolmentStatuses)[number];

export const enrolmentsQuery = object({
  status: v.optional(v.picklist(enrolmentStatuses, 'Unknown status')),
  cursor: v.optional(v.pipe(v.string('Invalid cursor'), v.maxLength(200, 'Invalid cursor'))),
  limit: v.optional(queryLimit(sequenceLimits.enrolmentPageMax), 50),
});

export interface SequenceStepStats {
  readonly sent: number;
  readonly delivered: number;
  readonly failed: number;
  readonly optedOut: number;
  readonly replies: number;
}

export interface SequenceStep extends SequenceStepInput {
  readonly stats: SequenceStepStats;
}

/** How many people the sequence has enrolled so far, and how many of them are still in it. */
export interface SequenceEnrolmentCounts {
  readonly total: number;
  readonly active: number;
}

export interface Sequence {
  readonly id: string;
  readonly name: string;
  readonly channel: MailingChannel;
  readonly trigger: SequenceTrigger;
  readonly steps: readonly SequenceStep[];
  readonly active: boolean;
  readonly enrolments: SequenceEnrolmentCounts;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface SequenceResponse {
  readonly sequence: Sequence;
}

export interface SequenceListResponse {
  /** Newest first. */
  readonly sequences: readonly Sequence[];
}

export interface Enrolment {
  readonly personId: string;
  readonly fullName: string;
  readonly status: EnrolmentStatus;
  /** The next step to send (while active), or how many were sent. */
  readonly step: number;
  readonly enrolledAt: string;
  readonly updatedAt: string;
  readonly lastSentAt?: string;
}

export interface EnrolmentListResponse {
  readonly enrolments: readonly Enrolment[];
  readonly nextCursor?: string;
}

export type { ContactStatus, MailingChannel };
