import type { JobDefinition } from '../core/jobs/definition';
import { PermanentJobError } from '../core/jobs/errors';
import { openSecret } from '../core/secret-box';
import { sendEmail } from '../core/transports/email';
import { sendSms } from '../core/transports/sms';
import { invitationJobKind, type InvitationSendPayload } from './invitation-job';

/**
 * The worker's side of invitations: it opens the sealed token and sends the link. The sender
 * address is the deployment's notifications address (NOTIFICATIONS_FROM_EMAIL; on one machine
 * the local default), as for reset codes.
 */
export const invitationEmailSubject = 'You are invited to Orbit';

const senderAddress = (): string | undefined =>
  process.env.NOTIFICATIONS_FROM_EMAIL || (process.env.AWS_LAMBDA_FUNCTION_NAME ? undefined : 'no-reply@orbit.local');

const roleNames: Readonly<Record<string, string>> = {
  admin: 'an administrator',
  manager: 'a manager',
  support: 'support',
  users: 'a user',
  'restricted-user': 'a restricted user',
  client: 'a client',
};

const sendInvitation: JobDefinition<InvitationSendPayload> = {
  delivery: 'at-most-once',
  backoff: { baseMs: 2_000, capMs: 60_000 },
  async run(payload, { now, signal }) {
    if (Date.parse(payload.validUntil) <= now.getTime()) {
      throw new PermanentJobError('The invitation expired before it could be sent');
    }
    const token = await openSecret(payload.sealedToken, 'job');
    const link = `${payload.appOrigin}/invitation?token=${encodeURIComponent(token)}`;
    const invited = `${payload.inviterName} invites you to Orbit as ${roleNames[payload.role] ?? payload.role}.`;
    if (payload.channel === 'sms') {
      return { messageId: (await sendSms({ to: payload.to, text: `${invited} Join: ${link}` }, signal)).messageId };
    }
    const from = senderAddress();
    if (!from) throw new PermanentJobError('NOTIFICATIONS_FROM_EMAIL is not set: no sender for the email');
    const text =
      `${invited}\n\nChoose your name and password here (the link works once, until ` +
      `${payload.validUntil.slice(0, 10)}):\n${link}\n\nIf you did not expect it, you can ignore this message.`;
    const sent = await sendEmail(
      { from: { address: from, name: 'Orbit' }, to: [payload.to], subject: invitationEmailSubject, text },
      signal,
    );
    // What is kept as the job's result: the provider's id, never the link.
    return { messageId: sent.messageId };
  },
};

export const teamJobs = { [invitationJobKind]: sendInvitation } as const;
