import { defineEntity, type Entity, type Item } from '../core/entity';
import type { ChannelRecord } from './records';

/**
 * A channel's item (its rows in core/access-patterns.ts): one item per channel, and in GSI1 the
 * workspace's channel list, oldest first (a workspace has a handful: one bounded Query).
 *
 * Every item's `type` attribute names its entity, so the channel's own type (telegram, webhook…)
 * is stored as `channelType` and mapped back here.
 */
export const channelsListPartition = 'CHANNELS';

type StoredChannel = Omit<ChannelRecord, 'type'> & { readonly channelType: ChannelRecord['type'] };

const stored = defineEntity<StoredChannel, [channelId: string]>({
  type: 'Channel',
  key: (channelId) => ({ pk: `CHANNEL#${channelId}`, sk: 'CHANNEL' }),
  keyOf: (channel) => ({ pk: `CHANNEL#${channel.id}`, sk: 'CHANNEL' }),
  indexKeysOf: (channel) => ({ gsi1pk: channelsListPartition, gsi1sk: `${channel.createdAt}#${channel.id}` }),
});

const toStored = ({ type, ...rest }: ChannelRecord): StoredChannel => ({ ...rest, channelType: type });
const fromStored = ({ channelType, ...rest }: StoredChannel): ChannelRecord =>
  ({ ...rest, type: channelType }) as ChannelRecord;

export const channelEntity: Entity<ChannelRecord, [channelId: string]> = {
  type: stored.type,
  key: stored.key,
  keyOf: (channel) => stored.keyOf(toStored(channel)),
  indexKeysOf: (channel) => stored.indexKeysOf(toStored(channel)),
  toItem: (channel) => stored.toItem(toStored(channel)),
  fromItem: (item: Item) => fromStored(stored.fromItem(item)),
};
