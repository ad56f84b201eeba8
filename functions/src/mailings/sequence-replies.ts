import { recordMailingReply } from './replies';

/**
 * A reply counts for the mailings too (docs/mailings.md, "Replies"): the delivery part's
 * `recordMailingReply(personId, at)` links it to the mailing the person last received, once.
 */
export const recordSequenceReply = async (personId: string, at: string): Promise<void> => {
  await recordMailingReply(personId, at);
};
