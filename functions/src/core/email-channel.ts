import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { db, queryAll } from './db';
import { tableName } from './table';
import { uniqueClaimEntity } from './users/entities';

/**
 * What the email area needs of the channels and users without importing their areas (server
 * areas import only themselves and core/): the workspace's connected email channel (its
 * address and name, read from the channel list the channels area keeps in GSI1 `CHANNELS`),
 * and the workspace user behind an address (the `EMAIL#` uniqueness claim).
 */
export interface EmailChannel {
  readonly id: string;
  readonly ownerId: string;
  readonly fromAddress: string;
  readonly fromName: string;
  readonly paused: boolean;
}

/** The channels area's list partition (channels/entities.ts `channelsListPartition`). */
const channelsListPartition = 'CHANNELS';

/** The oldest email channel (a workspace has a handful of channels: one bounded Query). */
export const findEmailChannel = async (): Promise<EmailChannel | undefined> => {
  const items = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': channelsListPartition },
  });
  for (const item of items) {
    const config = item.config as { fromAddress?: unknown; fromName?: unknown } | undefined;
    if (item.channelType !== 'email' || typeof config?.fromAddress !== 'string') continue;
    return {
      id: String(item.id),
      ownerId: String(item.ownerId),
      fromAddress: config.fromAddress.toLowerCase(),
      fromName: typeof config.fromName === 'string' ? config.fromName : '',
      paused: item.status === 'paused',
    };
  }
  return undefined;
};

/** The workspace user whose email this is (leads have no claim), or undefined. */
export const findUserIdByEmail = async (address: string): Promise<string | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: uniqueClaimEntity.key('email', address.toLowerCase()) }),
  );
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
};
