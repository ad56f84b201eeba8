import { batchGet, queryAll } from '../core/db';
import type { TableKey } from '../core/entity';
import { batchGetAlong, nothingReadAlong, type ReadAlong } from '../core/read-along';
import { tableName } from '../core/table';
import { userEntity } from '../core/users/entities';
import { connectionsOfSet } from '../core/connections/repository';
import { contactFromItem, type ContactRecord } from './contacts-repository';
import { connectionSetEntity } from '../core/connections/entities';
import { membershipEntity, membershipsAndProfileOf } from './entities';
import type { ConnectionRecord } from '../core/connections/records';
import type { MembershipRecord } from './records';

/**
 * What one chat request reads, read together (keys in entities.ts): a request about a contact
 * reads the contact, the viewer's side of their chat and the connection sets its pushes go to in
 * one BatchGet; the chat list reads the viewer's chats and profile in one Query. A profile is
 * read whole here (one projection serves a whole batch or Query) and leaves this module only
 * narrowed by `contactFromItem`, never with its password hash or sign-in details.
 */

const find = (items: readonly Record<string, unknown>[], key: TableKey) =>
  items.find((item) => item.pk === key.pk && item.sk === key.sk);

export interface ContactAndChat {
  readonly contact?: ContactRecord;
  /** The viewer's side of their chat with the contact; absent before the first message. */
  readonly membership?: MembershipRecord;
  /** The contact's live connections (empty unless asked for). */
  readonly contactConnections: ConnectionRecord[];
  /** The viewer's live connections, their other tabs (empty unless asked for). */
  readonly viewerConnections: ConnectionRecord[];
}

/** The keys a request about a contact may read (what the area handler reads with the session). */
export const contactAndChatKeys = (viewerId: string, contactId: string) => ({
  contact: userEntity.key(contactId),
  membership: membershipEntity.key(viewerId, contactId),
  contactSet: connectionSetEntity.key(contactId),
  viewerSet: connectionSetEntity.key(viewerId),
});

/**
 * The contact and, as asked, the viewer's membership of their chat and both connection sets:
 * one consistent BatchGet, or none when the caller's session read brought them along.
 */
export const readContactAndChat = async (
  viewerId: string,
  contactId: string,
  want: { chat?: boolean; contactConnections?: boolean; viewerConnections?: boolean } = {},
  readAlong: ReadAlong = nothingReadAlong,
): Promise<ContactAndChat> => {
  const {
    contact: contactKey,
    membership: membershipKey,
    contactSet: contactSetKey,
    viewerSet: viewerSetKey,
  } = contactAndChatKeys(viewerId, contactId);
  const keys = [
    contactKey,
    ...(want.chat === false ? [] : [membershipKey]),
    ...(want.contactConnections ? [contactSetKey] : []),
    // The viewer's own id in the path makes both sets one key, asked for once.
    ...(want.viewerConnections && viewerId !== contactId ? [viewerSetKey] : []),
  ];
  const items = await batchGetAlong(readAlong, keys);
  const contactItem = find(items, contactKey);
  const membershipItem = want.chat === false ? undefined : find(items, membershipKey);
  return {
    ...(contactItem ? { contact: contactFromItem(contactItem) } : {}),
    ...(membershipItem ? { membership: membershipEntity.fromItem(membershipItem) } : {}),
    contactConnections: want.contactConnections ? connectionsOfSet(find(items, contactSetKey)) : [],
    viewerConnections: want.viewerConnections ? connectionsOfSet(find(items, viewerSetKey)) : [],
  };
};

/** The live connections of several users, by user id: one BatchGet. */
export const readConnectionsOf = async (userIds: readonly string[]): Promise<Map<string, ConnectionRecord[]>> => {
  const unique = [...new Set(userIds)];
  const items =
    unique.length > 0
      ? await batchGet(
          unique.map((id) => connectionSetEntity.key(id)),
          { consistent: true },
        )
      : [];
  return new Map(unique.map((id) => [id, connectionsOfSet(find(items, connectionSetEntity.key(id)))]));
};

/** Every chat of one person (bounded by how many people they talk to) and their profile: one Query. */
export const readChatsAndProfile = async (
  ownerId: string,
): Promise<{ memberships: MembershipRecord[]; profile?: ContactRecord }> => {
  const { pk, skPrefix, profileSk } = membershipsAndProfileOf(ownerId);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :chats AND :profile',
    // A filter cannot name the sort key: the item types tell chats and the profile from the rest.
    FilterExpression: '#type IN (:chat, :user)',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':pk': pk,
      ':chats': skPrefix,
      ':profile': profileSk,
      ':chat': membershipEntity.type,
      ':user': userEntity.type,
    },
  });
  const profileItem = items.find((item) => item.sk === profileSk);
  return {
    memberships: items.filter((item) => item !== profileItem).map(membershipEntity.fromItem),
    ...(profileItem ? { profile: contactFromItem(profileItem) } : {}),
  };
};
