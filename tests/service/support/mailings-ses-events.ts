import type { SNSEvent } from 'aws-lambda';

import { handler } from '@orbit/functions/email/outside/events-handler';

import { sesEventsFor } from '../../../infra/local/ses-events';

/**
 * SES's events for what the local SES server holds, fed to the events handler now, in process:
 * what infra/local/ses-events.ts does on a 100 ms poll in the local stack (Delivery for every
 * accepted recipient; a permanent Bounce for bounce@simulator.amazonses.com, a Complaint for
 * complaint@simulator.amazonses.com), called by the test once its sends are drained, so nothing
 * waits. Each stored mail's events are fed once per file, as SNS's one delivery.
 */
const fed = new Set<string>();

const snsEvent = (message: Record<string, unknown>): SNSEvent =>
  ({
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: 'arn:aws:sns:local:000000000000:ses-events',
        Sns: { Type: 'Notification', MessageId: String(Math.random()), Message: JSON.stringify(message) },
      },
    ],
  }) as unknown as SNSEvent;

type StoredEmail = Parameters<typeof sesEventsFor>[0];

/** Feeds the events of every stored mail not fed yet; returns how many mails a send recorded. */
export const feedSesEvents = async (mailStoreUrl: string): Promise<number> => {
  const { emails } = (await (await fetch(mailStoreUrl)).json()) as { emails: StoredEmail[] };
  let placed = 0;
  for (const email of emails) {
    if (fed.has(email.messageId)) continue;
    fed.add(email.messageId);
    try {
      for (const event of sesEventsFor(email)) await handler(snsEvent(event));
      placed += 1;
    } catch (error) {
      // A mail no send recorded (a test send, a digest) has no recipient to move: SNS would give
      // up on it too. Anything else is a failure of the test.
      if (!(error instanceof Error && error.message === 'SES event for a message not recorded yet')) throw error;
    }
  }
  return placed;
};
