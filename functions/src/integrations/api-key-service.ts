import type { Action, AppAbility, Subject } from '../core/ability';
import { apiKeyPrefix, hashApiKey, newApiKey } from '../core/auth/api-key-format';
import type { ApiKeyRecord } from '../core/api-key-entities';
import type { ApiKeyArea, ApiScope } from '../core/api-scopes';
import { authorize, can } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { apiKeyLimits, type ApiKey, type CreateApiKey } from './api-key-contract';
import { ConditionFailed } from '../core/db';
import {
  forgetLiveKey,
  getApiKeyRecord,
  getApiKeyRecords,
  getLiveKeys,
  listApiKeyRecords,
  markApiKeyRevoked,
  putCountedApiKey,
  putFirstCountedApiKey,
} from './api-key-repository';
import { planLiveKeyAdd, stillCounted } from './live-keys';

const dayMs = 86_400_000;
/** An ended key (expired or revoked) stays listed this long, then the table forgets it (TTL). */
const listedAfterEndDays = 30;

const forgetAfter = (end: Date): number => Math.ceil((end.getTime() + listedAfterEndDays * dayMs) / 1000);

/** What the API answers about a key: never its hash, and the key itself only when created. */
const view = (record: ApiKeyRecord): ApiKey => ({
  id: record.id,
  name: record.name,
  prefix: record.prefix,
  scopes: [...record.scopes],
  expiresAt: record.validUntil,
  rateLimitPerMinute: record.rateLimitPerMinute,
  createdBy: record.createdBy,
  createdByName: record.createdByName,
  createdAt: record.createdAt,
  ...(record.lastUsedAt ? { lastUsedAt: record.lastUsedAt } : {}),
  ...(record.revokedAt ? { revokedAt: record.revokedAt } : {}),
});

const live = (record: ApiKeyRecord, now: Date) => !record.revokedAt && record.validUntil > now.toISOString();

/**
 * The subjects behind each key area (core/ability.ts), to tell whether the creator holds any
 * right there at all. The notifications are everyone's own (the bell), so no subject.
 */
const areaSubjects: Readonly<Record<ApiKeyArea, readonly Subject[]>> = {
  projects: ['Project', 'Task', 'Comment'],
  chat: ['Chat', 'Contact'],
  channels: ['Channel'],
  email: ['Email'],
  mailings: ['Mailing'],
  permissions: ['Permission'],
  team: ['Team', 'Role'],
  users: ['User'],
  notifications: [],
};
const writeActions: readonly Action[] = ['create', 'update', 'delete'];

/**
 * Whether the creator may do anything the scope names: reading (read) or changing (create, update,
 * delete) a subject of its area. A key never gets a scope its creator lacks; what the creator may
 * do is checked again on every request anyway, with their rights as they are then.
 */
const creatorHolds = (ability: AppAbility, scope: ApiScope): boolean => {
  const [area, access] = scope.split(':') as [ApiKeyArea, 'read' | 'write'];
  const subjects = areaSubjects[area];
  const actions: readonly Action[] = access === 'read' ? ['read'] : writeActions;
  return subjects.length === 0 || subjects.some((subject) => actions.some((action) => can(ability, action, subject)));
};

/** The expiry as stored (UTC ISO), or the field's 400: in the future, at most `expiryMaxDays` away. */
const validUntilOf = (expiresAt: string, now: Date): string => {
  const time = Date.parse(expiresAt);
  if (!(time > now.getTime())) throw new ValidationError({ expiresAt: ['Choose a time in the future'] });
  if (time > now.getTime() + apiKeyLimits.expiryMaxDays * dayMs) {
    throw new ValidationError({ expiresAt: [`At most ${apiKeyLimits.expiryMaxDays} days from now`] });
  }
  return new Date(time).toISOString();
};

/**
 * A new key for the caller (create Integration): answered once with the key itself; the table keeps
 * its SHA-256 and its prefix. Nothing is stored when the request is refused, and the body is read
 * after authorising: who may not create keys learns nothing of its fields.
 */
export const createApiKey = async (
  caller: Caller,
  body: () => CreateApiKey,
  now = new Date(),
): Promise<{ apiKey: ApiKey; key: string }> => {
  authorize(caller.ability, 'create', 'Integration');
  const input = body();
  const validUntil = validUntilOf(input.expiresAt, now);
  const beyond = input.scopes.filter((scope) => !creatorHolds(caller.ability, scope));
  if (beyond.length > 0) throw new ValidationError({ scopes: [`Beyond your own rights: ${beyond.join(', ')}`] });
  const id = ulid(now.getTime());
  const key = newApiKey(id);
  const record: ApiKeyRecord = {
    id,
    name: input.name,
    prefix: apiKeyPrefix(id),
    keyHash: hashApiKey(key),
    scopes: input.scopes,
    validUntil,
    rateLimitPerMinute: input.rateLimitPerMinute,
    createdBy: caller.principal.userId,
    createdByName: caller.fullName,
    createdAt: now.toISOString(),
    expiresAt: forgetAfter(new Date(validUntil)),
  };
  await putWithinLimit(record, now);
  return { apiKey: view(record), key };
};

const noRoom = () => new ConflictError({ general: [`At most ${apiKeyLimits.keysMax} live keys: revoke one first`] });

/** Rounds of read, plan and conditional write before a create gives up on a busy item. */
const createRounds = 8;

/**
 * Stores a key if fewer than the limit are live, in the transaction that gives it its place in
 * the live keys' item (live-keys.ts): concurrent creates at the limit end with exactly the limit.
 * A create that finds the item full checks the keys it holds (a key revoked while its place was
 * being given back, or ended) and takes out those that no longer work. Before the item exists
 * (keys made before it), it starts from the keys listed as live.
 */
const putWithinLimit = async (record: ApiKeyRecord, now: Date): Promise<void> => {
  for (let round = 1; round <= createRounds; round += 1) {
    try {
      const counted = await getLiveKeys();
      if (!counted) {
        const listed = (await listApiKeyRecords()).filter((each) => live(each, now));
        if (listed.length >= apiKeyLimits.keysMax) throw noRoom();
        await putFirstCountedApiKey(record, Object.fromEntries(listed.map((each) => [each.id, each.validUntil])));
        return;
      }
      let plan = planLiveKeyAdd(counted, now, apiKeyLimits.keysMax);
      if (!plan) {
        const held = stillCounted(counted, now);
        const working = new Set(
          (await getApiKeyRecords(held)).filter((each) => live(each, now)).map((each) => each.id),
        );
        plan = planLiveKeyAdd(counted, now, apiKeyLimits.keysMax, new Set(held.filter((id) => !working.has(id))));
      }
      if (!plan) throw noRoom();
      await putCountedApiKey(record, plan);
      return;
    } catch (error) {
      // The item changed since it was read (or stayed busy): read it again.
      if (!(error instanceof ConditionFailed) || !(error.failed('live keys') || error.failed('conflict'))) throw error;
    }
  }
  throw new ConflictError({ general: ['Keys are being created at the same time: try again'] });
};

/** Every key, newest first, revoked and expired ones too (read Integration). */
export const listApiKeys = async (caller: Caller): Promise<ApiKey[]> => {
  authorize(caller.ability, 'read', 'Integration');
  return (await listApiKeyRecords()).map(view);
};

/** Revokes a key (delete Integration): its next request is 401. A second revoke changes nothing. */
export const revokeApiKey = async (caller: Caller, id: string, now = new Date()): Promise<ApiKey> => {
  authorize(caller.ability, 'delete', 'Integration');
  const revoked = await markApiKeyRevoked(id, now.toISOString(), forgetAfter(now));
  // Its place is given back after the revocation: if that write is lost, the next create that
  // finds the live keys full sees the key revoked and takes it out.
  if (revoked) {
    await forgetLiveKey(id);
    return view(revoked);
  }
  const record = await getApiKeyRecord(id);
  if (!record) throw new NotFoundError('API key not found');
  return view(record);
};
