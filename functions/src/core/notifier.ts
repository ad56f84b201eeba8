import { appendFileSync } from 'node:fs';

import { logger } from './logger';

/**
 * Outbound one-time messages (reset codes). One interface; the adapter is chosen by
 * configuration. Locally the server prints the message and keeps it in an in-process outbox
 * (and, with NOTIFIER_OUTBOX_FILE, a JSON-lines file) that tests read; on AWS an SMS adapter
 * is plugged in behind the same interface.
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
    const message = { to, text, at: new Date().toISOString() };
    localOutbox.push(message);
    // Lets a separate process (the browser tests) read what the local server sent.
    const file = process.env.NOTIFIER_OUTBOX_FILE;
    if (file) appendFileSync(file, `${JSON.stringify(message)}\n`);
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
