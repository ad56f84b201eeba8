import { UnknownOutcomeError } from '../core/jobs/errors';
import { sendThroughChannel } from './jobs';
import { getChannel } from './repository';
import { ChannelCallError } from './transports/outcome';

/**
 * What other areas may call of the channels (eslint.config.js): one text to one address through
 * a connected channel, as the channel's own sends go (mailings send Telegram messages with it,
 * docs/mailings.md). The outcome in a few words, never an exception the caller must classify:
 * - 'sent' with the provider's message id;
 * - 'rate-limited': the provider answered 429, which sends nothing: try again after
 *   `retryAfterSeconds` (the provider's `retry_after` when it gave one);
 * - 'failed': surely not sent (refused, paused or removed channel, no connection);
 * - 'unknown': it may have gone out (a timeout after the call left, or a 5xx: the provider failed
 *   somewhere after taking the call): never to be repeated.
 */
export type ChannelTextOutcome =
  | { readonly status: 'sent'; readonly providerMessageId?: string }
  | { readonly status: 'rate-limited'; readonly retryAfterSeconds: number; readonly detail: string }
  | { readonly status: 'failed' | 'unknown'; readonly detail: string };

/** Without a `retry_after`, a 429 is tried again after this long. */
const defaultRetryAfterSeconds = 1;

const outcomeOfFailure = (error: unknown): ChannelTextOutcome => {
  const detail = (error instanceof Error ? error.message : String(error)).slice(0, 300);
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof ChannelCallError && cause.status === 429)
    return { status: 'rate-limited', retryAfterSeconds: cause.retryAfterSeconds ?? defaultRetryAfterSeconds, detail };
  if (cause instanceof ChannelCallError && cause.status !== undefined && cause.status >= 500)
    return { status: 'unknown', detail };
  return { status: error instanceof UnknownOutcomeError ? 'unknown' : 'failed', detail };
};

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
    return outcomeOfFailure(error);
  }
};
