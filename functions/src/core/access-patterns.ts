/**
 * The table's access patterns as data: every key an entity uses, with the patterns that read
 * it. Each list is a Query bounded by the caller; never a Scan on a request path.
 * `functions/src/access-patterns.test.ts` builds a key with each entity's builder and checks it
 * against its row here, and fails when two entities could share a key (one's literal prefix
 * starts the other's, in the same index) — so this table cannot drift from the code.
 *
 * Templates: literal text plus `<name>` for a value. `sk: '<name>#<id>'` has no literal prefix.
 */

import { billingAccessPatterns } from './billing-access-patterns';
import { emailAccessPatterns } from './email-access-patterns';
import { identityAccessPatterns } from './identity-access-patterns';
import { integrationsAccessPatterns } from './integrations-access-patterns';
import { mailingsAccessPatterns } from './mailings-access-patterns';

export type IndexName = 'table' | 'gsi1' | 'gsi2';

export interface AccessPattern {
  /** The entity whose builder makes this key (core/entity.ts, <area>/entities.ts). */
  readonly entity: string;
  /** Where its builder lives. */
  readonly module: string;
  readonly index: IndexName;
  readonly pk: string;
  readonly sk: string;
  /** The reads and writes that use this key. */
  readonly patterns: readonly string[];
}

export const accessPatterns = [
  // Who someone is and what they may do: a file of its own.
  ...identityAccessPatterns,
  // Chat.
  {
    entity: 'ChatMembership',
    module: 'chat/entities.ts',
    index: 'table',
    pk: 'USER#<ownerId>',
    sk: 'CHATWITH#<contactId>',
    patterns: [
      "a person's chats with unseen counts, last message and receipt watermarks",
      "the chat list: a person's chats and profile in one Query (sk from CHATWITH# to PROFILE)",
      "one side of a chat, with the contact's profile and connection sets in one BatchGet",
    ],
  },
  {
    entity: 'ChatPair',
    module: 'chat/entities.ts',
    index: 'table',
    pk: 'CHATPAIR#<lower id>#<higher id>',
    sk: 'PAIR',
    patterns: ['one chat per pair of people'],
  },
  {
    entity: 'ChatCounter',
    module: 'chat/entities.ts',
    index: 'table',
    pk: 'COUNTER#chats',
    sk: 'COUNTER',
    patterns: ['chat count (a new chat id is count + 1)'],
  },
  {
    entity: 'ChatMessage',
    module: 'chat/entities.ts',
    index: 'table',
    pk: 'CHAT#<chatId>',
    sk: 'MSG#<messageId>',
    patterns: ['messages of a chat, newest first, by cursor'],
  },
  {
    entity: 'ConnectionSet',
    module: 'core/connections/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'CONNECTIONS',
    patterns: ["a user's open WebSocket connections in one item, batched with a request's other reads (TTL)"],
  },
  {
    entity: 'ConnectionSet',
    module: 'core/connections/entities.ts',
    index: 'gsi2',
    pk: 'CONNECTIONS#<role>',
    sk: '<userId>',
    patterns: ['connection sets of the users of a role (broadcast)'],
  },
  {
    entity: 'ConnectionOwner',
    module: 'core/connections/entities.ts',
    index: 'table',
    pk: 'CONNECTION#<connectionId>',
    sk: 'CONNECTION',
    patterns: ['owner of a connection (TTL)'],
  },
  {
    entity: 'SocketTicket',
    module: 'core/auth/socket-tickets.ts',
    index: 'table',
    pk: 'WSTICKET#<sha-256 of the ticket>',
    sk: 'TICKET',
    patterns: ['a WebSocket ticket, used up by the $connect that names it (a conditional delete); TTL'],
  },
  {
    entity: 'ChatScheduledMessage',
    module: 'chat/entities.ts',
    index: 'table',
    pk: 'SCHEDULED#<ownerId>#<contactId>',
    sk: 'SCHEDULED#<scheduledId>',
    patterns: ["an admin's scheduled messages to a contact (send later); TTL once sent or cancelled"],
  },
  // Permissions.
  {
    entity: 'Permission',
    module: 'permissions/entities.ts',
    index: 'table',
    pk: 'PERMISSIONS',
    sk: 'PERMISSION#<permissionId>',
    patterns: ['permissions of the workspace in creation order (at most 500)'],
  },
  {
    entity: 'PermissionCount',
    module: 'permissions/entities.ts',
    index: 'table',
    pk: 'PERMISSIONS',
    sk: 'COUNT',
    patterns: ['permission count (bounds that partition)'],
  },
  {
    entity: 'PermissionNameClaim',
    module: 'permissions/entities.ts',
    index: 'table',
    pk: 'PERMISSION_NAME#<normalised name>',
    sk: 'UNIQUE',
    patterns: ['permission id by name (uniqueness)'],
  },
  // Projects.
  {
    entity: 'Project',
    module: 'projects/entities.ts',
    index: 'table',
    pk: 'PROJECT#<projectId>',
    sk: 'PROJECT',
    patterns: ['project by id', 'board: the project and its tasks (sk >= PROJECT)'],
  },
  {
    entity: 'Task',
    module: 'projects/entities.ts',
    index: 'table',
    pk: 'PROJECT#<projectId>',
    sk: 'TASK#<taskId>',
    patterns: ['task by id', 'board: the project and its tasks (sk >= PROJECT)'],
  },
  {
    entity: 'TaskComment',
    module: 'projects/entities.ts',
    index: 'table',
    pk: 'PROJECT#<projectId>',
    sk: 'COMMENT#<taskId>#<commentId>',
    patterns: ['comments of a task, oldest first'],
  },
  {
    entity: 'ProjectActivity',
    module: 'projects/entities.ts',
    index: 'table',
    pk: 'PROJECT#<projectId>',
    sk: 'ACTIVITY#<activityId>',
    patterns: ['activity of a project, newest first'],
  },
  {
    entity: 'ProjectListEntry',
    module: 'projects/entities.ts',
    index: 'table',
    pk: 'PLIST#<scope>#<status set>#<sort>',
    sk: '<sort value>\u0001<projectId>',
    patterns: [
      'projects of a scope (W or C#<clientId>) and status, in one of four sorts',
      'the default list (status set open) and every status (all): one partition each',
    ],
  },
  {
    entity: 'ProjectCounts',
    module: 'projects/entities.ts',
    index: 'table',
    pk: 'PCOUNT#<scope>',
    sk: 'COUNTS',
    patterns: ['project counts per status of a scope'],
  },
  {
    entity: 'RankClaim',
    module: 'projects/entities.ts',
    index: 'table',
    pk: 'PROJECT#<projectId>',
    sk: 'CLAIM#RANK#<stage>#<rank>',
    patterns: ['a task place taken in a stage (written with the task, so two tasks never share one)'],
  },
  // Live boards (core/live-board.ts): who watches which project's board.
  {
    entity: 'BoardViewer',
    module: 'core/live-board.ts',
    index: 'table',
    pk: 'BOARD#<projectId>',
    sk: 'VIEWER#<connectionId>',
    patterns: ["a board's viewers (the push audience), TTL"],
  },
  {
    entity: 'BoardViewing',
    module: 'core/live-board.ts',
    index: 'table',
    pk: 'CONNECTION#<connectionId>',
    sk: 'VIEWING',
    patterns: ['the board a connection watches (so $disconnect can leave it), TTL'],
  },
  // Background work (core/jobs): the outbox and its two indexes (docs/background-work.md).
  {
    entity: 'Job',
    module: 'core/jobs/entities.ts',
    index: 'table',
    pk: 'JOB#<jobId>',
    sk: 'JOB',
    patterns: ['a job by id (claim, record, replay: conditional on its version)', 'done jobs expire by TTL'],
  },
  {
    entity: 'Job',
    module: 'core/jobs/entities.ts',
    index: 'gsi1',
    pk: 'JOBS#due',
    sk: '<runAt or leaseUntil>#<jobId>',
    patterns: ['due work for the tick: gsi1sk <= now, bounded (queued, retrying, lapsed leases)'],
  },
  {
    entity: 'Job',
    module: 'core/jobs/entities.ts',
    index: 'gsi1',
    pk: 'JOBS#attention',
    sk: '<updatedAt>#<jobId>',
    patterns: ['jobs needing an admin (dead, unknown), newest first, by cursor'],
  },
  // Channels (channels/entities.ts) and what chat keeps for them (chat/entities.ts).
  {
    entity: 'Channel',
    module: 'channels/entities.ts',
    index: 'table',
    pk: 'CHANNEL#<channelId>',
    sk: 'CHANNEL',
    patterns: ['channel by id (admin routes, hooks, delivery jobs)'],
  },
  {
    entity: 'Channel',
    module: 'channels/entities.ts',
    index: 'gsi1',
    pk: 'CHANNELS',
    sk: '<createdAt>#<channelId>',
    patterns: ['every channel, oldest first (the channels page; a workspace has a handful)'],
  },
  {
    entity: 'ChannelIdentity',
    module: 'chat/entities.ts',
    index: 'table',
    pk: 'IDENTITY#<channelId>#<externalId>',
    sk: 'IDENTITY',
    patterns: ['the lead behind a sender on a channel (claimed once: one contact per sender)'],
  },
  {
    entity: 'InboundClaim',
    module: 'chat/entities.ts',
    index: 'table',
    pk: 'INBOUND#<channelId>#<externalMessageId>',
    sk: 'INBOUND',
    patterns: ['an inbound delivery stored once (claimed with the message; TTL)'],
  },
  // Notifications (core/notifications/entities.ts): each user's own partition.
  {
    entity: 'Notification',
    module: 'core/notifications/entities.ts',
    index: 'table',
    pk: 'NOTIFY#<userId>',
    sk: 'N#<notificationId>',
    patterns: ["a user's notifications, newest first, by cursor (TTL)", 'unread rows for read-all (filtered)'],
  },
  {
    entity: 'NotificationUnreadCount',
    module: 'core/notifications/entities.ts',
    index: 'table',
    pk: 'NOTIFY#<userId>',
    sk: 'UNREAD',
    patterns: ["a user's unread count (the badge), moved with the rows it counts"],
  },
  {
    entity: 'NotificationSettings',
    module: 'core/notifications/entities.ts',
    index: 'table',
    pk: 'NOTIFY#<userId>',
    sk: 'SETTINGS',
    patterns: ["a user's choices per event and channel (read by every producer)"],
  },
  {
    entity: 'NotificationLatestUnread',
    module: 'core/notifications/entities.ts',
    index: 'table',
    pk: 'NOTIFY#<userId>',
    sk: 'LATEST#<coalesceKey>',
    patterns: ["the unread row a chat's next message folds into"],
  },
  {
    entity: 'NotificationPendingEmail',
    module: 'core/notifications/entities.ts',
    index: 'table',
    pk: 'NOTIFY#<userId>',
    sk: 'MAIL#<notificationId>',
    patterns: ["lines waiting for a user's email digest (the digest job reads, claims and deletes them)"],
  },
  // Email, mailings, integrations and billing: a file each.
  ...[...emailAccessPatterns, ...mailingsAccessPatterns, ...integrationsAccessPatterns, ...billingAccessPatterns],
] as const satisfies readonly AccessPattern[];

/** The literal text a template starts with (what a begins_with or a key collision compares). */
export const literalPrefix = (template: string): string => template.split('<')[0] ?? '';
/** A template as a pattern: each `<name>` matches one or more characters. */
export const templatePattern = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split(/<[^>]*>/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
    'u',
  );
