import { isStaffRole, staffRoles } from '../core/roles';
import type { ChatMessage, Contact, MessageFeedback, ProfileUser } from './contract';
import type { ContactRecord } from './contacts-repository';
import type { MembershipRecord, StoredMessage } from './records';

/** The chat's rules that need no storage: who sees whom, filters, receipts as feedback. */

export interface Viewer {
  readonly id: string;
  readonly role: string;
}

/**
 * Staff (every staff role) talk to everyone: staff, clients and leads; clients talk to the
 * staff; other roles to nobody. Whether someone may chat at all is their rules' (`read Chat`,
 * access.ts); this is only whom they see.
 */
export const contactRolesFor = (viewerRole: string): readonly string[] => {
  if (isStaffRole(viewerRole)) return [...staffRoles, 'client', 'lead'];
  if (viewerRole === 'client') return staffRoles;
  return [];
};

/** Every role that has contacts of its own (whose windows may be told about someone's status). */
export const rolesWithContacts: readonly string[] = [...staffRoles, 'client'];

export const canSeeContact = (viewer: Viewer, contact: Pick<ContactRecord, 'id' | 'role'>): boolean =>
  contact.id !== viewer.id && contactRolesFor(viewer.role).includes(contact.role);

/**
 * docs/product.md#calls: q is a case-insensitive substring of the name; statusFilter keeps contacts whose
 * status is contained in the filter string (so "online,away" keeps both). Empty means no filter.
 */
export const matchesFilters = (
  contact: Pick<Contact, 'fullName' | 'status'>,
  q?: string,
  statusFilter?: string,
): boolean => {
  const needle = q?.trim().toLowerCase() ?? '';
  if (needle && !contact.fullName.toLowerCase().includes(needle)) return false;
  if (statusFilter && !statusFilter.includes(contact.status)) return false;
  return true;
};

export const toContact = (record: ContactRecord): Contact => ({
  id: record.id,
  fullName: record.fullName,
  role: record.role,
  about: record.about,
  avatar: record.avatar,
  status: record.status,
  ...(record.channel ? { channel: record.channel.type } : {}),
  ...(record.tags?.length ? { tags: record.tags } : {}),
});

export const toProfileUser = (record: ContactRecord): ProfileUser => ({
  ...toContact(record),
  settings: record.settings ?? { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
});

const covers = (watermark: string | undefined, id: string) => watermark !== undefined && watermark >= id;

/**
 * Feedback describes the recipient's side of a message: for the viewer's own messages the
 * contact's receipts, for the contact's messages the viewer's. Seen implies delivered.
 */
export const feedbackFor = (
  message: StoredMessage,
  viewerId: string,
  membership?: MembershipRecord,
): MessageFeedback => {
  const mine = message.senderId === viewerId;
  // A channel reply's ticks come from the channel's answer, not from receipts (a lead has no app).
  if (message.delivery) {
    const isDelivered = message.delivery.status === 'delivered';
    return { isSent: isDelivered || message.delivery.status === 'sent', isDelivered, isSeen: false };
  }
  const isSeen = covers(mine ? membership?.peerSeenUpTo : membership?.seenUpTo, message.id);
  const isDelivered = isSeen || covers(mine ? membership?.peerDeliveredUpTo : membership?.deliveredUpTo, message.id);
  return { isSent: true, isDelivered, isSeen };
};

export const toChatMessage = (
  message: StoredMessage,
  viewerId: string,
  membership?: MembershipRecord,
): ChatMessage => ({
  id: message.id,
  message: message.message,
  time: message.time,
  senderId: message.senderId,
  feedback: feedbackFor(message, viewerId, membership),
  ...(message.channel ? { channel: message.channel } : {}),
  ...(message.delivery
    ? {
        delivery: {
          status: message.delivery.status,
          ...(message.delivery.error ? { error: message.delivery.error } : {}),
        },
      }
    : {}),
});

/** Newest conversation first; ties (same millisecond) by message id, which is time-ordered. */
export const newestFirst = (a: MembershipRecord, b: MembershipRecord): number =>
  b.lastMessage.id.localeCompare(a.lastMessage.id);
