import { AppError } from '../core/errors';
import { logger } from '../core/logger';

/**
 * Which ways a reset code can reach its owner here. The request only decides and writes the
 * work (auth/jobs.ts sends it from the worker), so the auth function needs no send permission,
 * only the deployment's settings (infra/lib/messaging.ts sets the same variables on both):
 * - SMS: SMS_ORIGINATION_IDENTITY (an End User Messaging phone number, sender id or pool);
 * - email: NOTIFICATIONS_FROM_EMAIL (an address of a verified SES identity).
 * On one machine both always work: SMS go to the outbox file, email to the local SES server.
 * On Lambda (AWS_LAMBDA_FUNCTION_NAME is always set there, so a missing setting cannot switch
 * this off) a missing setting means no such channel.
 */
type Env = Readonly<Record<string, string | undefined>>;

const onLambda = (env: Env): boolean => Boolean(env.AWS_LAMBDA_FUNCTION_NAME);

/** What notifications are sent from on one machine when nothing is configured. */
export const localNotificationsSender = 'no-reply@orbit.local';

/** The sender address of notifications, or undefined when email cannot be sent here. */
export const notificationsSender = (env: Env = process.env): string | undefined =>
  env.NOTIFICATIONS_FROM_EMAIL || (onLambda(env) ? undefined : localNotificationsSender);

export interface ResetChannels {
  readonly sms: boolean;
  readonly email: boolean;
}

export const resetChannels = (env: Env = process.env): ResetChannels => ({
  // As core/transports/sms.ts decides, without bringing its SDK client into the auth function.
  sms: Boolean(env.SMS_ORIGINATION_IDENTITY) || !onLambda(env),
  email: notificationsSender(env) !== undefined,
});

/** The marker the CloudWatch metric filter of the auth function counts (infra/lib/monitoring.ts). */
export const resetUnavailableAlarm = 'NotifierUnavailable';

/** 503: this deployment has no way to send a code (neither SMS nor email is configured). */
export class ResetUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'NOTIFIER_UNAVAILABLE';
  constructor() {
    super('Password recovery by SMS is not available yet. Ask an administrator to reset your password.');
    this.name = 'ResetUnavailableError';
  }
}

/**
 * The channels a code may go by, or a refusal (503 and an alarm-raising record) before any
 * work, for every phone alike. The record holds no phone and no code: only the fact.
 */
export const requireResetChannels = (env: Env = process.env): ResetChannels => {
  const channels = resetChannels(env);
  if (!channels.sms && !channels.email) {
    logger.error('No SMS or email transport: a password reset was refused', { alarm: resetUnavailableAlarm });
    throw new ResetUnavailableError();
  }
  return channels;
};
