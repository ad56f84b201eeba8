import type { Caller } from '../core/caller';
import { authorize, listScope, scopeValue } from '../core/authorize';
import { ConditionFailed } from '../core/db';
import { NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { findUsersByNamePrefix } from '../core/users/repository';
import {
  defaultOrderFor,
  projectMessages,
  projectStatuses,
  type ActivityKind,
  type PeopleList,
  type Project,
  type ProjectList,
} from './contract';
import { authorizeProjectCreation } from './access';
import { explainProjectRejection, staleProject } from './conflicts';
import { listPartitionKey, type ProjectListScope } from './entities';
import { decodeListCursor, encodeListCursor, fingerprintOf } from './list-cursor';
import { readMergedPage, type PartitionPosition } from './merged-pages';
import { actorOf, newActivity, now, resolveClient, resolveManagers } from './people';
import { checkProjectUpdate, lookupsForUpdate, planArchive, planProjectUpdate, planRestore } from './plans';
import * as projects from './project-repository';
import type { ProjectChanges, ProjectRecord } from './records';
import type { CreateProjectInput, ListProjectsInput, UpdateProjectInput } from './requests';
import { toProject } from './views';

/** Projects: list, create, edit, archive, restore, delete; and the people a project form picks. */

const listChunkSize = (query: ListProjectsInput) => (query.q || query.type ? 200 : 0);
/** Items one list request may read when filtering: bounds its cost whatever the workspace holds. */
export const listReadBudget = 1000;

export const listProjects = async (caller: Caller, query: ListProjectsInput): Promise<ProjectList> => {
  const rules = listScope(caller.ability, 'read', 'Project');
  let scope: ProjectListScope;
  if (rules.kind === 'all') {
    scope = query.clientId ? { kind: 'client', clientId: query.clientId } : { kind: 'workspace' };
  } else {
    const own = scopeValue(rules, 'clientId');
    // A client's list is its own projects; asking for another client's finds nothing.
    if (typeof own !== 'string' || (query.clientId !== undefined && query.clientId !== own)) {
      return {
        projects: [],
        nextCursor: null,
        counts: Object.fromEntries(projectStatuses.map((status) => [status, 0])) as ProjectList['counts'],
        total: 0,
      };
    }
    scope = { kind: 'client', clientId: own };
  }

  const order = query.order ?? defaultOrderFor[query.sort];
  const statuses = projectStatuses.filter((status) => query.status.includes(status));
  const partitions = statuses.map((status) => listPartitionKey(scope, status, query.sort));
  // Projects without a due date come last both ways: a descending due-date list reads every
  // partition's dated range first, then the undated range (the merge of each tier is in key order).
  const tiers: readonly ('dated' | 'undated' | undefined)[] =
    query.sort === 'due' && order === 'desc' ? ['dated', 'undated'] : [undefined];
  const fingerprint = fingerprintOf([partitions, order, query.type ?? '', query.q ?? '', tiers.length]);
  const positions: PartitionPosition[] = query.cursor
    ? decodeListCursor(query.cursor, fingerprint, partitions.length * tiers.length)
    : tiers.flatMap(() => partitions.map(() => ({ exhausted: false })));

  const readTiers = async () => {
    const items: { sk: string; projectId: string }[] = [];
    const next: PartitionPosition[] = [];
    let read = 0;
    for (const [tier, dueRange] of tiers.entries()) {
      const own = positions.slice(tier * partitions.length, (tier + 1) * partitions.length);
      if (items.length >= query.limit || read >= listReadBudget) {
        next.push(...own);
        continue;
      }
      const page = await readMergedPage({
        positions: own,
        descending: order === 'desc',
        pageSize: query.limit - items.length,
        chunkSize: listChunkSize(query),
        readBudget: listReadBudget - read,
        keyOf: (entry: { sk: string }) => entry.sk,
        fetch: async ({ partition, after, limit }) => {
          const chunk = await projects.readListChunk({
            partitionKey: partitions[partition] ?? '',
            after,
            limit,
            descending: order === 'desc',
            type: query.type,
            search: query.q,
            dueRange,
          });
          return { items: chunk.entries, lastKey: chunk.lastKey, read: chunk.read };
        },
      });
      items.push(...page.items);
      read += page.read;
      next.push(...(page.positions ?? own.map(() => ({ exhausted: true }))));
    }
    return { items, positions: next.every((position) => position.exhausted) ? undefined : next };
  };

  const [page, counts] = await Promise.all([readTiers(), projects.getStatusCounts(scope)]);

  const found = await projects.getProjects(page.items.map((entry) => entry.projectId));
  return {
    projects: found.map(toProject),
    nextCursor: page.positions ? encodeListCursor(fingerprint, page.positions) : null,
    counts,
    total: query.q || query.type ? null : statuses.reduce((sum, status) => sum + counts[status], 0),
  };
};

export const createProject = async (caller: Caller, input: CreateProjectInput): Promise<Project> => {
  authorize(caller.ability, 'create', 'Project', { clientId: input.clientId });
  const [client, managers, actor] = await Promise.all([
    resolveClient(input.clientId),
    resolveManagers(input.managerIds),
    actorOf(caller),
  ]);
  const at = now();
  const record: ProjectRecord = {
    id: ulid(),
    projectType: input.type,
    name: input.name,
    clientId: client.id,
    clientName: client.fullName,
    managers,
    status: input.status,
    statusBeforeArchive: null,
    priority: input.priority,
    startDate: input.startDate,
    dueDate: input.dueDate,
    budget: input.budget,
    description: input.description,
    tags: input.tags,
    taskCount: 0,
    doneTaskCount: 0,
    version: 1,
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
    createdBy: caller.principal.userId,
  };
  await projects.createProject(record, newActivity(record.id, actor, 'project.created'));
  return toProject(record);
};

const applyChanges = async (
  caller: Caller,
  before: ProjectRecord,
  changes: ProjectChanges,
  kind: ActivityKind,
  fields: readonly string[],
): Promise<Project> => {
  const actor = actorOf(caller);
  try {
    const after = await projects.updateProject(
      before,
      changes,
      newActivity(before.id, actor, kind, fields.length > 0 ? { fields } : {}),
    );
    return toProject(after);
  } catch (error) {
    if (error instanceof ConditionFailed) return explainProjectRejection(before.id);
    throw error;
  }
};

/** An edit from the version the caller read: stale is 409 with the current state, never an overwrite. */
export const updateProject = async (
  caller: Caller,
  record: ProjectRecord,
  input: UpdateProjectInput,
): Promise<Project> => {
  // Refuse an archived, stale or misdated edit before looking anyone up.
  checkProjectUpdate(record, input);
  const lookups = lookupsForUpdate(record, input);
  const [client, managers] = await Promise.all([
    lookups.clientId === undefined ? undefined : resolveClient(lookups.clientId),
    lookups.managerIds === undefined ? undefined : resolveManagers(lookups.managerIds),
  ]);
  const plan = planProjectUpdate(record, input, { client, managers }, now());
  // Nothing to change: answer with what is stored rather than minting a new version.
  if (!plan) return toProject(record);
  return applyChanges(caller, record, plan.changes, 'project.updated', plan.fields);
};

export const archiveProject = async (caller: Caller, record: ProjectRecord, version: number): Promise<Project> =>
  applyChanges(caller, record, planArchive(record, version, now()), 'project.archived', []);

export const restoreProject = async (caller: Caller, record: ProjectRecord, version: number): Promise<Project> =>
  applyChanges(caller, record, planRestore(record, version, now()), 'project.restored', []);

/** Deleting is final, so the caller confirms by typing the project's exact name. */
export const deleteProject = async (record: ProjectRecord, confirm: string): Promise<void> => {
  if (confirm.trim() !== record.name) throw new ValidationError({ confirm: [projectMessages.confirmMismatch] });
  try {
    await projects.deleteProject(record, record.name);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const current = await projects.getProject(record.id);
    if (!current) throw new NotFoundError('Project not found');
    if (current.name !== record.name) throw new ValidationError({ confirm: [projectMessages.confirmMismatch] });
    throw staleProject(current);
  }
};

export const findPeople = async (
  caller: Caller,
  query: { role: 'client' | 'admin'; q?: string; limit: number },
): Promise<PeopleList> => {
  authorizeProjectCreation(caller);
  return { people: await findUsersByNamePrefix(query.role, query.q ?? '', query.limit) };
};
