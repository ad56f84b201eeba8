import { randomBytes } from 'node:crypto';

import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { transactWrite } from '../core/db';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { jobPart } from '../core/jobs/enqueue';
import { validateOutboundUrl } from '../core/outbound-address';
import { sealSecret, secretHint } from '../core/secret-box';
import { tableName } from '../core/table';
import { getUserById } from '../core/users/repository';
import { readRoleRules } from '../core/auth/role-rules';
import { isStaffWhoMay } from '../core/staff-rules';
import { listLeads } from '../chat/channel-service';
import {
  channelMessages,
  isLeadBoardColumn,
  leadBoardColumns,
  maxChannels,
  type Channel,
  type ChannelsResponse,
  type ConnectChannelRequest,
  type ConnectChannelResponse,
  type LeadBoardResponse,
  type LeadCard,
} from './contract';
import { channelEntity } from './entities';
import type { ChannelRecord } from './records';
import {
  deleteChannel,
  getChannel,
  insertChannel,
  listChannels as listChannelRecords,
  updateChannelFields,
} from './repository';
import { ChannelCallError } from './transports/outcome';
import { getMe, setWebhook, type TelegramBot } from './transports/telegram';
import { newSigningSecret } from './transports/webhook';

/**
 * The channels' rules (docs/channels.md). Admin only: each use case authorises before it reads
 * the request. Secrets are sealed before they are stored and leave only as `secretHint`; the
 * one exception is a webhook's signing secret, in the response that creates it.
 */

/** A channel as the browser sees it: the stored record without its sealed secrets. */
export const toChannel = (record: ChannelRecord): Channel => {
  const base = {
    id: record.id,
    name: record.name,
    status: record.status,
    lastError: record.lastError,
    lastActivityAt: record.lastActivityAt,
    counts: record.counts,
    ownerId: record.ownerId,
    secretHint: record.secretHint,
    lastTest: record.lastTest,
    createdAt: record.createdAt,
    version: record.version,
  };
  switch (record.type) {
    case 'telegram':
      return { ...base, type: record.type, config: record.config };
    case 'webhook':
      return { ...base, type: record.type, config: record.config };
    case 'email':
      return { ...base, type: record.type, config: record.config };
    case 'sms':
      return { ...base, type: record.type, config: record.config };
  }
};

/** Where the outside world reaches this workspace (PUBLIC_BASE_URL, else the request's own origin). */
const publicBaseUrl = (requestOrigin: string): string =>
  (process.env.PUBLIC_BASE_URL ?? requestOrigin).replace(/\/+$/, '');

export const telegramHookUrl = (base: string, channelId: string) => `${base}/api/hooks/telegram/${channelId}`;
export const webhookInboundUrl = (base: string, channelId: string) => `${base}/api/hooks/webhook/${channelId}`;

const findChannel = async (id: string): Promise<ChannelRecord> => {
  const channel = await getChannel(id);
  if (!channel) throw new NotFoundError(channelMessages.notFound);
  return channel;
};

const staleError = (current: ChannelRecord | undefined) =>
  current
    ? new ConflictError({ version: [channelMessages.stale] }, { channel: toChannel(current) })
    : new NotFoundError(channelMessages.notFound);

/**
 * A channel's owner receives its conversations in their chat: a staff member (not suspended)
 * whose rules let them read channels (docs/roles.md), by the roles' rules as they are now.
 */
const checkOwner = async (ownerId: string): Promise<void> => {
  const [owner, roleRules] = await Promise.all([getUserById(ownerId), readRoleRules()]);
  if (!isStaffWhoMay(owner, 'read', 'Channel', roleRules)) {
    throw new ValidationError({ ownerId: [channelMessages.ownerNotAdmin] });
  }
};

/** getMe then setWebhook; the bot token's field carries any refusal (nothing is stored). */
const hookTelegramBot = async (
  token: string,
  webhookUrl: string,
  hookToken: string,
): Promise<TelegramBot & { username: string }> => {
  try {
    const bot = await getMe(token);
    await setWebhook(token, webhookUrl, hookToken);
    return { ...bot, username: bot.username ?? String(bot.id) };
  } catch (error) {
    if (!(error instanceof ChannelCallError)) throw error;
    throw new ValidationError({
      botToken: [error.kind === 'permanent' ? channelMessages.botTokenRejected : channelMessages.telegramUnreachable],
    });
  }
};

const newHookToken = (): string => randomBytes(32).toString('base64url');

const emptyCounts = { inbound: 0, outbound: 0, failed: 0 } as const;

// ---- admin routes ------------------------------------------------------------------------------

export const listChannels = async (caller: Caller): Promise<ChannelsResponse> => {
  authorize(caller.ability, 'read', 'Channel');
  return { channels: (await listChannelRecords()).map(toChannel) };
};

export const readChannel = async (caller: Caller, request: () => { id: string }): Promise<Channel> => {
  authorize(caller.ability, 'read', 'Channel');
  return toChannel(await findChannel(request().id));
};

/**
 * Connects a channel. A Telegram bot is checked with getMe and its webhook set (with a new
 * secret token) before anything is stored: a token Telegram refuses stores nothing.
 */
export const connectChannel = async (
  caller: Caller,
  request: () => { input: ConnectChannelRequest; origin: string },
  now = new Date(),
): Promise<ConnectChannelResponse> => {
  authorize(caller.ability, 'create', 'Channel');
  const { input, origin } = request();
  const ownerId = input.ownerId ?? caller.principal.userId;
  if (input.ownerId) await checkOwner(ownerId);
  if ((await listChannelRecords()).length >= maxChannels) throw new ConflictError({ general: [channelMessages.limit] });
  const id = ulid(now.getTime());
  const base = publicBaseUrl(origin);
  const at = now.toISOString();
  const common = {
    id,
    name: input.name,
    status: 'active' as const,
    lastError: null,
    lastActivityAt: null,
    counts: emptyCounts,
    consecutiveFailures: 0,
    ownerId,
    lastTest: null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  let record: ChannelRecord;
  let signingSecret: string | undefined;
  switch (input.type) {
    case 'telegram': {
      const hookToken = newHookToken();
      const webhookUrl = telegramHookUrl(base, id);
      const bot = await hookTelegramBot(input.botToken, webhookUrl, hookToken);
      record = {
        ...common,
        type: 'telegram',
        config: { botUsername: bot.username, webhookUrl },
        secretHint: secretHint(input.botToken),
        sealedSecret: await sealSecret(input.botToken, 'channel'),
        sealedHookToken: await sealSecret(hookToken, 'channel'),
      };
      break;
    }
    case 'webhook': {
      // A URL the server will call: a public address only (core/outbound-address.ts), else 400.
      await validateOutboundUrl('outboundUrl', input.outboundUrl);
      signingSecret = newSigningSecret();
      record = {
        ...common,
        type: 'webhook',
        config: { inboundUrl: webhookInboundUrl(base, id), outboundUrl: input.outboundUrl },
        secretHint: secretHint(signingSecret),
        sealedSecret: await sealSecret(signingSecret, 'channel'),
      };
      break;
    }
    case 'email':
      record = {
        ...common,
        type: 'email',
        config: { fromAddress: input.fromAddress, fromName: input.fromName },
        secretHint: null,
      };
      break;
    case 'sms':
      record = { ...common, type: 'sms', config: input.senderId ? { senderId: input.senderId } : {}, secretHint: null };
      break;
  }
  await insertChannel(record);
  return { channel: toChannel(record), ...(signingSecret ? { signingSecret } : {}) };
};

export interface ChannelChanges {
  readonly version: number;
  readonly name?: string;
  readonly ownerId?: string;
  readonly botToken?: string;
  readonly outboundUrl?: string;
  readonly fromAddress?: string;
  readonly fromName?: string;
  readonly senderId?: string;
}

const notForType = (field: string, type: string) => ({ [field]: [`A ${type} channel has no ${field}`] });

/** Edits from the version read (stale → 409 with the current channel). */
export const updateChannel = async (
  caller: Caller,
  request: () => { id: string; changes: ChannelChanges; origin: string },
  now = new Date(),
): Promise<Channel> => {
  authorize(caller.ability, 'update', 'Channel');
  const { id, changes, origin } = request();
  const channel = await findChannel(id);
  if (channel.version !== changes.version) throw staleError(channel);
  const typeFields: Record<ChannelRecord['type'], readonly (keyof ChannelChanges)[]> = {
    telegram: ['botToken'],
    webhook: ['outboundUrl'],
    email: ['fromAddress', 'fromName'],
    sms: ['senderId'],
  };
  const foreign = (['botToken', 'outboundUrl', 'fromAddress', 'fromName', 'senderId'] as const).filter(
    (field) => changes[field] !== undefined && !typeFields[channel.type].includes(field),
  );
  if (foreign.length > 0)
    throw new ValidationError(Object.assign({}, ...foreign.map((field) => notForType(field, channel.type))));
  if (changes.ownerId) await checkOwner(changes.ownerId);

  const fields: Record<string, unknown> = {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.ownerId !== undefined ? { ownerId: changes.ownerId } : {}),
  };
  switch (channel.type) {
    case 'telegram':
      if (changes.botToken !== undefined) {
        // A new token (a new bot, or the same bot's token revoked): checked and hooked again.
        const hookToken = newHookToken();
        const webhookUrl = telegramHookUrl(publicBaseUrl(origin), channel.id);
        const bot = await hookTelegramBot(changes.botToken, webhookUrl, hookToken);
        Object.assign(fields, {
          config: { botUsername: bot.username, webhookUrl },
          secretHint: secretHint(changes.botToken),
          sealedSecret: await sealSecret(changes.botToken, 'channel'),
          sealedHookToken: await sealSecret(hookToken, 'channel'),
        });
      }
      break;
    case 'webhook':
      if (changes.outboundUrl !== undefined) {
        await validateOutboundUrl('outboundUrl', changes.outboundUrl);
        fields.config = { ...channel.config, outboundUrl: changes.outboundUrl };
      }
      break;
    case 'email':
      if (changes.fromAddress !== undefined || changes.fromName !== undefined)
        fields.config = {
          fromAddress: changes.fromAddress ?? channel.config.fromAddress,
          fromName: changes.fromName ?? channel.config.fromName,
        };
      break;
    case 'sms':
      if (changes.senderId !== undefined) fields.config = changes.senderId ? { senderId: changes.senderId } : {};
      break;
  }
  const written = await updateChannelFields(id, fields, changes.version, now);
  if (!written.ok) throw staleError(await getChannel(id));
  return toChannel(written.channel);
};

const setStatus = async (
  caller: Caller,
  request: () => { id: string; version?: number },
  status: 'paused' | 'active',
  now: Date,
): Promise<Channel> => {
  authorize(caller.ability, 'update', 'Channel');
  const { id, version } = request();
  const channel = await findChannel(id);
  if (version !== undefined && version !== channel.version) throw staleError(channel);
  // Resuming starts afresh: a failing channel is given another chance.
  const fields = status === 'active' ? { status, consecutiveFailures: 0 } : { status };
  const written = await updateChannelFields(id, fields, version ?? channel.version, now);
  if (!written.ok) throw staleError(await getChannel(id));
  return toChannel(written.channel);
};

/** Paused: nothing is sent (queued replies fail, to be retried after resuming) and hooks answer 503. */
export const pauseChannel = (caller: Caller, request: () => { id: string; version?: number }, now = new Date()) =>
  setStatus(caller, request, 'paused', now);

export const resumeChannel = (caller: Caller, request: () => { id: string; version?: number }, now = new Date()) =>
  setStatus(caller, request, 'active', now);

/**
 * Removes a channel. A Telegram bot's webhook is removed by a background job written in the same
 * transaction (the bot API may be slow or down; the removal must not wait for it). Leads and
 * their conversations stay; replies to them through this channel fail, visibly.
 */
export const removeChannel = async (caller: Caller, request: () => { id: string; version?: number }): Promise<void> => {
  authorize(caller.ability, 'delete', 'Channel');
  const { id, version } = request();
  const channel = await findChannel(id);
  if (version !== undefined && version !== channel.version) throw staleError(channel);
  const parts =
    channel.type === 'telegram' && channel.sealedSecret
      ? [
          jobPart(
            'channel.unhook',
            { channelId: channel.id, sealedToken: channel.sealedSecret },
            { label: `Remove the webhook of Telegram bot @${channel.config.botUsername}` },
          ).part,
        ]
      : [];
  if (!(await deleteChannel(id, version ?? channel.version, parts))) throw staleError(await getChannel(id));
};

/**
 * A test message to the admin through the channel, in the background (202): lastTest is pending
 * until the job records sent or failed. `to` defaults to the admin's own email or phone; a
 * Telegram chat id must be given; a webhook posts to its outbound URL.
 */
export const testChannel = async (
  caller: Caller,
  request: () => { id: string; to?: string },
  now = new Date(),
): Promise<Channel> => {
  authorize(caller.ability, 'update', 'Channel');
  const { id, to } = request();
  const channel = await findChannel(id);
  if (channel.status === 'paused') throw new ConflictError({ general: [channelMessages.paused] });
  let recipient = to;
  if (recipient === undefined && (channel.type === 'email' || channel.type === 'sms')) {
    const me = await getUserById(caller.principal.userId);
    recipient = (channel.type === 'email' ? me?.email : me?.phone) || undefined;
  }
  if (recipient === undefined && channel.type !== 'webhook')
    throw new ValidationError({ to: [channelMessages.noRecipient] });
  const lastTest = { status: 'pending' as const, at: now.toISOString() };
  const job = jobPart(
    'channel.test',
    { channelId: channel.id, ...(recipient ? { to: recipient } : {}), requestedBy: caller.principal.userId },
    { label: `Test message through ${channel.name}`, maxAttempts: 3, now },
  );
  await transactWrite([
    {
      label: 'channel',
      item: {
        Update: {
          TableName: tableName(),
          Key: channelEntity.key(channel.id),
          UpdateExpression: 'SET lastTest = :test',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':test': lastTest },
        },
      },
    },
    job.part,
  ]);
  return toChannel({ ...channel, lastTest });
};

/**
 * The lead board: every lead by stage, with counts and the channel each came from. A lead whose
 * status is not a stage (never set) shows as contact_received; deleted leads are left out.
 */
export const leadBoard = async (caller: Caller): Promise<LeadBoardResponse> => {
  authorize(caller.ability, 'read', 'Channel');
  const [leads, channels] = await Promise.all([listLeads(), listChannelRecords()]);
  const names = new Map(channels.map((channel) => [channel.id, channel.name]));
  const cards: LeadCard[] = leads
    .filter((lead) => lead.status !== 'deleted')
    .map((lead) => ({
      id: lead.id,
      fullName: lead.fullName,
      avatar: lead.avatar,
      role: lead.role,
      status: isLeadBoardColumn(lead.status) ? lead.status : 'contact_received',
      channel: lead.channel
        ? { id: lead.channel.id, type: lead.channel.type, name: names.get(lead.channel.id) ?? '' }
        : null,
    }));
  return {
    columns: leadBoardColumns.map((status) => {
      const inColumn = cards.filter((card) => card.status === status);
      return { status, count: inColumn.length, leads: inColumn };
    }),
  };
};
