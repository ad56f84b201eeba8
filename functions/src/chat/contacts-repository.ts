import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { ConditionFailed, db, putPart, queryAll, transactWrite, writeIf, type TransactionPart } from '../core/db';
import { channelIdentityEntity } from './entities';
import { contactEventPart } from '../core/contact-events';
import { tableName } from '../core/table';
import { announce } from '../core/webhook-events';
import {
  leadEntity,
  peopleIndexPartition,
  roleIndexNamePrefix,
  roleIndexPartition,
  userEntity,
} from '../core/users/entities';
import type { UserSettings } from '../core/users/records';
import type { ChannelType } from '../core/channel-types';
import type { ChannelIdentity } from './records';
import { isPresenceStatus, presenceStatuses, type ChatContactStatus, type PresenceStatus } from './contract';

/**
 * A new lead's 'created' contact event (core/contact-events.ts) and its announcement to webhooks
 * (core/webhook-events.ts), written with it.
 */
const createdEventParts = (lead: NewLead, channel?: ChannelType): TransactionPart[] => [
  contactEventPart({ type: 'created', contactId: lead.id, status: lead.status, at: lead.createdAt }),
  announce(
    'contact.created',
    {
      contact: { id: lead.id, fullName: lead.fullName },
      role: leadRole,
      status: lead.status,
      ...(channel ? { channel } : {}),
      createdAt: lead.createdAt,
    },
    new Date(lead.createdAt),
  ),
];

/**
 * Contacts are profile items (pk=USER#<id>, sk=PROFILE): workspace users (admin, client) and
 * leads. A lead is a profile with role 'lead' and none of the sign-in claims (phone, email,
 * referral code), so it can be talked to but can never sign in.
 */
export interface ContactRecord {
  readonly id: string;
  readonly fullName: string;
  readonly role: string;
  readonly about: string;
  readonly avatar: string | null;
  readonly status: ChatContactStatus;
  readonly settings?: UserSettings;
  /** A lead who came through a channel: that channel (its first). */
  readonly channel?: { readonly id: string; readonly type: ChannelType };
  /** How the lead is known on channels; replies go through the first. */
  readonly channelIdentities?: readonly ChannelIdentity[];
  /** The person's mailing tags (docs/mailings.md, "Audiences"), shown in the contact panel. */
  readonly tags?: readonly string[];
}

export const leadRole = 'lead';

/** Only what the chat shows: never the password hash or sign-in details. */
const contactProjection = {
  ProjectionExpression: '#id, fullName, #role, about, avatar, #status, settings, #channel, channelIdentities, tags',
  ExpressionAttributeNames: { '#id': 'id', '#role': 'role', '#status': 'status', '#channel': 'channel' },
};

/** A profile item narrowed to what the chat shows (an item read whole leaves here only as this). */
export const contactFromItem = (item: Record<string, unknown>): ContactRecord => ({
  id: String(item.id),
  fullName: String(item.fullName ?? ''),
  role: String(item.role ?? ''),
  about: String(item.about ?? ''),
  avatar: typeof item.avatar === 'string' ? item.avatar : null,
  status: (item.status ?? 'offline') as ChatContactStatus,
  ...(item.settings ? { settings: item.settings as UserSettings } : {}),
  ...(item.channel ? { channel: item.channel as ContactRecord['channel'] & object } : {}),
  ...(Array.isArray(item.channelIdentities) ? { channelIdentities: item.channelIdentities as ChannelIdentity[] } : {}),
  ...(Array.isArray(item.tags) && item.tags.length > 0 ? { tags: item.tags.map(String) } : {}),
});

/** GSI1 (ROLE#<role>, name#id): contacts of one role sorted by name, every page. */
export const listContactsByRole = async (role: string): Promise<ContactRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': roleIndexPartition(role) },
      ...contactProjection,
    })
  ).map(contactFromItem);

/** GSI2 (PEOPLE, name#id): every profile, whatever its role, in one partition. */
export const listEveryContact = async (): Promise<ContactRecord[]> =>
  (
    await queryAll({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': peopleIndexPartition },
      ...contactProjection,
    })
  ).map(contactFromItem);

export const findLeadByName = async (fullName: string): Promise<ContactRecord | undefined> => {
  const { Items } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :name)',
      ExpressionAttributeValues: { ':pk': roleIndexPartition(leadRole), ':name': `${roleIndexNamePrefix(fullName)}#` },
      ...contactProjection,
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  return item ? contactFromItem(item) : undefined;
};

export interface NewLead {
  readonly id: string;
  readonly fullName: string;
  readonly about: string;
  readonly avatar?: string | null;
  readonly status: ChatContactStatus;
  /** Where the lead came from (e.g. 'telegram', 'email', 'website'); the channels area sets it. */
  readonly source: string;
  readonly email?: string;
  readonly phone?: string;
  readonly createdAt: string;
}

export const createLead = async (lead: NewLead): Promise<ContactRecord> => {
  const record = { ...lead, role: leadRole, avatar: lead.avatar ?? null, version: 1 };
  // With its 'created' contact event (the outbox): sequences of its status start for it.
  await transactWrite([
    putPart('lead', leadEntity.toItem(record), 'attribute_not_exists(pk)'),
    ...createdEventParts(lead),
  ]);
  return contactFromItem(record);
};

/** A status change's contact event and its announcement to webhooks, written with it. */
const statusChangedParts = (
  contactId: string,
  from: ChatContactStatus,
  to: ChatContactStatus,
  now: Date,
): TransactionPart[] => [
  contactEventPart({ type: 'status_changed', contactId, from, to, at: now.toISOString() }, { now }),
  announce('contact.status_changed', { contactId, from, to, changedAt: now.toISOString() }, now),
];

/**
 * Sets a contact's status whatever it was (an admin's decision); undefined if no such contact.
 * A change writes its 'status_changed' contact event in the same transaction (sequences enrol
 * or stop on it), so the status is read first and the write is conditional on it; a status
 * changed in between is read again.
 */
export const setContactStatus = async (id: string, status: ChatContactStatus): Promise<ContactRecord | undefined> => {
  for (let attempt = 0; ; attempt += 1) {
    const { Item: current } = await db().send(
      new GetCommand({ TableName: tableName(), Key: userEntity.key(id), ConsistentRead: true }),
    );
    if (!current) return undefined;
    const from = current.status as ChatContactStatus | undefined;
    try {
      await transactWrite([
        {
          label: 'contact',
          item: {
            Update: {
              TableName: tableName(),
              Key: userEntity.key(id),
              UpdateExpression: 'SET #status = :status, version = if_not_exists(version, :zero) + :one',
              ConditionExpression: from === undefined ? 'attribute_not_exists(#status)' : '#status = :from',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':status': status,
                ':zero': 0,
                ':one': 1,
                ...(from === undefined ? {} : { ':from': from }),
              },
            },
          },
        },
        ...(from !== undefined && from !== status ? statusChangedParts(id, from, status, new Date()) : []),
      ]);
      const version = typeof current.version === 'number' ? current.version : 0;
      return contactFromItem({ ...current, status, version: version + 1 });
    } catch (error) {
      if (error instanceof ConditionFailed && error.failed('contact') && attempt < 3) continue;
      throw error;
    }
  }
};

/**
 * Presence from connections and activity. It replaces the status only while the status is a
 * presence value: a lead stage an admin chose (e.g. 'success') is not overwritten by a login.
 * Returns false when nothing changed.
 */
export const setPresence = async (id: string, presence: PresenceStatus): Promise<boolean> => {
  if (!isPresenceStatus(presence)) return false;
  try {
    await writeIf('contact', () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: userEntity.key(id),
          UpdateExpression: 'SET #status = :presence',
          ConditionExpression: 'attribute_exists(pk) AND #status IN (:s0, :s1, :s2) AND #status <> :presence',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':presence': presence,
            ':s0': presenceStatuses[0],
            ':s1': presenceStatuses[1],
            ':s2': presenceStatuses[2],
          },
        }),
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
};

/** The lead a channel identity belongs to (its claim item), if any. */
export const findLeadIdByIdentity = async (channelId: string, externalId: string): Promise<string | undefined> => {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: channelIdentityEntity.key(channelId, externalId),
      ConsistentRead: true,
    }),
  );
  return typeof Item?.leadId === 'string' ? Item.leadId : undefined;
};

/**
 * A new lead from a channel: the profile and the claim of its identity in one transaction. False
 * when another message of the same sender claimed the identity first (read the claim again).
 */
export const createChannelLead = async (
  lead: NewLead & { readonly channel: NonNullable<ContactRecord['channel']>; readonly identity: ChannelIdentity },
): Promise<boolean> => {
  const { identity, ...profile } = lead;
  const record = {
    ...profile,
    role: leadRole,
    avatar: lead.avatar ?? null,
    channelIdentities: [identity],
    version: 1,
  };
  try {
    await transactWrite([
      putPart(
        'identity',
        {
          ...channelIdentityEntity.key(identity.channelId, identity.externalId),
          type: channelIdentityEntity.type,
          leadId: lead.id,
        },
        'attribute_not_exists(pk)',
      ),
      putPart('lead', leadEntity.toItem(record), 'attribute_not_exists(pk)'),
      ...createdEventParts(lead, lead.channel.type),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('identity')) return false;
    throw error;
  }
};
