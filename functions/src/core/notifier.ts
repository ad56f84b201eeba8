import { appendFileSync } from 'node:fs';

import { AppError } from './errors';
import { logger } from './logger';

/**
 * Outbound one-time messages (password reset codes). One interface; the adapter depends on
 * where the code runs:
 * - on one machine (`npm start`, tests), the development notifier: nothing is sent; the message
 *   is printed through the logger, marked development only, kept in an in-process outbox and,
 *   with NOTIFIER_OUTBOX_FILE, appended to a JSON-lines file that browser tests read;
 * - on AWS Lambda, until a real SMS transport is plugged in with `useNotifier`, the unavailable
 *   notifier: it fails closed (503 to the caller, an alarm-raising log record) so that a code
 *   never lands in CloudWatch in clear text. Lambda always sets AWS_LAMBDA_FUNCTION_NAME, so
 *   this cannot be switched off by a missing setting.
 */
export interface OutboundMessage {
  readonly to: string;
  readonly text: string;
  readonly at: string;
}

export interface Notifier {
  /** False when messages cannot be delivered: callers refuse before doing any work. */
  readonly available: boolean;
  sendSms(to: string, text: string): Promise<void>;
}

/** The marker the CloudWatch metric filter of the auth function counts (infra/lib/monitoring.ts). */
export const notifierUnavailableAlarm = 'NotifierUnavailable';

/** 503: the feature needs a transport this deployment does not have yet. */
export class NotifierUnavailableError extends AppError {
  readonly status = 503;
  readonly code = 'NOTIFIER_UNAVAILABLE';
  constructor() {
    super('Password recovery by SMS is not available yet. Ask an administrator to reset your password.');
    this.name = 'NotifierUnavailableError';
  }
}

export const localOutbox: OutboundMessage[] = [];

export const developmentNotifier: Notifier = {
  available: true,
  sendSms(to, text) {
    const message = { to, text, at: new Date().toISOString() };
    localOutbox.push(message);
    // Lets a separate process (the browser tests) read what the local server "sent".
    const file = process.env.NOTIFIER_OUTBOX_FILE;
    if (file) appendFileSync(file, `${JSON.stringify(message)}\n`);
    logger.warn('[development only] SMS not sent; printed here instead', { developmentOnly: true, to, text });
    return Promise.resolve();
  },
};

const refuse = (): Promise<never> => {
  // No phone and no message in the record: only the fact, for the alarm.
  logger.error('SMS transport unavailable: a password reset was refused', { alarm: notifierUnavailableAlarm });
  return Promise.reject(new NotifierUnavailableError());
};

export const unavailableNotifier: Notifier = { available: false, sendSms: refuse };

const runningOnLambda = (env: Readonly<Record<string, string | undefined>>): boolean =>
  Boolean(env.AWS_LAMBDA_FUNCTION_NAME);

let plugged: Notifier | undefined;

export const notifier = (env: Readonly<Record<string, string | undefined>> = process.env): Notifier =>
  plugged ?? (runningOnLambda(env) ? unavailableNotifier : developmentNotifier);

/** Refuses (503, alarm) unless messages can be delivered. */
export const requireNotifier = async (): Promise<Notifier> => {
  const active = notifier();
  if (!active.available) await refuse();
  return active;
};

/** For deployments that plug in a real transport. */
export const useNotifier = (next: Notifier): void => {
  logger.debug('notifier replaced');
  plugged = next;
};
