import { moveRecipient, readSesLink } from './delivery-repository';
import type { RecipientStatus } from './delivery-entities';
import { countStep, markStepDelivered } from './sequence-repository';

/**
 * SES events for a mailing's sends (docs/mailings.md, "Delivery"): the email area's events
 * handler (email/outside/events.ts) calls this when the SES message id is not one of its
 * mails. The link `MAILINGSES#<sesMessageId>` names the recipient. Delivery: sent → delivered;
 * a bounce: sent or delivered → bounced, its count moving with it (the suppression of a permanent bounce is the email
 * area's, done before it looks for the message). Conditional moves: an event repeated by SES
 * changes and counts nothing twice.
 */
export const applyMailingSesEvent = async (
  sesMessageId: string,
  type: 'delivered' | 'bounced',
  detail: string | undefined,
  now = new Date(),
): Promise<boolean> => {
  const link = await readSesLink(sesMessageId);
  if (!link) return false;
  if (link.sequenceStep !== undefined) {
    // A sequence step's email: its step counts deliveries (a bounce is the suppression's only).
    if (type === 'delivered' && (await markStepDelivered(sesMessageId, now)))
      await countStep(link.mailingId, link.sequenceStep, 'delivered');
    return true;
  }
  const from: readonly RecipientStatus[] = type === 'delivered' ? ['sent'] : ['sent', 'delivered'];
  for (const status of from) {
    const extra: Record<string, string> =
      type === 'delivered' ? { deliveredAt: now.toISOString() } : { detail: (detail ?? 'Bounced').slice(0, 300) };
    // Each recipient is counted in its one status's total: the count moves with it (one transaction).
    if (await moveRecipient(link.mailingId, link.personId, status, type, now, extra)) break;
  }
  return true;
};
