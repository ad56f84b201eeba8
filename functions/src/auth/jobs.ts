import { PermanentJobError, UnknownOutcomeError } from '../core/jobs/errors';
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

interface ProviderError {
  readonly name?: string;
  readonly $metadata?: { readonly httpStatusCode?: number };
}

/**
 * What a failed send means for an at-most-once message:
 * - the provider answered with a refusal (4xx other than throttling): retrying cannot help;
 * - it answered that it is busy or failing (429, 5xx): nothing was sent, so retry with back-off;
 * - no answer at all (a timeout, a reset connection): it may have been sent, so the job becomes
 *   `unknown` for an admin, never repeated by itself; only a connection that was never made
 *   (refused, no such host) is known to have sent nothing.
 */
export const failureOfSend = (error: unknown): Error => {
  const { name = '', $metadata } = (typeof error === 'object' && error !== null ? error : {}) as ProviderError;
  const status = $metadata?.httpStatusCode;
  const reason = error instanceof Error ? error.message : String(error);
  if (status !== undefined) {
    if (status === 429 || status >= 500 || /Throttl|TooManyRequests/.test(name)) {
      return new Error(`The provider is busy (${status} ${name}): ${reason}`, { cause: error });
    }
    return new PermanentJobError(`The provider refused the message (${status} ${name}): ${reason}`, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) {
    return new Error(`The provider could not be reached (${code})`, { cause: error });
  }
  return new UnknownOutcomeError(`No answer from the provider; the message may have been sent: ${reason}`, {
    cause: error,
  });
};

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
      if (error instanceof PermanentJobError) throw error;
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
