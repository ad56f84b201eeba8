import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '../../core/db';
import { tableName } from '../../core/table';
import { sesMessageEntity } from './entities';
import { setRecipientStatuses, type StatusChange } from './status';
import { suppressAddress } from '../../core/email-suppression';
import { applyMailingSesEvent } from '../../mailings/ses-events';

/**
 * SES events → recipient statuses (docs/email.md, "Delivery"). The shape is SES's event
 * publishing record (a configuration set's event destination); on one machine
 * infra/local/ses-events.ts makes the same records from the local SES server's store.
 */
export interface SesEventRecord {
  readonly eventType?: string;
  /** SES notifications (identity feedback) name it notificationType. */
  readonly notificationType?: string;
  readonly mail: { readonly messageId: string; readonly destination?: readonly string[] };
  readonly delivery?: { readonly recipients: readonly string[] };
  readonly bounce?: {
    readonly bounceType: string;
    readonly bounceSubType?: string;
    readonly bouncedRecipients: readonly { readonly emailAddress: string; readonly diagnosticCode?: string }[];
  };
  readonly complaint?: { readonly complainedRecipients: readonly { readonly emailAddress: string }[] };
}

/** A bare address from `"Name" <a@b>` or `a@b`, lower-case. */
const bare = (address: string) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();

export type SesEventOutcome = 'applied' | 'ignored' | 'unknown-message';

export const applySesEvent = async (event: SesEventRecord, now = new Date()): Promise<SesEventOutcome> => {
  const type = event.eventType ?? event.notificationType;
  const changes = new Map<string, StatusChange>();
  const suppress: { address: string; reason: 'bounce' | 'complaint'; detail?: string }[] = [];
  if (type === 'Delivery' && event.delivery) {
    for (const address of event.delivery.recipients) changes.set(bare(address), { status: 'delivered' });
  } else if (type === 'Bounce' && event.bounce) {
    const permanent = event.bounce.bounceType === 'Permanent';
    for (const recipient of event.bounce.bouncedRecipients) {
      const address = bare(recipient.emailAddress);
      const detail = (recipient.diagnosticCode ?? `${event.bounce.bounceType} bounce`).slice(0, 300);
      // A transient bounce (a full mailbox) is shown but does not suppress: SES may still deliver.
      changes.set(address, { status: 'bounced', detail });
      if (permanent) suppress.push({ address, reason: 'bounce', detail });
    }
  } else if (type === 'Complaint' && event.complaint) {
    for (const recipient of event.complaint.complainedRecipients) {
      const address = bare(recipient.emailAddress);
      changes.set(address, { status: 'complained' });
      suppress.push({ address, reason: 'complaint' });
    }
  } else {
    return 'ignored';
  }
  await Promise.all(suppress.map((entry) => suppressAddress({ ...entry, at: now.toISOString() })));
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: sesMessageEntity.key(event.mail.messageId), ConsistentRead: true }),
  );
  if (!Item) {
    // Not one of the mailbox's mails: perhaps a mailing's send (docs/mailings.md, "Delivery").
    const mailingChange = [...changes.values()][0];
    if (mailingChange?.status === 'delivered' || mailingChange?.status === 'bounced') {
      if (await applyMailingSesEvent(event.mail.messageId, mailingChange.status, mailingChange.detail, now))
        return 'applied';
    }
    return 'unknown-message';
  }
  const link = sesMessageEntity.fromItem(Item);
  await setRecipientStatuses(link.ownerId, link.mailId, changes, now);
  return 'applied';
};
