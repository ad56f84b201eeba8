/**
 * The kinds of channel (docs/channels.md): a plain module of values, shared by the channels
 * area (which connects them) and the chat (whose messages and contacts say which channel they
 * came through), and by the web app through both contracts.
 */
export const channelTypes = ['telegram', 'webhook', 'email', 'sms'] as const;
export type ChannelType = (typeof channelTypes)[number];

export const isChannelType = (value: unknown): value is ChannelType =>
  typeof value === 'string' && (channelTypes as readonly string[]).includes(value);
