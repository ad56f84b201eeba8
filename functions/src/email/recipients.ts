import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

import { abilityRulesFor, buildAbility } from '../core/ability';
import { readRoleRules } from '../core/auth/role-rules';
import { can } from '../core/authorize';
import type { Caller } from '../core/caller';
import { db } from '../core/db';
import { ValidationError } from '../core/errors';
import { isStaffRole } from '../core/roles';
import { tableName } from '../core/table';
import { peopleIndexPartition, roleIndexNamePrefix, uniqueClaimEntity } from '../core/users/entities';
import { getUsersById } from '../core/users/repository';
import type { UserRecord } from '../core/users/records';
import { authorizeCompose } from './compose-access';
import type { RecipientSuggestion } from './contract';
import { composeMessages } from './messages';
import type { MailAddress } from './records';
import type { RecipientInput } from './requests';

/**
 * Who a mail goes to (docs/email.md, "Who may do what"). An address that is a workspace user's
 * sign-in email (its unique claim, core/users) is delivered inside Orbit, to their mailbox; any
 * other address goes out through the email channel. A client writes to the agency only: every
 * recipient of a client's mail must be a staff member whose role holds `read Email`.
 */

const leadRole = 'lead';
export const maxSuggestions = 10;

/** The roles whose members have a mailbox: the administrator, clients, and staff roles granted `read Email` now. */
export const mailboxRoles = async (): Promise<ReadonlySet<string>> => {
  const rules = await readRoleRules();
  const roles = new Set<string>(['admin', 'client']);
  for (const role of ['manager', 'support', 'users', 'restricted-user']) {
    const ability = buildAbility(abilityRulesFor({ id: 'member', role }, rules));
    if (can(ability, 'read', 'Email', { ownerId: 'member' })) roles.add(role);
  }
  return roles;
};

/** Whom a client may write to: a staff member (not suspended) with a mailbox. */
const isAgencyMailbox = (user: Pick<UserRecord, 'role' | 'suspendedAt'>, roles: ReadonlySet<string>) =>
  isStaffRole(user.role) && roles.has(user.role) && user.suspendedAt === undefined;

const userIdByEmail = async (address: string): Promise<string | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: uniqueClaimEntity.key('email', address) }),
  );
  return typeof Item?.userId === 'string' ? Item.userId : undefined;
};

export interface ResolvedRecipients {
  readonly to: MailAddress[];
  readonly cc: MailAddress[];
  readonly bcc: MailAddress[];
  /** The workspace users among them, by id. */
  readonly users: ReadonlyMap<string, UserRecord>;
}

type Field = 'to' | 'cc' | 'bcc';

/**
 * Each address with the workspace user it belongs to (`userId`, their name when none was given);
 * for a client, 400 on the first field naming anyone but the agency's staff with a mailbox.
 */
export const resolveRecipients = async (
  caller: Caller,
  lists: Readonly<Record<Field, readonly RecipientInput[]>>,
): Promise<ResolvedRecipients> => {
  const addresses = [...new Set([...lists.to, ...lists.cc, ...lists.bcc].map((entry) => entry.address))];
  const owners = await Promise.all(addresses.map(async (address) => [address, await userIdByEmail(address)] as const));
  const users = await getUsersById(owners.flatMap(([, id]) => (id ? [id] : [])));
  const userOf = new Map<string, UserRecord>();
  for (const [address, id] of owners) {
    const user = id ? users.get(id) : undefined;
    if (user) userOf.set(address, user);
  }
  const resolve = (entry: RecipientInput): MailAddress => {
    const user = userOf.get(entry.address);
    const name = entry.name || user?.fullName;
    return { address: entry.address, ...(name ? { name } : {}), ...(user ? { userId: user.id } : {}) };
  };
  if (caller.principal.role === 'client') {
    const roles = await mailboxRoles();
    const errors: Record<string, string[]> = {};
    for (const field of ['to', 'cc', 'bcc'] as const) {
      const refused = lists[field].some((entry) => {
        const user = userOf.get(entry.address);
        return !user || !isAgencyMailbox(user, roles);
      });
      if (refused) errors[field] = [composeMessages.clientRecipient];
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }
  return { to: lists.to.map(resolve), cc: lists.cc.map(resolve), bcc: lists.bcc.map(resolve), users };
};

interface PersonItem {
  readonly id: string;
  readonly fullName: string;
  readonly role: string;
  readonly email?: string;
  readonly avatar?: string | null;
  readonly suspendedAt?: string;
}

/** People whose name starts with `q` (the people index: users and leads, one Query). */
const peopleByName = async (q: string, limit: number): Promise<PersonItem[]> => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: q ? 'gsi2pk = :pk AND begins_with(gsi2sk, :prefix)' : 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': peopleIndexPartition, ...(q ? { ':prefix': roleIndexNamePrefix(q) } : {}) },
      ProjectionExpression: 'id, fullName, #role, email, avatar, suspendedAt',
      ExpressionAttributeNames: { '#role': 'role' },
      Limit: limit,
    }),
  );
  return (page.Items ?? []) as PersonItem[];
};

/**
 * To/Cc/Bcc suggestions: people with an email whose name starts with `q`, or whose address is
 * `q` exactly (an address's start is not indexed: a name is what people type), only those the
 * caller may write to — a client: the agency's staff with a mailbox; staff: anyone with a
 * mailbox, and chat contacts (leads) with an email. Never the caller.
 */
export const suggestRecipients = async (caller: Caller, q: () => string): Promise<RecipientSuggestion[]> => {
  authorizeCompose(caller);
  const query = q().trim().toLowerCase();
  const roles = await mailboxRoles();
  const isClient = caller.principal.role === 'client';
  const [byName, exactId] = await Promise.all([
    peopleByName(query, 50),
    query.includes('@') ? userIdByEmail(query) : Promise.resolve(undefined),
  ]);
  const exact =
    exactId && !byName.some((person) => person.id === exactId) ? [...(await getUsersById([exactId])).values()] : [];
  const suggestions: RecipientSuggestion[] = [];
  for (const person of [...exact, ...byName] as PersonItem[]) {
    if (suggestions.length >= maxSuggestions) break;
    if (!person.email || person.id === caller.principal.userId || person.suspendedAt !== undefined) continue;
    const allowed = isClient ? isAgencyMailbox(person, roles) : roles.has(person.role) || person.role === leadRole;
    if (!allowed) continue;
    suggestions.push({
      address: person.email.toLowerCase(),
      name: person.fullName,
      avatar: person.avatar ?? null,
      ...(person.role === leadRole ? {} : { userId: person.id }),
      kind: person.role === leadRole ? 'contact' : person.role === 'client' ? 'client' : 'staff',
    });
  }
  return suggestions;
};
