import type { Caller } from '../core/caller';
import { authorize, authorizeResource, listScope, scopeValue } from '../core/authorize';
import { ConditionFailed } from '../core/db';
import { NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { parseLater } from '../core/http';
import { findUsersByNamePrefix, getUsersById } from '../core/users/repository';
import type { PersonName } from '../core/users/records';
import { staffRoles } from '../core/roles';
import { notifyProjectStatus } from '../core/notifications/producers';
import { checkActiveProjectsLimit } from '../core/billing/plan-limits';
import {
  defaultOrderFor,
  projectMessages,
  projectStatuses,
  type ActivityKind,
  type PeopleList,
  type PeopleRole,
  type Project,
  type ProjectList,
} from './contract';
import { authorizePeoplePicking, authorizeProjectCreation, readProjectFor } from './access';
import { publishBoardChange } from './board-changes';
import { explainProjectRejection, staleProject } from './conflicts';
import { activeProjectCountOf, activeProjectStatuses } from './counts-service';
import { listPartitionKey, statusSetsFor, type ProjectListScope } from './entities';
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

export const listProjects = async (caller: Caller, parseQuery: () => ListProjectsInput): Promise<ProjectList> => {
  const query = parseQuery();
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
  const partitions = statusSetsFor(statuses).map((statusSet) => listPartitionKey(scope, statusSet, query.sort));
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

  const page = await readTiers();
  // The page's projects and the scope's counts: one BatchGet.
  const { projects: found, counts } = await projects.getProjectsAndCounts(
    page.items.map((entry) => entry.projectId),
    scope,
  );
  return {
    projects: found.map(toProject),
    nextCursor: page.positions ? encodeListCursor(fingerprint, page.positions) : null,
    counts,
    total: query.q || query.type ? null : statuses.reduce((sum, status) => sum + counts[status], 0),
  };
};

const isActive = (status: string) => (activeProjectStatuses as readonly string[]).includes(status);

/**
 * A write that makes a project active for a client (a new one, a completed one reopened, one
 * restored or moved to them) is refused at their plan's limit (docs/plans.md, "Limits").
 */
const checkPlanLimit = async (
  before: Pick<ProjectRecord, 'clientId' | 'status'> | undefined,
  after: Pick<ProjectRecord, 'clientId' | 'status'>,
): Promise<void> => {
  if (!isActive(after.status)) return;
  if (before && isActive(before.status) && before.clientId === after.clientId) return;
  await checkActiveProjectsLimit(after.clientId, await activeProjectCountOf(after.clientId));
};

export const createProject = async (caller: Caller, body: () => CreateProjectInput): Promise<Project> => {
  authorizeProjectCreation(caller);
  const input = body();
  authorize(caller.ability, 'create', 'Project', { clientId: input.clientId });
  const people = await getUsersById([input.clientId, ...input.managerIds]);
  const client = resolveClient(input.clientId, people);
  const managers = resolveManagers(input.managerIds, people);
  await checkPlanLimit(undefined, { clientId: client.id, status: input.status });
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
  await projects.createProject(record, newActivity(record.id, actorOf(caller), 'project.created'));
  return toProject(record);
};

export const getProject = async (caller: Caller, projectId: string): Promise<Project> =>
  toProject((await readProjectFor(caller, projectId, 'read')).project);

/** Writes the changes planned from `before`, tells the board, and answers the project as written. */
const applyChanges = async (
  caller: Caller,
  before: ProjectRecord,
  changes: ProjectChanges,
  kind: ActivityKind,
  fields: readonly string[],
): Promise<Project> => {
  let after: ProjectRecord;
  try {
    after = await projects.updateProject(
      before,
      changes,
      newActivity(before.id, actorOf(caller), kind, fields.length > 0 ? { fields } : {}),
    );
  } catch (error) {
    if (error instanceof ConditionFailed) return explainProjectRejection(before.id);
    throw error;
  }
  const project = toProject(after);
  await publishBoardChange(after, caller, { kind: 'project', project });
  await notifyStatusChange(caller, before, after);
  return project;
};

/** A new status (an edit, archive or restore) reaches the project's client (core/notifications). */
const notifyStatusChange = (caller: Caller, before: ProjectRecord, after: ProjectRecord): Promise<void> =>
  before.status === after.status
    ? Promise.resolve()
    : notifyProjectStatus(
        { id: caller.principal.userId, fullName: caller.fullName },
        { id: after.id, name: after.name, clientId: after.clientId },
        after.status,
      );

/**
 * An edit from the version the caller read: stale is 409 with the current state, never an
 * overwrite. The client and managers it names are read with the project.
 */
export const updateProject = async (
  caller: Caller,
  projectId: string,
  body: () => UpdateProjectInput,
): Promise<Project> => {
  const parsed = parseLater(body);
  const named = [
    ...(parsed.value?.clientId === undefined ? [] : [parsed.value.clientId]),
    ...(parsed.value?.managerIds ?? []),
  ];
  const { project: record, people } = await readProjectFor(caller, projectId, 'update', named);
  const input = parsed.get();
  // Refuse an archived, stale or misdated edit before checking anyone it names.
  checkProjectUpdate(record, input);
  const lookups = lookupsForUpdate(record, input);
  const client = lookups.clientId === undefined ? undefined : resolveClient(lookups.clientId, people);
  const managers = lookups.managerIds === undefined ? undefined : resolveManagers(lookups.managerIds, people);
  const plan = planProjectUpdate(record, input, { client, managers }, now());
  // Nothing to change: answer with what is stored rather than minting a new version.
  if (!plan) return toProject(record);
  await checkPlanLimit(record, plan.changes);
  return applyChanges(caller, record, plan.changes, 'project.updated', plan.fields);
};

export const archiveProject = async (caller: Caller, projectId: string, body: () => { version: number }) => {
  const { project: record } = await readProjectFor(caller, projectId, 'update');
  return applyChanges(caller, record, planArchive(record, body().version, now()), 'project.archived', []);
};

export const restoreProject = async (caller: Caller, projectId: string, body: () => { version: number }) => {
  const { project: record } = await readProjectFor(caller, projectId, 'update');
  const changes = planRestore(record, body().version, now());
  await checkPlanLimit(record, changes);
  return applyChanges(caller, record, changes, 'project.restored', []);
};

/**
 * Deleting is final, so the caller confirms by typing the project's exact name. The project and
 * the keys of everything in its partition are one read; the delete one transaction (for a
 * project that fits in one: see project-repository.ts).
 */
export const deleteProject = async (caller: Caller, projectId: string, query: () => { confirm: string }) => {
  const { project: found, others } = await projects.readProjectPartition(projectId);
  const record = authorizeResource(caller.ability, 'delete', 'Project', found, 'Project not found');
  if (query().confirm.trim() !== record.name) {
    throw new ValidationError({ confirm: [projectMessages.confirmMismatch] });
  }
  try {
    await projects.deleteProject(record, record.name, others);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const current = await projects.getProject(record.id);
    if (!current) throw new NotFoundError('Project not found');
    if (current.name !== record.name) throw new ValidationError({ confirm: [projectMessages.confirmMismatch] });
    throw staleProject(current);
  }
  await publishBoardChange(record, caller, { kind: 'projectDeleted' });
};

const byName = (a: PersonName, b: PersonName) => a.fullName.localeCompare(b.fullName) || a.id.localeCompare(b.id);

/**
 * People to pick: clients, or staff (any staff role: managers and assignees; `admin` is the
 * older name of the same list, kept for clients of the API that still ask for it). Staff come
 * from one Query per staff role's partition, together, merged by name.
 */
export const findPeople = async (
  caller: Caller,
  query: () => { role: PeopleRole; q?: string; limit: number },
): Promise<PeopleList> => {
  authorizePeoplePicking(caller);
  const { role, q, limit } = query();
  if (role === 'client') return { people: await findUsersByNamePrefix(role, q ?? '', limit) };
  const pages = await Promise.all(staffRoles.map((staffRole) => findUsersByNamePrefix(staffRole, q ?? '', limit)));
  return { people: pages.flat().sort(byName).slice(0, limit) };
};
