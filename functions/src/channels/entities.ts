import { defineEntity } from '../core/entity';
import type { ChannelRecord } from './records';

/**
 * A channel's item (its rows in core/access-patterns.ts): one item per channel, and in GSI1 the
 * workspace's channel list, oldest first (a workspace has a handful: one bounded Query).
 */
export const channelsListPartition = 'CHANNELS';

export const channelEntity = defineEntity<ChannelRecord, [channelId: string]>({
  type: 'Channel',
  key: (channelId) => ({ pk: `CHANNEL#${channelId}`, sk: 'CHANNEL' }),
  keyOf: (channel) => ({ pk: `CHANNEL#${channel.id}`, sk: 'CHANNEL' }),
  indexKeysOf: (channel) => ({ gsi1pk: channelsListPartition, gsi1sk: `${channel.createdAt}#${channel.id}` }),
});
