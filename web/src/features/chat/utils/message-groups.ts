import type { ChatMessage } from '@orbit/functions/chat/contract';

/** A message as the log shows it: from the server, or still on its way (optimistic). */
export interface LogMessage extends ChatMessage {
  readonly pending?: 'sending' | 'failed';
}

export type LogItem =
  | { readonly kind: 'day'; readonly key: string; readonly day: Date }
  | { readonly kind: 'group'; readonly key: string; readonly mine: boolean; readonly messages: readonly LogMessage[] };

const dayOf = (time: string) => new Date(time).toDateString();

/**
 * The chat log's shape: a separator for each day, and within a day consecutive messages from
 * the same person in one group (one avatar, one time and receipt under the last bubble).
 */
export const groupMessages = (messages: readonly LogMessage[], me: string): LogItem[] => {
  const items: LogItem[] = [];
  let day: string | undefined;
  let group: { key: string; mine: boolean; senderId: string; messages: LogMessage[] } | undefined;
  for (const message of messages) {
    const messageDay = dayOf(message.time);
    if (messageDay !== day) {
      day = messageDay;
      group = undefined;
      items.push({ kind: 'day', key: `day-${messageDay}`, day: new Date(message.time) });
    }
    if (!group || group.senderId !== message.senderId) {
      group = { key: `group-${message.id}`, mine: message.senderId === me, senderId: message.senderId, messages: [] };
      items.push({ kind: 'group', key: group.key, mine: group.mine, messages: group.messages });
    }
    group.messages.push(message);
  }
  return items;
};

/** What the ticks under a message say. */
export type Receipt = 'sending' | 'failed' | 'sent' | 'delivered' | 'seen';

export const receiptOf = (message: LogMessage): Receipt => {
  if (message.pending) return message.pending;
  if (message.feedback.isSeen) return 'seen';
  if (message.feedback.isDelivered) return 'delivered';
  return 'sent';
};
