import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '../core/db';
import { tableName } from '../core/table';
import { userEntity } from '../core/users/entities';
import type { ContactStatus } from '../core/users/records';
import type { AudienceMember, MailingChannel } from './audience-filter';

/**
 * The person a sequence enrols or writes to, read from their profile item (users and leads
 * alike): name, status, tags, opt-out and their address on each channel (docs/mailings.md, "Data").
 */
export interface SequencePerson {
  readonly id: string;
  readonly fullName: string;
  readonly status: ContactStatus;
  readonly tags: readonly string[];
  readonly optedOut: boolean;
  readonly email?: string;
  readonly language: 'en' | 'fr' | 'ar';
  readonly telegram?: { readonly channelId: string; readonly chatId: string };
}

interface StoredIdentity {
  readonly channelId?: unknown;
  readonly type?: unknown;
  readonly externalId?: unknown;
  readonly replyTo?: unknown;
}

export const readSequencePerson = async (id: string): Promise<SequencePerson | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: userEntity.key(id), ConsistentRead: true }),
  );
  if (!Item) return undefined;
  const identities = Array.isArray(Item.channelIdentities) ? (Item.channelIdentities as StoredIdentity[]) : [];
  const telegram = identities.find((identity) => identity.type === 'telegram');
  const chatId = telegram?.replyTo ?? telegram?.externalId;
  const language = Item.language === 'fr' || Item.language === 'ar' ? Item.language : 'en';
  return {
    id,
    fullName: typeof Item.fullName === 'string' ? Item.fullName : '',
    status: Item.status as ContactStatus,
    tags: Array.isArray(Item.tags) ? Item.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    optedOut: Item.mailingOptOut !== undefined && Item.mailingOptOut !== null,
    ...(typeof Item.email === 'string' && Item.email.includes('@') ? { email: Item.email.toLowerCase() } : {}),
    language,
    ...(telegram && typeof telegram.channelId === 'string' && typeof chatId === 'string'
      ? { telegram: { channelId: telegram.channelId, chatId } }
      : {}),
  };
};

/** The person as the send needs them on a channel, or undefined when they have no address there. */
export const memberOn = (person: SequencePerson, channel: MailingChannel): AudienceMember | undefined => {
  const base = { personId: person.id, fullName: person.fullName, status: person.status, language: person.language };
  if (channel === 'email') return person.email ? { ...base, address: person.email } : undefined;
  return person.telegram
    ? { ...base, address: person.telegram.chatId, channelId: person.telegram.channelId }
    : undefined;
};
