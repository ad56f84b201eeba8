import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import { ulid } from '../core/ids';
import { validateOutboundUrl } from '../core/outbound-address';
import { openSecret, sealSecret } from '../core/secret-box';
import { newSigningSecret } from '../core/signing-secret';
import {
  webhookLimits,
  type CreateWebhook,
  type UpdateWebhook,
  type Webhook,
  type WebhookWithSecret,
} from './webhook-contract';
import type { WebhookRecord } from './webhook-entities';
import { deleteWebhookRecord, getWebhookRecord, listWebhookRecords, putWebhookRecord } from './webhook-repository';

/**
 * Subscriptions (docs/integrations.md, "Webhooks"): the admin's (Integration subject). The
 * signing secret is answered once, on create and on rotation, and kept sealed; a rotated-out
 * secret keeps signing beside the new one for `rotationOverlapMs`, so receivers can switch
 * without losing a delivery.
 */

export const rotationOverlapMs = 24 * 60 * 60_000;

/** What the page shows of a secret to recognise it: its first characters. */
export const secretHintOf = (secret: string): string => `${secret.slice(0, 10)}…`;

export const webhookView = (record: WebhookRecord, now = new Date()): Webhook => {
  const overlapping =
    record.previousSecretExpiresAt !== undefined && Date.parse(record.previousSecretExpiresAt) > now.getTime();
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    events: [...record.events],
    enabled: record.enabled,
    ...(record.disabledReason ? { disabledReason: record.disabledReason } : {}),
    ...(record.disabledAt ? { disabledAt: record.disabledAt } : {}),
    secretHint: record.secretHint,
    ...(overlapping ? { previousSecretExpiresAt: record.previousSecretExpiresAt } : {}),
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    version: record.version,
  };
};

/** The URL may be called (https outside development, a public address): else 400 on `url`. */
const checkUrl = (url: string): Promise<void> => validateOutboundUrl('url', url);

/** The secrets a delivery signs with now: the current one, and the rotated-out one during the overlap. */
export const signingSecrets = async (record: WebhookRecord, now: Date): Promise<string[]> => {
  const current = await openSecret(record.sealedSecret, 'integration');
  const overlapping =
    record.sealedPreviousSecret !== undefined &&
    record.previousSecretExpiresAt !== undefined &&
    Date.parse(record.previousSecretExpiresAt) > now.getTime();
  return overlapping ? [current, await openSecret(record.sealedPreviousSecret as string, 'integration')] : [current];
};

export const listWebhooks = async (caller: Caller): Promise<Webhook[]> => {
  authorize(caller.ability, 'read', 'Integration');
  const records = await listWebhookRecords();
  return records.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((record) => webhookView(record));
};

/** The subscription, for any of the routes under it: 404 when there is none. */
export const requireWebhook = async (id: string): Promise<WebhookRecord> => {
  const record = await getWebhookRecord(id);
  if (!record) throw new NotFoundError();
  return record;
};

export const readWebhook = async (caller: Caller, id: string): Promise<Webhook> => {
  authorize(caller.ability, 'read', 'Integration');
  return webhookView(await requireWebhook(id));
};

export const createWebhook = async (
  caller: Caller,
  input: CreateWebhook,
  now = new Date(),
): Promise<WebhookWithSecret> => {
  authorize(caller.ability, 'create', 'Integration');
  await checkUrl(input.url);
  if ((await listWebhookRecords()).length >= webhookLimits.subscriptionsMax) {
    throw new ConflictError({ url: [`At most ${webhookLimits.subscriptionsMax} endpoints`] });
  }
  const secret = newSigningSecret();
  const at = now.toISOString();
  const record: WebhookRecord = {
    id: `whk_${ulid(now.getTime())}`,
    url: input.url,
    description: input.description,
    events: input.events,
    enabled: input.enabled,
    sealedSecret: await sealSecret(secret, 'integration'),
    secretHint: secretHintOf(secret),
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await putWebhookRecord(record, 0);
  return { webhook: webhookView(record, now), secret };
};

const stale = async (id: string): Promise<never> => {
  const current = await getWebhookRecord(id);
  if (!current) throw new NotFoundError();
  throw new ConflictError({ version: ['The endpoint was changed meanwhile'] }, { webhook: webhookView(current) });
};

/** Writes `next` over the version read; a stale one is 409 with the current subscription. */
const replace = async (next: WebhookRecord, readVersion: number): Promise<void> => {
  try {
    await putWebhookRecord(next, readVersion);
  } catch (error) {
    if (error instanceof ConditionFailed) await stale(next.id);
    throw error;
  }
};

export const updateWebhook = async (
  caller: Caller,
  id: string,
  input: UpdateWebhook,
  now = new Date(),
): Promise<Webhook> => {
  authorize(caller.ability, 'update', 'Integration');
  const record = await requireWebhook(id);
  if (record.version !== input.version) await stale(id);
  if (input.url !== undefined && input.url !== record.url) await checkUrl(input.url);
  const { disabledReason: _reason, disabledAt: _at, ...rest } = record;
  // Turned back on by the admin: the failing mark goes with it.
  const reenabled = input.enabled === true && !record.enabled;
  const next: WebhookRecord = {
    ...(reenabled ? rest : record),
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { events: input.events } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    updatedAt: now.toISOString(),
    version: record.version + 1,
  };
  await replace(next, record.version);
  return webhookView(next, now);
};

export const deleteWebhook = async (caller: Caller, id: string): Promise<void> => {
  authorize(caller.ability, 'delete', 'Integration');
  if (!(await deleteWebhookRecord(id))) throw new NotFoundError();
};

/** A new secret, answered once; the current one keeps signing beside it for the overlap. */
export const rotateWebhookSecret = async (caller: Caller, id: string, now = new Date()): Promise<WebhookWithSecret> => {
  authorize(caller.ability, 'update', 'Integration');
  const record = await requireWebhook(id);
  const secret = newSigningSecret();
  const next: WebhookRecord = {
    ...record,
    sealedSecret: await sealSecret(secret, 'integration'),
    secretHint: secretHintOf(secret),
    sealedPreviousSecret: record.sealedSecret,
    previousSecretExpiresAt: new Date(now.getTime() + rotationOverlapMs).toISOString(),
    updatedAt: now.toISOString(),
    version: record.version + 1,
  };
  await replace(next, record.version);
  return { webhook: webhookView(next, now), secret };
};
