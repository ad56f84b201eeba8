import type { Caller } from '../core/caller';
import { ValidationError } from '../core/errors';
import { isStaffRole } from '../core/roles';
import { ulid } from '../core/ids';
import { getUserById } from '../core/users/repository';
import type { UserRecord } from '../core/users/records';
import { projectMessages, type ActivityKind, type PersonRef } from './contract';
import type { ActivityRecord, ProjectRecord } from './records';

/**
 * The people a projects write names (client, managers, assignee, actor), checked against the
 * profiles read with the request (access.ts): the actor is the caller, whose name the Caller
 * carries, so no write reads a profile of its own.
 */

export const now = () => new Date().toISOString();

export const actorOf = (caller: Caller): PersonRef & { role: string } => ({
  id: caller.principal.userId,
  fullName: caller.fullName,
  role: caller.principal.role,
});

export const newActivity = (
  projectId: string,
  actor: PersonRef,
  kind: ActivityKind,
  extra: Partial<Omit<ActivityRecord, 'id' | 'projectId' | 'kind' | 'actor' | 'at'>> = {},
): ActivityRecord => ({
  id: ulid(),
  projectId,
  kind,
  at: now(),
  actor: { id: actor.id, fullName: actor.fullName },
  ...extra,
});

type People = ReadonlyMap<string, UserRecord>;

export const resolveClient = (clientId: string, people: People): PersonRef => {
  const user = people.get(clientId);
  if (!user || user.role !== 'client') throw new ValidationError({ clientId: [projectMessages.clientUnknown] });
  return { id: user.id, fullName: user.fullName };
};

/** Someone who can manage or do a project's work: a staff member (any staff role) not suspended. */
export const isActiveStaff = (user: Pick<UserRecord, 'role' | 'suspendedAt'> | undefined): boolean =>
  user !== undefined && isStaffRole(user.role) && user.suspendedAt === undefined;

export const resolveManagers = (managerIds: readonly string[], people: People): PersonRef[] => {
  const users = managerIds.map((id) => people.get(id));
  if (users.some((user) => !isActiveStaff(user))) {
    throw new ValidationError({ managerIds: [projectMessages.managerUnknown] });
  }
  return users.flatMap((user) => (user ? [{ id: user.id, fullName: user.fullName }] : []));
};

/**
 * Who may be assigned a task: an active staff member or the project's client, by their profile
 * now. A staff caller is known without a read (a suspended one could not have signed this
 * request); anyone else is looked up in `people` (read with the request) or, failing that, read.
 */
export const resolveAssignee = async (
  caller: Caller,
  project: ProjectRecord,
  assigneeId: string | null,
  people: People = new Map(),
): Promise<PersonRef | null> => {
  if (assigneeId === null) return null;
  if (assigneeId === caller.principal.userId && isStaffRole(caller.principal.role)) {
    return { id: assigneeId, fullName: caller.fullName };
  }
  const user = people.get(assigneeId) ?? (await getUserById(assigneeId));
  if (!user || (!isActiveStaff(user) && user.id !== project.clientId)) {
    throw new ValidationError({ assigneeId: [projectMessages.assigneeUnknown] });
  }
  return { id: user.id, fullName: user.fullName };
};
