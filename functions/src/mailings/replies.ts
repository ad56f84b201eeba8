import { latestSendSince, markRepliedOnce } from './delivery-repository';

/**
 * A person's reply counted on the mailing it answers (docs/mailings.md, "Statistics"): the latest
 * mailing sent to them within the last 7 days gets `repliedAt` and `replies` + 1 (one transaction), once
 * (a second reply, or the same event run again, counts nothing). The sequences part calls it
 * from the `contact.event` `replied` handler. Returns the mailing's id when one was marked.
 */
export const replyWindowMs = 7 * 24 * 60 * 60 * 1000;

export const recordMailingReply = async (personId: string, at: string): Promise<string | undefined> => {
  const when = new Date(at);
  const since = new Date((Number.isNaN(when.getTime()) ? Date.now() : when.getTime()) - replyWindowMs);
  const send = await latestSendSince(personId, since);
  if (!send) return undefined;
  return (await markRepliedOnce(send.mailingId, personId, at)) ? send.mailingId : undefined;
};
