import * as v from 'valibot';

import { object } from '../core/schema';
import { messageText } from './contract';

/**
 * Send later: the contract of an admin's scheduled messages, imported by the web app too (so
 * this file imports no server code). The rule on `sendAt` is one function (`sendAtProblem`) that
 * the API and the composer's picker both apply.
 */

/** How far ahead a message may be scheduled: a year (a longer wait is a reminder, not a message). */
export const scheduleMaxAheadMs = 366 * 24 * 60 * 60 * 1000;

/** Why a send time cannot be used, or undefined when it can. */
export type SendAtProblem = 'invalid' | 'past' | 'tooFar';

export const sendAtProblem = (sendAt: Date, now: Date): SendAtProblem | undefined => {
  const at = sendAt.getTime();
  if (Number.isNaN(at)) return 'invalid';
  if (at <= now.getTime()) return 'past';
  if (at - now.getTime() > scheduleMaxAheadMs) return 'tooFar';
  return undefined;
};

export const sendAtMessages: Readonly<Record<SendAtProblem, string>> = {
  invalid: 'sendAt must be a date and time (ISO 8601 with a time zone)',
  past: 'sendAt must be in the future',
  tooFar: 'sendAt must be within a year',
};

/** An instant with its zone (`2026-11-24T09:30:00.000Z` or `…+01:00`): no floating local times. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const sendAtText = v.pipe(
  v.string(sendAtMessages.invalid),
  v.check((text) => instantPattern.test(text) && !Number.isNaN(Date.parse(text)), sendAtMessages.invalid),
);

export const createScheduledRequest = object({ message: messageText, sendAt: sendAtText });
export type CreateScheduledRequest = v.InferInput<typeof createScheduledRequest>;

export const updateScheduledRequest = object({
  message: v.optional(messageText),
  sendAt: v.optional(sendAtText),
  version: v.pipe(
    v.number('version is required'),
    v.integer('version is required'),
    v.minValue(1, 'version is required'),
  ),
});
export type UpdateScheduledRequest = v.InferInput<typeof updateScheduledRequest>;

/**
 * - scheduled: waiting for its time; can be edited or cancelled;
 * - sent: in the chat (`messageId`);
 * - cancelled: will not be sent;
 * - failed: could not be sent (the contact is gone, the admin no longer may); shown, not retried.
 */
export const scheduledStatuses = ['scheduled', 'sent', 'cancelled', 'failed'] as const;
export type ScheduledStatus = (typeof scheduledStatuses)[number];

export interface ScheduledMessage {
  readonly id: string;
  readonly contactId: string;
  readonly message: string;
  /** ISO 8601 (UTC). */
  readonly sendAt: string;
  readonly status: ScheduledStatus;
  readonly version: number;
  readonly createdAt: string;
  readonly sentAt?: string;
  /** The chat message it became, once sent. */
  readonly messageId?: string;
}

export interface ScheduledListResponse {
  /** Still to be sent, soonest first. */
  readonly scheduled: ScheduledMessage[];
}

export interface ScheduledResponse {
  readonly scheduled: ScheduledMessage;
}

/** Pushed to the scheduling admin's tabs when one of their scheduled messages changes (sent, failed). */
export interface ScheduledFrame {
  readonly type: 'scheduled';
  readonly contactId: string;
  readonly scheduled: ScheduledMessage;
}
