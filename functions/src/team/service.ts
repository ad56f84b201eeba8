import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { closeSocketsJobPart } from '../core/auth/close-sockets-job';
import { rulesChangedJobPart } from '../core/auth/rules-changed-job';
import { sessionKeysOf } from '../core/auth/sessions';
import { batchWrite, ConditionFailed, deletePart, transactWrite, type TransactionPart } from '../core/db';
import { ConflictError, ForbiddenError, NotFoundError } from '../core/errors';
import { isRole, type Role } from '../core/roles';
import { adminCountPart, ensureAdminCount } from '../core/team/repository';
import type { UserRecord } from '../core/users/records';
import type { Member, MembersQuery, MembersResponse } from './contract';
import { requireAdministratorFor } from './admin-guard';
import { teamMessages } from './messages';
import type { ChangeRoleRequest } from './requests';
import { getMember, lastSeenOf, listMembers, roleChangePart, suspensionPart } from './repository';

/**
 * The team page's members (docs/roles.md, "Team and invitations"): the list, role changes,
 * suspension. Each use case authorises before it reads the request. The last active
 * administrator is guarded by a counter changed in the same transaction as the role or the
 * suspension, on the condition that one remains (core/team/repository.ts `adminCountPart`).
 */

const toMember = (user: UserRecord, lastSeen: string | null): Member => ({
  id: user.id,
  fullName: user.fullName,
  avatar: user.avatar ?? null,
  email: user.email,
  phone: user.phone,
  role: isRole(user.role) ? user.role : 'client',
  status: user.suspendedAt ? 'suspended' : 'active',
  lastSeen,
  twoStepEnabled: user.settings.isTwoStepAuthVerificationEnabled,
  version: user.version,
});

/** q matches a substring of the name or email (any case), or the start of the phone. */
const matches = (user: UserRecord, q: string): boolean => {
  if (!q) return true;
  const needle = q.toLowerCase();
  return (
    user.fullName.toLowerCase().includes(needle) ||
    user.email.toLowerCase().includes(needle) ||
    user.phone.startsWith(q)
  );
};

export const listTeam = async (caller: Caller, request: () => MembersQuery): Promise<MembersResponse> => {
  authorize(caller.ability, 'read', 'Team');
  const query = request();
  const found = (await listMembers(query.role))
    .filter((user) => matches(user, query.q))
    .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.id.localeCompare(b.id));
  const page = found.slice((query.page - 1) * query.itemsPerPage, query.page * query.itemsPerPage);
  const lastSeen = await Promise.all(page.map((user) => lastSeenOf(user.id)));
  return { members: page.map((user, index) => toMember(user, lastSeen[index] ?? null)), total: found.length };
};

const memberOr404 = async (id: string): Promise<UserRecord> => {
  const user = await getMember(id);
  if (!user) throw new NotFoundError(teamMessages.memberNotFound);
  return user;
};

/** Only an administrator touches an administrator (their role or their account): admin-guard.ts. */
const requireAdminFor = requireAdministratorFor;

/** Writes the change; a lost condition is the last administrator or a stale profile (409). */
const writeMemberChange = async (parts: readonly TransactionPart[]) => {
  try {
    await transactWrite(parts);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.failed('last administrator')) throw new ConflictError({ role: [teamMessages.lastAdmin] });
    throw new ConflictError({ version: [teamMessages.stale] });
  }
};

/** The counter's part when an active administrator goes (-1) or comes (+1); nothing otherwise. */
const adminCountParts = async (before: UserRecord, after: { role: string; active: boolean }) => {
  const was = before.role === 'admin' && !before.suspendedAt;
  const is = after.role === 'admin' && after.active;
  if (was === is) return [];
  await ensureAdminCount();
  return [adminCountPart(is ? 1 : -1)];
};

export const changeRole = async (
  caller: Caller,
  request: () => { readonly id: string; readonly body: ChangeRoleRequest },
): Promise<Member> => {
  authorize(caller.ability, 'update', 'Role');
  const { id, body } = request();
  if (id === caller.principal.userId) throw new ForbiddenError(teamMessages.ownRole);
  const user = await memberOr404(id);
  requireAdminFor(caller, user.role, body.role);
  if (body.version !== undefined && body.version !== user.version) {
    throw new ConflictError({ version: [teamMessages.stale] });
  }
  if (user.role === body.role) return toMember(user, await lastSeenOf(user.id));
  await writeMemberChange([
    roleChangePart(user, body.role),
    ...(await adminCountParts(user, { role: body.role, active: !user.suspendedAt })),
    // Their open browsers get the new role's rules (the worker pushes them).
    rulesChangedJobPart({ userIds: [user.id] }),
  ]);
  const role: Role = body.role;
  return toMember({ ...user, role, version: user.version + 1 }, await lastSeenOf(user.id));
};

/** What one DynamoDB transaction may hold. */
const transactionLimit = 100;

/**
 * Suspends a member: sign-in and every request refused (core/auth/authenticate.ts, auth/service.ts),
 * every session deleted and their open sockets closed (the worker), in one transaction with the
 * profile's `suspendedAt` and the administrators' count.
 */
export const suspendMember = async (caller: Caller, id: string, now = new Date()): Promise<Member> => {
  authorize(caller.ability, 'update', 'Team');
  if (id === caller.principal.userId) throw new ForbiddenError(teamMessages.ownAccount);
  const user = await memberOr404(id);
  requireAdminFor(caller, user.role);
  if (user.suspendedAt) return toMember(user, await lastSeenOf(user.id));
  const sessions = await sessionKeysOf(user.id);
  const sessionIds = sessions.map((key) => key.sk.slice(key.sk.indexOf('#') + 1));
  const parts = [
    suspensionPart(user, now.toISOString()),
    ...(await adminCountParts(user, { role: user.role, active: false })),
    ...(sessions.length > 0 ? [closeSocketsJobPart(user.id, sessionIds, now)] : []),
  ];
  const inTransaction = sessions.slice(0, transactionLimit - parts.length);
  await writeMemberChange([...parts, ...inTransaction.map((key) => deletePart('revoke', key))]);
  // What one transaction cannot hold goes right after it; the profile already refuses them.
  await batchWrite(sessions.slice(inTransaction.length).map((key) => ({ delete: key })));
  return toMember({ ...user, suspendedAt: now.toISOString(), version: user.version + 1 }, await lastSeenOf(user.id));
};

export const reactivateMember = async (caller: Caller, id: string): Promise<Member> => {
  authorize(caller.ability, 'update', 'Team');
  if (id === caller.principal.userId) throw new ForbiddenError(teamMessages.ownAccount);
  const user = await memberOr404(id);
  requireAdminFor(caller, user.role);
  if (!user.suspendedAt) return toMember(user, await lastSeenOf(user.id));
  await writeMemberChange([
    suspensionPart(user, undefined),
    ...(await adminCountParts(user, { role: user.role, active: true })),
  ]);
  const { suspendedAt: _suspendedAt, ...active } = user;
  return toMember({ ...active, version: user.version + 1 }, await lastSeenOf(user.id));
};
