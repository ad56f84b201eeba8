import type { Caller } from '../core/caller';
import { ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { getUserById } from '../core/users/repository';
import { projectMessages, type ActivityKind, type PersonRef } from './contract';
import type { ActivityRecord, ProjectRecord } from './records';

/** The people a projects write names (client, managers, assignee, actor), looked up and checked. */

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

export const resolveClient = async (clientId: string): Promise<PersonRef> => {
  const user = await getUserById(clientId);
  if (!user || user.role !== 'client') throw new ValidationError({ clientId: [projectMessages.clientUnknown] });
  return { id: user.id, fullName: user.fullName };
};

export const resolveManagers = async (managerIds: readonly string[]): Promise<PersonRef[]> => {
  const users = await Promise.all(managerIds.map((id) => getUserById(id)));
  if (users.some((user) => !user || user.role !== 'admin')) {
    throw new ValidationError({ managerIds: [projectMessages.managerUnknown] });
  }
  return users.flatMap((user) => (user ? [{ id: user.id, fullName: user.fullName }] : []));
};

export const resolveAssignee = async (project: ProjectRecord, assigneeId: string | null): Promise<PersonRef | null> => {
  if (assigneeId === null) return null;
  const user = await getUserById(assigneeId);
  if (!user || (user.role !== 'admin' && user.id !== project.clientId)) {
    throw new ValidationError({ assigneeId: [projectMessages.assigneeUnknown] });
  }
  return { id: user.id, fullName: user.fullName };
};
