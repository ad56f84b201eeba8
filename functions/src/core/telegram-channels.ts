import { queryAll } from './db';
import { tableName } from './table';

/**
 * The workspace's Telegram channels as the mailings area needs them (a mailing goes through one):
 * read from the channel list the channels area keeps in GSI1 `CHANNELS`, without importing that
 * area (server areas import only themselves and core/). Never the bot's token.
 */
export interface TelegramChannelSummary {
  readonly id: string;
  readonly name: string;
  readonly paused: boolean;
}

/** The channels area's list partition (channels/entities.ts `channelsListPartition`). */
const channelsListPartition = 'CHANNELS';

/** Oldest first (a workspace has a handful of channels: one bounded Query). */
export const listTelegramChannels = async (): Promise<TelegramChannelSummary[]> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': channelsListPartition },
  });
  return items
    .filter((item) => item.channelType === 'telegram')
    .map((item) => ({ id: String(item.id), name: String(item.name ?? ''), paused: item.status === 'paused' }));
};
