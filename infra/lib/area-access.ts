import type { Area } from '@orbit/functions/routes';

import type { RouteTable } from './route-table';

export type TableAccess = 'none' | 'read' | 'read-write';

/** What one area's function may touch; every grant in the stack follows from this. */
export interface AreaAccess {
  readonly table: TableAccess;
  /** Reads the JWT signing secret: to verify signed-in requests or to issue tokens. */
  readonly jwtSecret: boolean;
  /** Posts to WebSocket connections: gets WS_ENDPOINT and execute-api:ManageConnections. */
  readonly pushes: boolean;
  /** MB; Lambda's CPU share grows with it, so cold starts and hashing get faster. */
  readonly memorySize: number;
  /**
   * Partition keys (table and index) the function may touch, as IAM `StringLike` patterns for
   * `dynamodb:LeadingKeys`; undefined is the whole table. Every key an area builds must match
   * one, or the call is refused in AWS (DynamoDB Local does not check IAM):
   * tests/infra/leading-keys.test.ts finds the key prefixes in each area's bundle and fails on
   * one that is not listed here.
   */
  readonly leadingKeys?: readonly string[];
}

export type AreaAccessOverrides = Partial<Record<Area, Partial<AreaAccess>>>;

/**
 * Every signed-in request reads the caller's session (`USER#<id>`, core/auth) and the staff
 * roles' rules (`ROLE_RULES`), so every area with signed-in routes reads them; the rest is each
 * area's own partitions (functions/src/core/table.ts lists them with their access patterns).
 * `APIKEY#`: a request with an API key reads the key and counts itself in the key's minute
 * (core/auth/api-key-auth.ts), whatever the area.
 */
const userKeys = ['USER#*', 'ROLE_RULES', 'APIKEY#*'];

/**
 * Exceptions to the defaults, with the reason. A new area needs an entry only when the
 * defaults (read-write table; the secret iff it has a signed-in or WebSocket route; pushes iff
 * it serves WebSocket routes) are too much or too little.
 */
export const areaAccessOverrides: AreaAccessOverrides = {
  // Liveness only: answers without touching data or secrets.
  health: { table: 'none', memorySize: 256 },
  // Signs tokens on public routes (sign-in, register, refresh); scrypt wants the CPU.
  auth: {
    jwtSecret: true,
    memorySize: 1024,
    // JOB#: a reset code's delivery job, written with the code (the outbox); JOBS#, its gsi1
    // partition, listed like the other index keys.
    // CHALLENGE#: a sign-in waiting for its second step (security, docs/user-view.md).
    leadingKeys: [
      ...userKeys,
      'PHONE#*',
      'EMAIL#*',
      'REFERRAL#*',
      'THROTTLE#*',
      'RESET#*',
      'JOB#*',
      'JOBS#*',
      'CHALLENGE#*',
      // Signing up through an invitation (docs/roles.md): it consumes the invitation, and an
      // administrator's counts in the administrators' count; ROLE#, the count's first reading.
      'INVITATIONS',
      'COUNTER#active-admins',
      'ROLE#*',
      // A sign-up through a referral code writes its referral with the account (docs/plans.md,
      // "Referrals"): REFERRER#, and REFERRALS, its gsi1 partition.
      'REFERRER#*',
      'REFERRALS',
    ],
  },
  chat: {
    leadingKeys: [
      ...userKeys,
      'CHATPAIR#*',
      'CHAT#*',
      'COUNTER#chats',
      'CONNECTION#*',
      // A reply to a channel lead is queued with its delivery job (the outbox: JOB#; JOBS#, its
      // gsi1 partition, listed like the other index keys).
      'JOB#*',
      'JOBS#*',
      // Send later: an admin's scheduled messages to a contact, with their jobs.
      'SCHEDULED#*',
      // A closed connection leaves the project board it watched (core/live-board.ts).
      'BOARD#*',
      // WebSocket tickets: issued by POST /api/realtime/ticket, used up by $connect (core/auth/socket-tickets.ts).
      'WSTICKET#*',
      // Index partition keys, gsi1 (contacts by role) and gsi2 (connections by role, and every
      // profile: an admin's contacts): listed so an index Query passes whether IAM weighs its
      // index key or not.
      'ROLE#*',
      'CONNECTIONS#*',
      'PEOPLE',
    ],
  },
  // JOB#: the job that sends the affected users their new rules, written with every permission
  // change that alters a role's rules (the outbox); JOBS#, its gsi1 partition.
  permissions: { leadingKeys: [...userKeys, 'PERMISSIONS', 'PERMISSION_NAME#*', 'JOB#*', 'JOBS#*'] },
  // ROLE#: gsi1, the people an admin picks for a project (an index key, as for chat).
  // BOARD# and CONNECTION#: who watches a board and what a connection watches (core/live-board.ts).
  projects: {
    leadingKeys: [
      ...[...userKeys, 'PROJECT#*', 'PLIST#*', 'PCOUNT#*', 'ROLE#*', 'BOARD#*', 'CONNECTION#*'],
      // The client's plan limit (core/billing/plan-limits.ts): their subscription and its plan.
      ...['SUBSCRIPTION#*', 'PLANS'],
      // Assignments, comments and status changes are queued for the notifications' fan-out
      // (core/notifications/producers.ts): JOB#, and JOBS#, its gsi1 partition.
      ...['JOB#*', 'JOBS#*'],
    ],
  },
  // Channels: its own partitions (CHANNEL#, CHANNELS), the identity and update claims, the jobs it
  // queues and lists (JOB#, JOBS#), and chat's partitions for an inbound message (a lead's
  // profile, the chat, the admins' connections to push to). Pushes to the admins' open chats.
  channels: {
    pushes: true,
    leadingKeys: [
      ...userKeys,
      'CHANNEL#*',
      'CHANNELS',
      'IDENTITY#*',
      'INBOUND#*',
      'JOB#*',
      'JOBS#*',
      'CHATPAIR#*',
      'CHAT#*',
      'COUNTER#chats',
      'CONNECTION#*',
      // Chat's service (which channels calls) carries send later's keys; listed so the bundle
      // scan and IAM agree.
      'SCHEDULED#*',
      'ROLE#*',
      'CONNECTIONS#*',
      'PEOPLE',
    ],
  },
  // The user view: profiles, pending contact changes and their undo (USER#), the sign-in claims an
  // email or phone change swaps (PHONE#, EMAIL#), the code's and the notice's jobs (JOB#, JOBS#), and
  // the projects' list and count items the side card reads (PLIST#, PCOUNT#, PROJECT#).
  users: {
    // CONTACT_CHANGE# (a sort key under USER#) and REFERRAL# (a claim it never writes) are in the
    // bundle's key builders, so listed for the bundle scan.
    // THROTTLE#USER#: a change of email or phone asks for the owner's password or code, on the
    // user's one budget of code checks (auth/identity-service.ts); never a phone's or a source's.
    leadingKeys: [
      ...userKeys,
      'PHONE#*',
      'EMAIL#*',
      'REFERRAL#*',
      'CONTACT_CHANGE#*',
      'THROTTLE#USER#*',
      'JOB#*',
      'JOBS#*',
      'PLIST#*',
      'PCOUNT#*',
      'PROJECT#*',
    ],
  },
  // The caller's own notifications (NOTIFY#); pushes the unread count to the caller's other tabs.
  // CONNECTION#: a push that finds a connection gone forgets it (core/connections).
  notifications: { pushes: true, leadingKeys: [...userKeys, 'NOTIFY#*', 'CONNECTION#*'] },
  // The team page: profiles and sessions (USER#), the role index (ROLE#, gsi1), the claims an
  // invitation checks (PHONE#, EMAIL#; REFERRAL# is in the same key builder), invitations and the
  // administrators' count, and the jobs it writes with them (JOB#, JOBS#: the outbox).
  team: {
    leadingKeys: [
      ...userKeys,
      'ROLE#*',
      'PHONE#*',
      'EMAIL#*',
      'REFERRAL#*',
      'INVITATIONS',
      'COUNTER#active-admins',
      'JOB#*',
      'JOBS#*',
    ],
  },
  // Email (docs/email.md): the caller's mailbox (MAILBOX#; its folder and thread index keys
  // MAILFOLDER#, MAILTHREAD#), the sign-in email claims that tell a workspace user's address
  // (EMAIL#; PHONE#, REFERRAL# are in the same key builder), the people index of the
  // recipient suggestions (PEOPLE), and the send's delivery job (JOB#, JOBS#: the outbox).
  // BODY# (a sort key under MAILBOX#) is in the bundle's key builders, so listed for the scan.
  // Pushes `email.changed` to the caller's other open tabs (CONNECTION#: their connection set).
  email: {
    pushes: true,
    leadingKeys: [
      'CONNECTION#*',
      ...userKeys,
      'MAILBOX#*',
      'MAILFOLDER#*',
      'MAILTHREAD#*',
      'BODY#*',
      'EMAIL#*',
      'PHONE#*',
      'REFERRAL#*',
      'PEOPLE',
      'JOB#*',
      'JOBS#*',
      // A client's storage limit (core/billing/plan-limits.ts): their subscription, its plan, their usage.
      'SUBSCRIPTION#*',
      'PLANS',
      'USAGE#*',
    ],
  },
  // Mailings (docs/mailings.md): the people and their tags (USER#; the people index PEOPLE, the
  // role index ROLE#), mailings (MAILING#, the list MAILINGS; a mailing's queue MAILINGQ#, its
  // claims MAILINGCLAIM#, a person's sends MAILINGPERSON#, an SES message's link MAILINGSES#, a
  // channel's rate MAILINGRATE#),
  // the suppression list (MAILSUPPRESSED#, whole list MAILSUPPRESSED), sequences (SEQUENCE#, the
  // list SEQUENCES, a person's enrolments ENROLLED#), the channels' settings (CHANNELS: the
  // unsubscribe page's sender name) and the jobs a transition writes (JOB#, JOBS#).
  mailings: {
    leadingKeys: [
      ...userKeys,
      'PEOPLE',
      'ROLE#*',
      'MAILING#*',
      'MAILINGS',
      'MAILINGQ#*',
      'MAILINGCLAIM#*',
      'MAILINGPERSON#*',
      'MAILINGSES#*',
      'MAILINGRATE#*',
      'MAILSUPPRESSED#*',
      'MAILSUPPRESSED',
      'SEQUENCE#*',
      'SEQUENCES',
      'ENROLLED#*',
      'CHANNELS',
      'JOB#*',
      'JOBS#*',
    ],
  },
  integrations: {
    // INTEGRATION#links: the help links (docs/integrations.md). The webhook and API key parts
    // append their partitions here. APIKEYS: the keys' list (gsi1). WEBHOOK#<id>: a
    // subscription's deliveries and attempts; JOB#*: the test event's and replays' attempt jobs
    // (JOBS#, their gsi1 partition).
    leadingKeys: [...userKeys, 'INTEGRATION#*', 'APIKEYS', 'WEBHOOK#*', 'JOB#*', 'JOBS#*'],
  },
  // Builds the public API's description from the route table and the contracts: no data, no secret.
  openapi: { table: 'none' },
  // Plans (docs/plans.md): the catalogue (PLANS), subscriptions with their pending lines and
  // billed periods (SUBSCRIPTION#; the list SUBSCRIPTIONS, gsi1), the overview's counts
  // (BILLING#stats), invoices (INVOICE#; a client's INVOICES#, gsi1; by status INVOICESTATUS#,
  // gsi2) and their numbers (INVOICECOUNTER#), the credit an issue applies (CREDIT#), the clients
  // billed (USER#) and the jobs of the invoicing (JOB#, JOBS#).
  plans: {
    leadingKeys: [
      ...userKeys,
      'PLANS',
      'SUBSCRIPTION#*',
      'SUBSCRIPTIONS',
      'BILLING#stats',
      'INVOICE#*',
      'INVOICES#*',
      'INVOICESTATUS#*',
      'INVOICECOUNTER#*',
      'CREDIT#*',
      'JOB#*',
      'JOBS#*',
      // The usage meters: a client's storage (USAGE#) and project counts (PCOUNT#, through
      // projects/counts-service.ts, whose bundle brings the projects' key builders: PROJECT#, as
      // for the users area). REFERRER# is in core/billing/entities.ts's builders, never read here.
      'USAGE#*',
      'PCOUNT#*',
      'PROJECT#*',
      'REFERRER#*',
    ],
  },
  // Referrals (docs/plans.md, "Referrals"): a referrer's referrals (REFERRER#; all, REFERRALS on
  // gsi1), the reward rule (REFERRALRULE), credit balances and entries (CREDIT#; all, CREDITS on
  // gsi1) and the users' referral codes (USER#, REFERRAL#).
  referrals: {
    leadingKeys: [...userKeys, 'REFERRAL#*', 'REFERRER#*', 'REFERRALS', 'REFERRALRULE', 'CREDIT#*', 'CREDITS'],
  },
  // Reads one invoice (INVOICE#) to write it as PDF; the fonts ride in the bundle.
  'invoice-pdf': { table: 'read', leadingKeys: [...userKeys, 'INVOICE#*'] },
  // Paying online: the invoice (INVOICE#) and its checkout sessions, the provider's events seen
  // (PAYMENTEVENT#), and the referral job a payment writes (JOB#, JOBS#).
  payments: { leadingKeys: [...userKeys, 'INVOICE#*', 'PAYMENTEVENT#*', 'JOB#*', 'JOBS#*'] },
};

/** The area behind `/api/auth/*`: its routes get their own throttle, its function reserved concurrency. */
export const authArea: Area = 'auth';
export const authRoutePrefix = '/api/auth/';

export const defaultMemorySize = 512;

export const accessFor = (
  area: Area,
  routes: RouteTable,
  overrides: AreaAccessOverrides = areaAccessOverrides,
): AreaAccess => {
  const servesWebSocket = routes.webSocket.some((route) => route.area === area);
  const hasSignedInRoute = routes.http.some((route) => route.area === area && route.access === 'signed-in');
  return {
    table: 'read-write',
    jwtSecret: hasSignedInRoute || servesWebSocket,
    pushes: servesWebSocket,
    memorySize: defaultMemorySize,
    ...overrides[area],
  };
};

/**
 * DynamoDB actions per access level. Scan is never granted: every list is a bounded Query
 * (docs/deploy.md), so a function that tried to Scan would be refused.
 */
export const tableReadActions = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
];
export const tableWriteActions = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

export const tableActionsFor = (access: TableAccess): string[] =>
  access === 'none' ? [] : access === 'read' ? tableReadActions : [...tableReadActions, ...tableWriteActions];
