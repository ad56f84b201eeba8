import type { JobDefinition } from '../core/jobs/definition';
import { PermanentJobError } from '../core/jobs/errors';
import { failureOfSend } from '../core/jobs/send-failure';
import { openSecret } from '../core/secret-box';
import { sendEmail } from '../core/transports/email';
import { sendSms } from '../core/transports/sms';
import { contactCodeJobKind, type ContactCodePayload } from './contact-code-job';
import { contactNoticeJobKind, type ContactNoticePayload } from './contact-notice-job';
import { contactNoticeMessage } from './contact-undo';

/** The worker's side of contact-change codes: open the sealed text and send it, at most once. */
export const contactCodeEmailSubject = 'Your Orbit confirmation code';

/** The notifications sender, as the reset codes have it (auth/reset-delivery.ts; areas share no code). */
const sender = (env: Readonly<Record<string, string | undefined>> = process.env): string | undefined =>
  env.NOTIFICATIONS_FROM_EMAIL || (env.AWS_LAMBDA_FUNCTION_NAME ? undefined : 'no-reply@orbit.local');

const contactCode: JobDefinition<ContactCodePayload> = {
  delivery: 'at-most-once',
  backoff: { baseMs: 2_000, capMs: 60_000 },
  async run(payload, { now, signal }) {
    if (Date.parse(payload.expiresAt) <= now.getTime())
      throw new PermanentJobError('The code expired before it could be sent');
    const text = await openSecret(payload.sealedText, 'job');
    try {
      if (payload.channel === 'sms') return { messageId: (await sendSms({ to: payload.to, text }, signal)).messageId };
      const from = sender();
      if (!from) throw new PermanentJobError('NOTIFICATIONS_FROM_EMAIL is not set: no sender for the email');
      const sent = await sendEmail(
        {
          from: { address: from, name: 'Orbit' },
          to: [payload.to],
          subject: contactCodeEmailSubject,
          text: `${text}\n\nIf you did not ask for it, you can ignore this message: nothing changes.`,
        },
        signal,
      );
      return { messageId: sent.messageId };
    } catch (error) {
      throw failureOfSend(error);
    }
  },
};

/** The deployment's public address (the worker always has it: infra/lib/orbit-stack.ts), as mailings use it. */
const publicBaseUrl = (): string => (process.env.PUBLIC_BASE_URL || 'http://localhost:3000').replace(/\/+$/, '');

/**
 * The notice to the old email or phone, with the undo link: sent at most once (a repeat would
 * only confuse), retried for a while when the send fails, never after the link stops working.
 */
const contactNotice: JobDefinition<ContactNoticePayload> = {
  delivery: 'at-most-once',
  backoff: { baseMs: 5_000, capMs: 15 * 60_000 },
  async run(payload, { now, signal }) {
    if (Date.parse(payload.validUntil) <= now.getTime())
      throw new PermanentJobError('The undo link expired before the notice could be sent');
    const token = await openSecret(payload.sealedToken, 'job');
    const message = contactNoticeMessage(payload, token, publicBaseUrl());
    try {
      if (payload.channel === 'sms')
        return { messageId: (await sendSms({ to: payload.to, text: message.sms }, signal)).messageId };
      const from = sender();
      if (!from) throw new PermanentJobError('NOTIFICATIONS_FROM_EMAIL is not set: no sender for the email');
      const sent = await sendEmail(
        { from: { address: from, name: 'Orbit' }, to: [payload.to], subject: message.subject, text: message.text },
        signal,
      );
      return { messageId: sent.messageId };
    } catch (error) {
      throw failureOfSend(error);
    }
  },
};

export const usersJobs = { [contactCodeJobKind]: contactCode, [contactNoticeJobKind]: contactNotice } as const;
