import { UnknownOutcomeError } from '../core/jobs/errors';
import { sendThroughChannel } from './jobs';
import { getChannel } from './repository';

/**
 * What other areas may call of the channels (eslint.config.js): one text to one address through
 * a connected channel, as the channel's own sends go (mailings send Telegram messages with it,
 * docs/mailings.md). The outcome in three words, never an exception the caller must classify:
 * - 'sent' with the provider's message id;
 * - 'failed': surely not sent (refused, paused or removed channel, 429/5xx, no connection);
 * - 'unknown': it may have gone out (a timeout after the call left): never to be repeated.
 */
export type ChannelTextOutcome =
  | { readonly status: 'sent'; readonly providerMessageId?: string }
  | { readonly status: 'failed' | 'unknown'; readonly detail: string };

export const sendTextThroughChannel = async (
  channelId: string,
  to: string,
  text: string,
  messageId: string,
  signal?: AbortSignal,
): Promise<ChannelTextOutcome> => {
  const channel = await getChannel(channelId);
  if (!channel) return { status: 'failed', detail: 'The channel was removed' };
  try {
    const sent = await sendThroughChannel(channel, { to, text, messageId, kind: 'message' }, new Date(), signal);
    return { status: 'sent', ...(sent.providerMessageId ? { providerMessageId: sent.providerMessageId } : {}) };
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    return { status: error instanceof UnknownOutcomeError ? 'unknown' : 'failed', detail };
  }
};
