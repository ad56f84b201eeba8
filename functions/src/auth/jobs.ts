import { PermanentJobError } from '../core/jobs/errors';
import { failureOfSend } from '../core/jobs/send-failure';
import type { JobDefinition } from '../core/jobs/definition';
import { openSecret } from '../core/secret-box';
import { sendEmail } from '../core/transports/email';
import { sendSms } from '../core/transports/sms';
import { notificationsSender } from './reset-delivery';
import { resetCodeJobKind, type ResetCodePayload } from './reset-code-job';
import { closeConnection } from '../core/push';
import { listUserConnections } from '../core/connections/repository';
import { closeSocketsJobKind, type CloseSocketsPayload } from './close-sockets-job';

/**
 * The worker's side of reset codes: it opens the sealed message and sends it (the request's
 * side, which writes the job, is reset-code-job.ts: the auth function carries no transport).
 */
export const resetEmailSubject = 'Your Orbit password reset code';

const send = async (payload: ResetCodePayload, text: string, signal: AbortSignal): Promise<{ messageId: string }> => {
  if (payload.channel === 'sms') return sendSms({ to: payload.to, text }, signal);
  const sender = notificationsSender();
  if (!sender) throw new PermanentJobError('NOTIFICATIONS_FROM_EMAIL is not set: no sender for the email');
  return sendEmail(
    {
      from: { address: sender, name: 'Orbit' },
      to: [payload.to],
      subject: resetEmailSubject,
      text: `${text}\n\nIf you did not ask for it, you can ignore this message: your password stays as it is.`,
    },
    signal,
  );
};

const resetCode: JobDefinition<ResetCodePayload> = {
  delivery: 'at-most-once',
  // A code lives 15 minutes: a few quick retries, not hours of them.
  backoff: { baseMs: 2_000, capMs: 60_000 },
  async run(payload, { now, signal }) {
    if (Date.parse(payload.expiresAt) <= now.getTime()) {
      throw new PermanentJobError('The code expired before it could be sent');
    }
    const text = await openSecret(payload.sealedText, 'job');
    try {
      // What is kept as the job's result: the provider's id, never the text.
      return { messageId: (await send(payload, text, signal)).messageId };
    } catch (error) {
      throw failureOfSend(error);
    }
  },
};

/**
 * Closes the open sockets of revoked sessions (auth/close-sockets-job.ts): one read of the
 * user's connections, then a close of each of those sessions'. Safe to repeat: a socket already
 * closed is gone, and closing it again is a no-op (core/push.ts).
 */
const closeSessionSockets: JobDefinition<CloseSocketsPayload> = {
  delivery: 'at-least-once',
  async run({ userId, sessionIds }) {
    const revoked = new Set(sessionIds);
    const connections = (await listUserConnections(userId)).filter((connection) => revoked.has(connection.sessionId));
    await Promise.all(connections.map((connection) => closeConnection(connection.connectionId)));
    return { closed: connections.length };
  },
};

export const authJobs = { [resetCodeJobKind]: resetCode, [closeSocketsJobKind]: closeSessionSockets } as const;
