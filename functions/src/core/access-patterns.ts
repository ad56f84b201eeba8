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
  // Users (core/users): profiles of users and of leads, and what makes a user unique.
  {
    entity: 'User',
    module: 'core/users/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'PROFILE',
    patterns: ['user by id', 'a lead is a profile too (role lead, no claims)'],
  },
  {
    entity: 'User',
    module: 'core/users/entities.ts',
    index: 'gsi1',
    pk: 'ROLE#<role>',
    sk: '<lower-case name>#<userId>',
    patterns: ['users of a role by name (chat contacts)', 'people to pick by name prefix (projects)'],
  },
  {
    entity: 'User',
    module: 'core/users/entities.ts',
    index: 'gsi2',
    pk: 'PEOPLE',
    sk: '<lower-case name>#<userId>',
    patterns: ['every profile by name, whatever its role (an admin’s chat contacts)'],
  },
  {
    entity: 'UniqueClaim',
    module: 'core/users/entities.ts',
    index: 'table',
    pk: 'PHONE#<e164>',
    sk: 'UNIQUE',
    patterns: ['user id by phone (sign-in, uniqueness)'],
  },
  {
    entity: 'UniqueClaim',
    module: 'core/users/entities.ts',
    index: 'table',
    pk: 'EMAIL#<lower-case email>',
    sk: 'UNIQUE',
    patterns: ['user id by email (uniqueness)'],
  },
  {
    entity: 'UniqueClaim',
    module: 'core/users/entities.ts',
    index: 'table',
    pk: 'REFERRAL#<upper-case code>',
    sk: 'UNIQUE',
    patterns: ['user id by referral code'],
  },
  // Sign-in: sessions (core/sign-in-entities.ts), attempt budgets and reset codes (auth/entities.ts).
  {
    entity: 'Session',
    module: 'core/sign-in-entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'SESSION#<sessionId>',
    patterns: ['session by id (every signed-in request)', 'sessions of a user (revoke all)'],
  },
  {
    entity: 'RoleRules',
    module: 'core/sign-in-entities.ts',
    index: 'table',
    pk: 'ROLE_RULES',
    sk: 'CURRENT',
    patterns: [
      'the staff roles’ rules (every signed-in request, with the session)',
      'rewritten with any permission change',
    ],
  },
  {
    entity: 'SignInAttemptsPerPhoneAtSource',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#PHONE#<sha-256 of the phone>',
    sk: 'SIGNIN#SOURCE#<sha-256 of the source>',
    patterns: [
      'sign-in attempts for a phone from one source (TTL)',
      'sign-in budgets of a phone, lifted by a password reset (begins_with SIGNIN#)',
    ],
  },
  {
    entity: 'SignInAttemptsPerPhone',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#PHONE#<sha-256 of the phone>',
    sk: 'SIGNIN#ALL',
    patterns: [
      'sign-in attempts for a phone from every source (TTL)',
      'sign-in budgets of a phone, lifted by a password reset (begins_with SIGNIN#)',
    ],
  },
  {
    entity: 'SignInAttemptsPerSource',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#SOURCE#<sha-256 of the source>',
    sk: 'SIGNIN',
    patterns: ['sign-in attempts from one source, whatever the phone (TTL)'],
  },
  {
    entity: 'ResetIssuesPerPhone',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#PHONE#<sha-256 of the phone>',
    sk: 'RESETISSUE',
    patterns: ['reset codes issued for a phone (TTL)'],
  },
  {
    entity: 'ResetIssuesPerSource',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#SOURCE#<sha-256 of the source>',
    sk: 'RESETISSUE',
    patterns: ['reset codes requested from one source (TTL)'],
  },
  {
    entity: 'ResetCode',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'RESET#<sha-256 of the phone>',
    sk: 'RESET',
    patterns: ['password-reset code and wrong tries for a phone (TTL)'],
  },
  // Security (auth/entities.ts): two-step verification, its sign-in challenges and code budgets, the security log.
  {
    entity: 'TwoStep',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'TWOSTEP',
    patterns: ['a user’s two-step secret, last used step and recovery code digests'],
  },
  {
    entity: 'SecurityLogEntry',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'SECLOG#<ulid>',
    patterns: ['a user’s security log, newest first, by cursor (TTL)'],
  },
  {
    entity: 'TwoStepChallenge',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'CHALLENGE#<sha-256 of the challenge>',
    sk: 'CHALLENGE',
    patterns: ['a sign-in waiting for its second step (TTL)'],
  },
  {
    entity: 'CodeChecksPerUser',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#USER#<sha-256 of the user id>',
    sk: 'CODES',
    patterns: ['two-step codes and passwords asked again, checked for a user (TTL)'],
  },
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
  // Users (the user view): a pending change of the sign-in email or phone, and the way back from one.
  {
    entity: 'ContactChange',
    module: 'users/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'CONTACT_CHANGE#<field>',
    patterns: ['the pending email or phone change of a user: the new value, its code and the budgets (TTL)'],
  },
  {
    entity: 'ContactUndo',
    module: 'users/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'CONTACT_UNDO#<field>',
    patterns: ["the way back from a user's email or phone changes: the value to restore and the links' digests (TTL)"],
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
  // Team (core/team/entities.ts): invitations and the count of active administrators.
  {
    entity: 'Invitation',
    module: 'core/team/entities.ts',
    index: 'table',
    pk: 'INVITATIONS',
    sk: 'INVITATION#<ulid>',
    patterns: [
      'pending invitations, newest first (the team page)',
      'an invitation by the id its link holds (accept, resend, revoke)',
    ],
  },
  {
    entity: 'AdminCount',
    module: 'core/team/entities.ts',
    index: 'table',
    pk: 'COUNTER#active-admins',
    sk: 'COUNTER',
    patterns: ['active administrators, changed with every role change or suspension that moves one (never below 1)'],
  },
  // Rate limits (core/rate-window.ts): one item per window of a subject, in a partition its area owns.
  {
    entity: 'RateWindow',
    module: 'core/rate-window.ts',
    index: 'table',
    pk: 'THROTTLE#SOURCE#<sha-256 of the source>',
    sk: 'RATE#registrations#<seconds>#<window>',
    patterns: ['accounts registered from one source in an hour, a day (conditional ADD with the account; TTL)'],
  },
  {
    entity: 'RateWindow',
    module: 'core/rate-window.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'RATE#<limit>#<seconds>#<window>',
    patterns: [
      'invitations a member sent, outside recipients a member mailed, webhook test events a member sent, in a window (conditional ADD with the send; TTL)',
    ],
  },
  {
    entity: 'RateWindow',
    module: 'core/rate-window.ts',
    index: 'table',
    pk: 'INVITATIONS',
    sk: 'RATE#resends:<invitationId>#<seconds>#<window>',
    patterns: ['times one invitation was sent again in a window (conditional ADD with the resend; TTL)'],
  },
  {
    entity: 'RateWindow',
    module: 'core/rate-window.ts',
    index: 'table',
    pk: 'WEBHOOK#<webhookId>',
    sk: 'RATE#test-events#<seconds>#<window>',
    patterns: ['test events sent to one endpoint in a window (conditional ADD with the delivery; TTL)'],
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
