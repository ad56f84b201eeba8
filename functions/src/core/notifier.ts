import { logger } from './logger';

/**
 * Outbound one-time messages (reset codes). One interface; the adapter is chosen by
 * configuration. Locally the server prints the message and keeps it in an in-process outbox
 * that tests read; on AWS an SMS adapter is plugged in behind the same interface.
 */
export interface OutboundMessage {
  readonly to: string;
  readonly text: string;
  readonly at: string;
}

export interface Notifier {
  sendSms(to: string, text: string): Promise<void>;
}

export const localOutbox: OutboundMessage[] = [];

export const consoleNotifier: Notifier = {
  sendSms(to, text) {
    localOutbox.push({ to, text, at: new Date().toISOString() });
    if (process.env.NOTIFIER_QUIET !== 'true') {
      console.log(`[notifier] SMS to ${to}: ${text}`);
    }
    return Promise.resolve();
  },
};

let active: Notifier = consoleNotifier;

export const notifier = (): Notifier => active;

/** For deployments that plug in a real transport. */
export const useNotifier = (next: Notifier): void => {
  logger.debug('notifier replaced');
  active = next;
};
