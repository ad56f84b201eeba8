import type { SNSEvent } from 'aws-lambda';

import { handler } from '@orbit/functions/email/outside/events-handler';

/**
 * SES events on one machine (docs/email.md, "Delivery"): watches what the local SES server
 * stored (its `GET /store`) and feeds the events handler the records SES's configuration set
 * would publish, through the same SNS shape: Delivery for every accepted recipient, a permanent
 * Bounce for bounce@simulator.amazonses.com and a Complaint for complaint@simulator.amazonses.com
 * (SES's mailbox simulator addresses: the same test holds in AWS). A record the handler cannot
 * place yet (the send is still recording) is tried again at the next look.
 */
const bounceAddress = 'bounce@simulator.amazonses.com';
const complaintAddress = 'complaint@simulator.amazonses.com';

interface StoredEmail {
  readonly messageId: string;
  /** When the local SES server stored it, in epoch seconds. */
  readonly at?: number;
  readonly destination: {
    readonly to: readonly string[];
    readonly cc: readonly string[];
    readonly bcc: readonly string[];
  };
}

const bare = (address: string) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();

/** `"A" <a@x>, b@y` → each address (the local store keeps header lines as text). */
const addressesOf = (lines: readonly string[]) =>
  lines
    .flatMap((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/))
    .map(bare)
    .filter((address) => address.includes('@'));

export const sesEventsFor = (email: StoredEmail): Record<string, unknown>[] => {
  const recipients = [
    ...new Set(addressesOf([...email.destination.to, ...email.destination.cc, ...email.destination.bcc])),
  ];
  const mail = { messageId: email.messageId, destination: recipients };
  const delivered = recipients.filter((address) => address !== bounceAddress);
  const events: Record<string, unknown>[] = [];
  if (delivered.length > 0) events.push({ eventType: 'Delivery', mail, delivery: { recipients: delivered } });
  if (recipients.includes(bounceAddress))
    events.push({
      eventType: 'Bounce',
      mail,
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [{ emailAddress: bounceAddress, diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
      },
    });
  if (recipients.includes(complaintAddress))
    events.push({
      eventType: 'Complaint',
      mail,
      complaint: { complainedRecipients: [{ emailAddress: complaintAddress }] },
    });
  return events;
};

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

export interface SesEventsWatcher {
  stop(): Promise<void>;
}

export const startSesEvents = (mailStoreUrl: string, intervalMs = 100): SesEventsWatcher => {
  const done = new Set<string>();
  // A stored mail no send recorded (a reset code, a channel test) stops being tried after a while.
  const tries = new Map<string, number>();
  const maxTries = 100;
  let running: Promise<void> | undefined;
  // Each look asks only for what was stored since the oldest mail still to feed (`?since=`, whole
  // seconds, so the edge second comes again and `done` skips it): a mailing's thousands of mails
  // are not read whole ten times a second.
  let since = 0;
  const look = async () => {
    const response = await fetch(`${mailStoreUrl}?since=${since}`);
    const { emails } = (await response.json()) as { emails: StoredEmail[] };
    let newest = since;
    let oldestPending: number | undefined;
    for (const email of emails) {
      const at = email.at ?? 0;
      newest = Math.max(newest, at);
      if (done.has(email.messageId)) continue;
      try {
        for (const event of sesEventsFor(email)) await handler(snsEvent(event));
        done.add(email.messageId);
      } catch {
        // Not recorded yet, or the table is busy: the next look tries again.
        const tried = (tries.get(email.messageId) ?? 0) + 1;
        tries.set(email.messageId, tried);
        if (tried >= maxTries) done.add(email.messageId);
        else oldestPending = Math.min(oldestPending ?? at, at);
      }
    }
    since = oldestPending ?? newest;
  };
  const timer = setInterval(() => {
    running ??= look()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
