import { describe, expect, it } from 'vitest';

import { channelEntity } from './channels/entities';
import type { ChannelRecord } from './channels/records';
import {
  channelIdentityEntity,
  chatCounterEntity,
  chatPairEntity,
  inboundClaimEntity,
  membershipEntity,
  messageEntity,
  scheduledMessageEntity,
} from './chat/entities';
import { connectionOwnerEntity, connectionSetEntity } from './core/connections/entities';
import { socketTicketEntity } from './core/auth/socket-tickets';
import {
  accessPatterns,
  literalPrefix,
  templatePattern,
  type AccessPattern,
  type IndexName,
} from './core/access-patterns';
import type { IndexKeys, TableKey } from './core/entity';
import {
  resetCodeEntity,
  resetIssuePhoneBudget,
  resetIssueSourceBudget,
  signInPhoneAtSourceBudget,
  signInPhoneBudget,
  signInSourceBudget,
  securityLogEntity,
  twoStepChallengeEntity,
  twoStepEntity,
  twoStepUserBudget,
} from './auth/entities';
import { roleRulesEntity, sessionEntity } from './core/sign-in-entities';
import {
  leadEntity,
  peopleIndexKeys,
  roleIndexKeys,
  uniqueClaimEntity,
  userEntity,
  userPartitionKey,
} from './core/users/entities';
import { permissionCountEntity, permissionEntity, permissionNameEntity } from './permissions/entities';
import {
  activityEntity,
  commentEntity,
  listEntryEntity,
  projectEntity,
  rankClaimKey,
  statusCountsEntity,
  taskEntity,
} from './projects/entities';
import { boardViewerKey, boardViewingKey } from './core/live-board';
import { jobEntity, jobIndexKeys } from './core/jobs/entities';
import { contactChangeEntity, contactUndoEntity } from './users/entities';
import {
  latestUnreadEntity,
  notificationEntity,
  notificationSettingsEntity,
  pendingEmailEntity,
  unreadCountEntity,
} from './core/notifications/entities';
import { adminCountEntity, invitationEntity } from './core/team/entities';
import { mailBodyEntity, mailCountsEntity, mailEntity } from './email/entities';
import type { MailRecord } from './email/records';
import { inboundClaimKey, messageIdEntity, sendClaimKey, sesMessageEntity } from './email/outside/entities';
import { suppressionEntity } from './core/email-suppression';
import { helpLinksEntity } from './integrations/entities';
import {
  webhookAttemptEntity,
  webhookDeliveryEntity,
  webhookEntity,
  webhookPartition,
} from './integrations/webhook-entities';
import { apiKeyEntity, apiKeyWindowEntity, liveApiKeysEntity, type ApiKeyRecord } from './core/api-key-entities';
import { windowsAt } from './core/rate-window';
import { registrationSpend } from './auth/throttle';
import { invitationResent, invitationSentBy } from './team/invitation-limits';
import { outsideRecipientsLimit } from './email/send-service';
import { testEventsPerPersonLimit, testEventsPerWebhookLimit } from './integrations/delivery-service';
import { mailingEntity } from './mailings/entities';
import type { MailingRecord } from './mailings/records';
import {
  enrolmentEntity,
  sequenceEntity,
  stepStatsEntity,
  type EnrolmentRecord,
  type SequenceRecord,
} from './mailings/sequence-entities';
import {
  channelSecondEntity,
  claimPartition,
  minuteBucketEntity,
  personSendsPartition,
  queuePartition,
  recipientEntity,
  sendWindowEntity,
  sesLinkEntity,
  totalsShardEntity,
} from './mailings/delivery-entities';
import {
  billedPeriodEntity,
  billingStatsEntity,
  creditBalanceEntity,
  creditEntryEntity,
  invoiceCounterEntity,
  invoiceEntity,
  paymentEventEntity,
  pendingLineEntity,
  planEntity,
  referralEntity,
  rewardRuleEntity,
  subscriptionEntity,
  usageEntity,
} from './core/billing/entities';
import type { InvoiceRecord } from './core/billing/records';

/** A key as one entity's builder makes it, in one index. */
interface BuiltKey {
  readonly entity: string;
  readonly index: IndexName;
  readonly key: TableKey;
}

const table = (entity: string, key: TableKey): BuiltKey => ({ entity, index: 'table', key });
/** The keys of an entity's index, as one index's built key. */
const indexed = (entity: string, index: 'gsi1' | 'gsi2', keys: IndexKeys): BuiltKey => ({
  entity,
  index,
  key: { pk: keys[`${index}pk`] ?? '', sk: keys[`${index}sk`] ?? '' },
});

const deliveryRecord = {
  id: 'msg_01J_01J',
  webhookId: 'whk_01J',
  eventId: 'evt_01J',
  eventType: 'project.created',
  status: 'failed',
  attempts: 0,
  roundStartedAfter: 0,
  body: '{}',
  createdAt: '',
  updatedAt: '',
  expiresAt: 0,
} as const;
const invoiceForKeys = {
  id: '01J0000000000000000000000I',
  clientId: 'u1',
  status: 'open',
  dueAt: '2026-12-01T00:00:00.000Z',
  createdAt: '2026-11-17T00:00:00.000Z',
} as InvoiceRecord;
const connectionSet = { userId: 'u1', role: 'client', connections: {}, expiresAt: 0 };
const gsi1 = roleIndexKeys({ role: 'client', fullName: 'Ada Lovelace', id: 'u1' });
const people = peopleIndexKeys({ fullName: 'Ada Lovelace', id: 'u1' });
const gsi2 = connectionSetEntity.indexKeysOf(connectionSet);
const suppressionList = suppressionEntity.indexKeysOf({
  address: 'a@example.com',
  reason: 'bounce',
  at: '2026-01-01T00:00:00Z',
});
const channelList = channelEntity.indexKeysOf({ id: 'ch1', createdAt: '2026-01-01T00:00:00.000Z' } as ChannelRecord);
const jobAt = { id: 'j1', runAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const jobDue = jobIndexKeys({ ...jobAt, status: 'queued' });
const jobAttention = jobIndexKeys({ ...jobAt, status: 'dead' });
const mailIndex = mailEntity.indexKeysOf({
  ownerId: 'u1',
  id: '01J0000000000000000000000A',
  folder: 'inbox',
  threadId: '<01J0000000000000000000000A@orbit>',
} as MailRecord);

/** Every builder of every entity, called once. */
const mailingIndex = mailingEntity.indexKeysOf({ id: '01J0000000000000000000000M' } as MailingRecord);
const sequenceIndex = sequenceEntity.indexKeysOf({ id: '01J0000000000000000000000S' } as SequenceRecord);
const enrolmentIndex = enrolmentEntity.indexKeysOf({
  sequenceId: '01J0000000000000000000000S',
  personId: 'u1',
  status: 'active',
} as EnrolmentRecord);
const apiKeyIndex = apiKeyEntity.indexKeysOf({ id: '01J0000000000000000000000K' } as ApiKeyRecord);
const apiKeyListKey = { pk: apiKeyIndex.gsi1pk ?? '', sk: apiKeyIndex.gsi1sk ?? '' };
const builtKeys: readonly BuiltKey[] = [
  table('User', userEntity.key('u1')),
  table('User', leadEntity.key('lead1')),
  { entity: 'User', index: 'gsi1', key: { pk: gsi1.gsi1pk, sk: gsi1.gsi1sk } },
  { entity: 'User', index: 'gsi2', key: { pk: people.gsi2pk, sk: people.gsi2sk } },
  table('UniqueClaim', uniqueClaimEntity.key('phone', '+15550100001')),
  table('UniqueClaim', uniqueClaimEntity.key('email', 'Ada@Example.com')),
  table('UniqueClaim', uniqueClaimEntity.key('referralCode', 'abcd2345')),
  table('Session', sessionEntity.key('u1', 's1')),
  table('RoleRules', roleRulesEntity.key()),
  table('ContactChange', contactChangeEntity.key('u1', 'email')),
  table('ContactUndo', contactUndoEntity.key('u1', 'phone')),
  table('SignInAttemptsPerPhoneAtSource', signInPhoneAtSourceBudget.key('+15550100001', '203.0.113.7')),
  table('SignInAttemptsPerPhone', signInPhoneBudget.key('+15550100001')),
  table('SignInAttemptsPerSource', signInSourceBudget.key('203.0.113.7')),
  table('ResetIssuesPerPhone', resetIssuePhoneBudget.key('+15550100001')),
  table('ResetIssuesPerSource', resetIssueSourceBudget.key('203.0.113.7')),
  table('ResetCode', resetCodeEntity.key('+15550100001')),
  table('TwoStep', twoStepEntity.key('u1')),
  table('SecurityLogEntry', securityLogEntity.key('u1', '01J0000000000000000000000A')),
  table('TwoStepChallenge', twoStepChallengeEntity.key('challenge')),
  table('CodeChecksPerUser', twoStepUserBudget.key('u1')),
  table('ChatMembership', membershipEntity.key('u1', 'u2')),
  table('ChatPair', chatPairEntity.key('u2', 'u1')),
  table('ChatCounter', chatCounterEntity.key()),
  table('ChatMessage', messageEntity.key(7, '01J0000000000000000000000A')),
  table('ConnectionSet', connectionSetEntity.keyOf(connectionSet)),
  { entity: 'ConnectionSet', index: 'gsi2', key: { pk: gsi2.gsi2pk ?? '', sk: gsi2.gsi2sk ?? '' } },
  table('ConnectionOwner', connectionOwnerEntity.key('conn1')),
  table('SocketTicket', socketTicketEntity.key('c2hhMjU2')),
  table('ChatScheduledMessage', scheduledMessageEntity.key('u1', 'u2', 's1')),
  table('Permission', permissionEntity.key('perm1')),
  table('PermissionCount', permissionCountEntity.key()),
  table('PermissionNameClaim', permissionNameEntity.key('Only  View')),
  table('Project', projectEntity.key('p1')),
  table('Task', taskEntity.key('p1', 't1')),
  table('TaskComment', commentEntity.key('p1', 't1', 'c1')),
  table('ProjectActivity', activityEntity.key('p1', 'a1')),
  table(
    'ProjectListEntry',
    listEntryEntity.key({
      scope: { kind: 'client', clientId: 'c1' },
      status: 'active',
      sort: 'name',
      sortValue: 'acme',
      projectId: 'p1',
    }),
  ),
  table('ProjectCounts', statusCountsEntity.key({ kind: 'workspace' })),
  table('RankClaim', rankClaimKey('p1', 'todo', 'm')),
  table('BoardViewer', boardViewerKey('p1', 'conn1')),
  table('BoardViewing', boardViewingKey('conn1')),
  table('Job', jobEntity.key('j1')),
  table('Channel', channelEntity.key('ch1')),
  { entity: 'Channel', index: 'gsi1', key: { pk: channelList.gsi1pk ?? '', sk: channelList.gsi1sk ?? '' } },
  table('ChannelIdentity', channelIdentityEntity.key('ch1', '12345')),
  table('InboundClaim', inboundClaimEntity.key('ch1', '987')),
  { entity: 'Job', index: 'gsi1', key: { pk: jobDue.gsi1pk ?? '', sk: jobDue.gsi1sk ?? '' } },
  { entity: 'Job', index: 'gsi1', key: { pk: jobAttention.gsi1pk ?? '', sk: jobAttention.gsi1sk ?? '' } },
  table('Notification', notificationEntity.key('u1', '01J0000000000000000000000A')),
  table('NotificationUnreadCount', unreadCountEntity.key('u1')),
  table('NotificationSettings', notificationSettingsEntity.key('u1')),
  table('NotificationLatestUnread', latestUnreadEntity.key('u1', 'chat:u2')),
  table('NotificationPendingEmail', pendingEmailEntity.key('u1', '01J0000000000000000000000A')),
  table('Invitation', invitationEntity.key('01J0000000000000000000000A')),
  table('AdminCount', adminCountEntity.key()),
  table('Mail', mailEntity.key('u1', '01J0000000000000000000000A')),
  { entity: 'Mail', index: 'gsi1', key: { pk: mailIndex.gsi1pk ?? '', sk: mailIndex.gsi1sk ?? '' } },
  { entity: 'Mail', index: 'gsi2', key: { pk: mailIndex.gsi2pk ?? '', sk: mailIndex.gsi2sk ?? '' } },
  table('MailBody', mailBodyEntity.key('u1', '01J0000000000000000000000A')),
  table('MailCounts', mailCountsEntity.key('u1')),
  table('MailSuppression', suppressionEntity.key('a@example.com')),
  {
    entity: 'MailSuppression',
    index: 'gsi1',
    key: { pk: suppressionList.gsi1pk ?? '', sk: suppressionList.gsi1sk ?? '' },
  },
  table('MailSesMessage', sesMessageEntity.key('0100018c-ses-id')),
  table('MailMessageId', messageIdEntity.key('<m1@example.com>')),
  table('MailInboundClaim', inboundClaimKey('u1', '<m1@example.com>')),
  table('MailOutsideSend', sendClaimKey('u1', '01J0000000000000000000000A')),
  // Mailings (mailings/entities.ts)
  table('Mailing', mailingEntity.key('01J0000000000000000000000M')),
  { entity: 'Mailing', index: 'gsi1', key: { pk: mailingIndex.gsi1pk ?? '', sk: mailingIndex.gsi1sk ?? '' } },
  // Mailings: the delivery part (mailings/delivery-entities.ts)
  table('MailingRecipient', recipientEntity.key('01J0000000000000000000000A', 'u1')),
  { entity: 'MailingRecipient', index: 'gsi1', key: { pk: queuePartition('m1'), sk: 'u1' } },
  { entity: 'MailingRecipient', index: 'gsi1', key: { pk: claimPartition('m1'), sk: '2026-01-01T00:00:00.000Z#u1' } },
  {
    entity: 'MailingRecipient',
    index: 'gsi2',
    key: { pk: personSendsPartition('u1'), sk: '2026-01-01T00:00:00.000Z#m1' },
  },
  table('MailingTotalsShard', totalsShardEntity.key('01J0000000000000000000000M', 3)),
  table('MailingMinute', minuteBucketEntity.key('m1', '2026-01-01T10:07')),
  table('MailingSendWindow', sendWindowEntity.key('m1')),
  table('MailingSesLink', sesLinkEntity.key('0100018c-ses-id')),
  // Sequences (mailings/sequence-entities.ts)
  table('Sequence', sequenceEntity.key('01J0000000000000000000000S')),
  { entity: 'Sequence', index: 'gsi1', key: { pk: sequenceIndex.gsi1pk ?? '', sk: sequenceIndex.gsi1sk ?? '' } },
  table('SequenceEnrolment', enrolmentEntity.key('01J0000000000000000000000S', 'u1')),
  {
    entity: 'SequenceEnrolment',
    index: 'gsi2',
    key: { pk: enrolmentIndex.gsi2pk ?? '', sk: enrolmentIndex.gsi2sk ?? '' },
  },
  table('SequenceStepStats', stepStatsEntity.key('01J0000000000000000000000S', 1)),
  table('MailingChannelSecond', channelSecondEntity.key('email', '2026-01-01T10:07:31')),
  // Integrations (integrations/entities.ts): each part appends its keys
  table('HelpLinks', helpLinksEntity.key()),
  table('Webhook', webhookEntity.key('whk_01J0000000000000000000000W')),
  table('WebhookDelivery', webhookDeliveryEntity.key('whk_01J0000000000000000000000W', 'msg_01J_01J')),
  {
    entity: 'WebhookDelivery',
    index: 'gsi1',
    key: {
      pk: webhookDeliveryEntity.indexKeysOf(deliveryRecord).gsi1pk ?? '',
      sk: webhookDeliveryEntity.indexKeysOf(deliveryRecord).gsi1sk ?? '',
    },
  },
  table('WebhookAttempt', webhookAttemptEntity.key('whk_01J0000000000000000000000W', 'msg_01J_01J', 3)),
  table('ApiKey', apiKeyEntity.key('01J0000000000000000000000K')),
  { entity: 'ApiKey', index: 'gsi1', key: apiKeyListKey },
  table('ApiKeyWindow', apiKeyWindowEntity.key('01J0000000000000000000000K', 29_500_000)),
  table('LiveApiKeys', liveApiKeysEntity.key()),
  // Rate limits (core/rate-window.ts): every window of every limit, as its spends build it
  ...windowsAt(
    [
      registrationSpend('203.0.113.7'),
      invitationSentBy('u1'),
      invitationResent('01J0000000000000000000000A'),
      { limit: outsideRecipientsLimit, pk: userPartitionKey('u1'), amount: 3 },
      { limit: testEventsPerWebhookLimit, pk: webhookPartition('whk_01J0000000000000000000000W') },
      { limit: testEventsPerPersonLimit, pk: userPartitionKey('u1') },
    ],
    Date.parse('2026-01-01T10:07:00Z'),
  ).map((window) => table('RateWindow', window.key)),
  // Plans, invoices, referrals and credit (core/billing/entities.ts)
  table('Plan', planEntity.key('pln_1')),
  table('Subscription', subscriptionEntity.key('u1')),
  indexed('Subscription', 'gsi1', subscriptionEntity.indexKeysOf({ clientId: 'u1' } as never)),
  table('PendingInvoiceLine', pendingLineEntity.key('u1', '01J0000000000000000000000L')),
  table('BilledPeriod', billedPeriodEntity.key('u1', '2026-11-01T00:00:00.000Z')),
  table('BillingStats', billingStatsEntity.key()),
  table('Invoice', invoiceEntity.key('01J0000000000000000000000I')),
  indexed('Invoice', 'gsi1', invoiceEntity.indexKeysOf(invoiceForKeys)),
  indexed('Invoice', 'gsi2', invoiceEntity.indexKeysOf(invoiceForKeys)),
  table('InvoiceCounter', invoiceCounterEntity.key(2026)),
  table('Referral', referralEntity.key('u1', 'u2')),
  indexed('Referral', 'gsi1', referralEntity.indexKeysOf({ referredId: 'u2', registeredAt: '2026-11-01' } as never)),
  table('RewardRule', rewardRuleEntity.key()),
  table('CreditBalance', creditBalanceEntity.key('u1', 'EUR')),
  indexed('CreditBalance', 'gsi1', creditBalanceEntity.indexKeysOf({ userId: 'u1', currency: 'EUR' } as never)),
  table('CreditEntry', creditEntryEntity.key('u1', 'applied#01J0000000000000000000000I')),
  table('Usage', usageEntity.key('u1')),
  table('PaymentEvent', paymentEventEntity.key('evt_1NG8Du2eZvKYlo2CUI79vXWy')),
];

const rows: readonly AccessPattern[] = accessPatterns;

const matches = (row: AccessPattern, built: BuiltKey) =>
  row.entity === built.entity &&
  row.index === built.index &&
  templatePattern(row.pk).test(built.key.pk) &&
  templatePattern(row.sk).test(built.key.sk);

/** Could keys of these two rows be equal, or one be read by the other's begins_with? */
const overlaps = (a: AccessPattern, b: AccessPattern): boolean => {
  if (a.index !== b.index) return false;
  const prefixClash = (x: string, y: string) => {
    const [px, py] = [literalPrefix(x), literalPrefix(y)];
    return px.startsWith(py) || py.startsWith(px);
  };
  return prefixClash(a.pk, b.pk) && prefixClash(a.sk, b.sk);
};

describe('the access-pattern table', () => {
  it('has a row for every key a builder makes', () => {
    const unmatched = builtKeys.filter((built) => !rows.some((row) => matches(row, built)));
    expect(unmatched).toEqual([]);
  });

  it('has no row that no builder makes', () => {
    const unused = rows.filter((row) => !builtKeys.some((built) => matches(row, built)));
    expect(unused).toEqual([]);
  });

  it('gives no key prefix to two entities', () => {
    const clashes = rows.flatMap((a, i) =>
      rows.slice(i + 1).flatMap((b) => (a.entity !== b.entity && overlaps(a, b) ? [`${a.entity} / ${b.entity}`] : [])),
    );
    expect(clashes).toEqual([]);
  });

  it('reports an entity that reuses another one’s prefix', () => {
    const intruder: AccessPattern = {
      entity: 'Invoice',
      module: 'invoices/entities.ts',
      index: 'table',
      pk: 'PROJECT#<projectId>',
      sk: 'TASK#<invoiceId>',
      patterns: [],
    };
    expect(
      rows.filter((row) => row.entity !== intruder.entity && overlaps(row, intruder)).map((row) => row.entity),
    ).toEqual(['Task']);
  });

  it('reports a new budget that would be lifted with the sign-in budgets of a phone', () => {
    const intruder: AccessPattern = {
      entity: 'SignInCodeAttempts',
      module: 'auth/entities.ts',
      index: 'table',
      pk: 'THROTTLE#PHONE#<sha-256 of the phone>',
      sk: 'SIGNIN#<code id>',
      patterns: [],
    };
    expect(
      rows.filter((row) => row.entity !== intruder.entity && overlaps(row, intruder)).map((row) => row.entity),
    ).toEqual(['SignInAttemptsPerPhoneAtSource', 'SignInAttemptsPerPhone']);
  });
});
