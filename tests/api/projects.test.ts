import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  ActivityPage,
  Board,
  CommentPage,
  PeopleList,
  Project,
  ProjectList,
  Task,
  TaskComment,
} from '@orbit/functions/projects/contract';
import type { CreateProjectRequest } from '@orbit/functions/projects/requests';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack, signInDemoUsers, type ApiResponse } from '../support/api-stack';

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let clientB: ApiClient;
const ids = { admin: '', clientA: '', clientB: '' };

beforeAll(async () => {
  stack = await startApiStack();
  const signedIn = await signInDemoUsers(stack.url);
  ({ admin, clientA, clientB } = signedIn);
  Object.assign(ids, signedIn.ids);
});

afterAll(async () => {
  await stack.stop();
});

type Errors = { errors: Record<string, string[]> };
type Conflict<T> = Errors & { current: T };

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const createProject = async (overrides: Partial<CreateProjectRequest> = {}): Promise<Project> => {
  const response = await admin.request<{ project: Project }>('POST', '/api/apps/projects', {
    body: { type: 'development', name: unique('Project'), clientId: ids.clientA, ...overrides },
  });
  expect(response.status).toBe(201);
  return response.body.project;
};

const addTask = async (projectId: string, body: Record<string, unknown> = {}): Promise<Task> => {
  const response = await admin.request<{ task: Task }>('POST', `/api/apps/projects/${projectId}/tasks`, {
    body: { title: unique('Task'), ...body },
  });
  expect(response.status).toBe(201);
  return response.body.task;
};

const board = async (projectId: string, as: ApiClient = admin) =>
  as.request<Board>('GET', `/api/apps/projects/${projectId}/board`);

const list = (query: Record<string, string>, as: ApiClient = admin) =>
  as.request<ProjectList>('GET', `/api/apps/projects?${new URLSearchParams(query).toString()}`);

const patch = (project: Pick<Project, 'id'>, body: Record<string, unknown>, as: ApiClient = admin) =>
  as.request<{ project: Project } & Partial<Conflict<Project>>>('PATCH', `/api/apps/projects/${project.id}`, { body });

describe('the seeded workspace', () => {
  it('gives the demo clients projects of every type, with tasks in every stage', async () => {
    const everything = await list({ status: 'all', limit: '100' });
    expect(everything.status).toBe(200);
    const types = new Set(everything.body.projects.map((project) => project.type));
    expect([...types].sort()).toEqual(['design', 'development', 'marketing', 'other']);
    const everyStageFilled = new Set<string>();
    for (const project of everything.body.projects) {
      const { body } = await board(project.id);
      const stagesWithTasks = new Set(body.tasks.map((task) => task.stage));
      if (project.stages.every((stage) => stagesWithTasks.has(stage.key))) everyStageFilled.add(project.type);
      const done = body.tasks.filter((task) => project.stages.find((stage) => stage.key === task.stage)?.done).length;
      expect(body.project).toMatchObject({ taskCount: body.tasks.length, doneTaskCount: done });
      expect(body.project.progress).toBe(Math.round((100 * done) / body.tasks.length));
    }
    // Some project of each type has tasks in every stage of its board.
    expect([...everyStageFilled].sort()).toEqual(['design', 'development', 'marketing', 'other']);
  });

  it("lists only a client's own projects, for that client", async () => {
    const own = await list({ status: 'all', limit: '100' }, clientA);
    expect(own.status).toBe(200);
    expect(own.body.projects.length).toBeGreaterThan(0);
    expect(own.body.projects.every((project) => project.clientId === ids.clientA)).toBe(true);
    const other = await list({ status: 'all', limit: '100' }, clientB);
    expect(other.body.projects.every((project) => project.clientId === ids.clientB)).toBe(true);
    // Asking for another client's projects finds nothing rather than leaking them.
    const sneaky = await list({ status: 'all', clientId: ids.clientA }, clientB);
    expect(sneaky.status).toBe(200);
    expect(sneaky.body.projects).toEqual([]);
  });
});

describe('creating a project', () => {
  it('creates a project of a type with its stages, version 1 and no progress', async () => {
    const project = await createProject({
      type: 'marketing',
      status: 'active',
      startDate: '2026-03-01',
      dueDate: '2026-04-15',
      budget: { amount: 1500.5, currency: 'EUR' },
      tags: ['Launch', 'launch', 'social'],
      managerIds: [ids.admin],
    });
    expect(project).toMatchObject({
      type: 'marketing',
      status: 'active',
      clientId: ids.clientA,
      clientName: 'Liam Carter',
      version: 1,
      progress: 0,
      taskCount: 0,
      tags: ['launch', 'social'],
      budget: { amount: 1500.5, currency: 'EUR' },
      managers: [{ id: ids.admin, fullName: 'Olivia Bennett' }],
    });
    expect(project.stages.map((stage) => stage.key)).toEqual([
      'ideas',
      'planned',
      'in_progress',
      'review',
      'published',
    ]);
    const fetched = await admin.request<{ project: Project }>('GET', `/api/apps/projects/${project.id}`);
    expect(fetched.body.project).toEqual(project);
    // In the list at once (strongly consistent list entries).
    const newest = await list({ sort: 'created', limit: '1' });
    expect(newest.body.projects[0]?.id).toBe(project.id);
  });

  it('answers 400 with per-field errors for every rule', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'ab' }, 'name'],
      [{ name: 'x'.repeat(121) }, 'name'],
      [{ type: 'gardening' }, 'type'],
      [{ startDate: '2026-05-10', dueDate: '2026-05-01' }, 'dueDate'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ budget: { amount: -1, currency: 'USD' } }, 'budget.amount'],
      [{ budget: { amount: 10, currency: 'ABC' } }, 'budget.currency'],
      [{ status: 'archived' }, 'status'],
      [{ priority: 'whenever' }, 'priority'],
      [{ tags: Array.from({ length: 11 }, (_, index) => `tag${index}`) }, 'tags'],
      [{ clientId: 'no-such-user' }, 'clientId'],
      [{ clientId: '' }, 'clientId'],
      [{ managerIds: ['no-such-admin'] }, 'managerIds'],
    ];
    for (const [override, field] of cases) {
      const response = await admin.request<Errors>('POST', '/api/apps/projects', {
        body: { type: 'design', name: 'Valid name', clientId: ids.clientA, ...override },
      });
      expect(response.status, JSON.stringify(override)).toBe(400);
      expect(Object.keys(response.body.errors), JSON.stringify(override)).toContain(field);
    }
  });

  it('refuses a client or a manager of the wrong role', async () => {
    const adminAsClient = await admin.request<Errors>('POST', '/api/apps/projects', {
      body: { type: 'design', name: 'Valid name', clientId: ids.admin },
    });
    expect(adminAsClient.status).toBe(400);
    expect(adminAsClient.body).toEqual({ errors: { clientId: ['This client does not exist'] } });
    const clientAsManager = await admin.request<Errors>('POST', '/api/apps/projects', {
      body: { type: 'design', name: 'Valid name', clientId: ids.clientA, managerIds: [ids.clientB] },
    });
    expect(clientAsManager.status).toBe(400);
    expect(clientAsManager.body).toEqual({
      errors: { managerIds: ['Managers must be active staff members of this workspace'] },
    });
  });

  it('is the admin’s: a client is refused with 403, even with a valid body', async () => {
    const response = await clientA.request('POST', '/api/apps/projects', {
      body: { type: 'design', name: 'My own project', clientId: ids.clientA },
    });
    expect(response.status).toBe(403);
  });
});

describe('reading projects', () => {
  it("hides another client's project (404) and lets the owner read it", async () => {
    const project = await createProject();
    expect((await clientA.request('GET', `/api/apps/projects/${project.id}`)).status).toBe(200);
    expect((await clientB.request('GET', `/api/apps/projects/${project.id}`)).status).toBe(404);
    expect((await board(project.id, clientB)).status).toBe(404);
    expect((await clientB.request('GET', `/api/apps/projects/${project.id}/activity`)).status).toBe(404);
    expect((await admin.request('GET', '/api/apps/projects/01ARZ3NDEKTSV4RRFFQ69G5FAV')).status).toBe(404);
  });
});

describe('updating a project', () => {
  it('applies an edit from the current version and bumps it', async () => {
    const project = await createProject();
    const response = await patch(project, { version: 1, name: 'Renamed project', priority: 'urgent' });
    expect(response.status).toBe(200);
    expect(response.body.project).toMatchObject({ name: 'Renamed project', priority: 'urgent', version: 2 });
  });

  it('answers 409 with the current state for a stale version, and changes nothing', async () => {
    const project = await createProject();
    await patch(project, { version: 1, name: 'First edit wins' });
    const stale = await patch(project, { version: 1, name: 'Second edit from old data' });
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual({
      version: ['Someone else changed this in the meantime. Reload to see their changes.'],
    });
    expect(stale.body.current).toMatchObject({ id: project.id, name: 'First edit wins', version: 2 });
    const stored = await admin.request<{ project: Project }>('GET', `/api/apps/projects/${project.id}`);
    expect(stored.body.project.name).toBe('First edit wins');
  });

  it('lets exactly one of two concurrent updates from the same version win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const project = await createProject();
      const [first, second] = await Promise.all([
        patch(project, { version: 1, description: 'from the first tab' }),
        patch(project, { version: 1, description: 'from the second tab' }),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([200, 409]);
      const winner = first.status === 200 ? first : second;
      const loser = first.status === 200 ? second : first;
      expect(loser.body.current?.version).toBe(2);
      expect(loser.body.current?.description).toBe(winner.body.project.description);
      const stored = await admin.request<{ project: Project }>('GET', `/api/apps/projects/${project.id}`);
      expect(stored.body.project).toMatchObject({ version: 2, description: winner.body.project.description });
    }
  });

  it('checks the dates against the stored ones on a partial edit', async () => {
    const project = await createProject({ startDate: '2026-06-01' });
    const response = await patch(project, { version: 1, dueDate: '2026-05-01' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ dueDate: ['The due date cannot be before the start date'] });
  });

  it('requires the version', async () => {
    const project = await createProject();
    const response = await patch(project, { name: 'No version given' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ version: ['The version you read is required'] });
  });

  it("refuses a client's edit of its own project (403) and hides another's (404)", async () => {
    const project = await createProject();
    expect((await patch(project, { version: 1, name: 'Client edit' }, clientA)).status).toBe(403);
    expect((await patch(project, { version: 1, name: 'Client edit' }, clientB)).status).toBe(404);
    expect((await patch(project, {}, clientA)).status).toBe(403);
  });
});

describe('archiving and restoring', () => {
  it('archives (out of the default list, read-only) and restores to the earlier status', async () => {
    const project = await createProject({ status: 'on_hold', name: unique('Archivable') });
    const before = await list({ q: project.name.toLowerCase() });
    expect(before.body.projects.map((item) => item.id)).toEqual([project.id]);

    const archived = await admin.request<{ project: Project }>('POST', `/api/apps/projects/${project.id}/archive`, {
      body: { version: 1 },
    });
    expect(archived.status).toBe(200);
    expect(archived.body.project).toMatchObject({ status: 'archived', statusBeforeArchive: 'on_hold', version: 2 });
    expect(archived.body.project.archivedAt).not.toBeNull();
    expect((await list({ q: project.name.toLowerCase() })).body.projects).toEqual([]);
    const archivedList = await list({ q: project.name.toLowerCase(), status: 'archived' });
    expect(archivedList.body.projects.map((item) => item.id)).toEqual([project.id]);

    const edit = await patch(project, { version: 2, name: 'Edit while archived' });
    expect(edit.status).toBe(409);
    expect(edit.body.errors).toEqual({ status: ['This project is archived. Restore it to make changes.'] });
    const task = await admin.request('POST', `/api/apps/projects/${project.id}/tasks`, { body: { title: 'No' } });
    expect(task.status).toBe(409);

    const restored = await admin.request<{ project: Project }>('POST', `/api/apps/projects/${project.id}/restore`, {
      body: { version: 2 },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.project).toMatchObject({ status: 'on_hold', statusBeforeArchive: null, archivedAt: null });
    expect((await list({ q: project.name.toLowerCase() })).body.projects.map((item) => item.id)).toEqual([project.id]);
  });

  it('answers 409 to archiving from a stale version and to restoring a live project', async () => {
    const project = await createProject();
    await patch(project, { version: 1, priority: 'low' });
    const stale = await admin.request('POST', `/api/apps/projects/${project.id}/archive`, { body: { version: 1 } });
    expect(stale.status).toBe(409);
    const restore = await admin.request('POST', `/api/apps/projects/${project.id}/restore`, { body: { version: 2 } });
    expect(restore.status).toBe(409);
  });

  it('keeps the status counts in step', async () => {
    const before = (await list({})).body.counts;
    const project = await createProject({ status: 'active' });
    const afterCreate = (await list({})).body.counts;
    expect(afterCreate.active).toBe(before.active + 1);
    await admin.request('POST', `/api/apps/projects/${project.id}/archive`, { body: { version: 1 } });
    const afterArchive = (await list({})).body;
    expect(afterArchive.counts.active).toBe(before.active);
    expect(afterArchive.counts.archived).toBe(before.archived + 1);
    // The default list is the open projects: completed and archived have their own tabs.
    const { planning, active, on_hold } = afterArchive.counts;
    expect(afterArchive.total).toBe(planning + active + on_hold);
    expect(afterArchive.projects.every((listed) => ['planning', 'active', 'on_hold'].includes(listed.status))).toBe(
      true,
    );
  });
});

describe('deleting a project', () => {
  it('needs the exact name as confirmation, then removes the project and its tasks', async () => {
    const project = await createProject();
    await addTask(project.id);
    const unconfirmed = await admin.request<Errors>('DELETE', `/api/apps/projects/${project.id}?confirm=nope`);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toEqual({ errors: { confirm: ['Type the project name exactly to confirm'] } });
    const missing = await admin.request<Errors>('DELETE', `/api/apps/projects/${project.id}`);
    expect(missing.status).toBe(400);
    expect((await admin.request('GET', `/api/apps/projects/${project.id}`)).status).toBe(200);

    const confirmed = await admin.request(
      'DELETE',
      `/api/apps/projects/${project.id}?confirm=${encodeURIComponent(project.name)}`,
    );
    expect(confirmed.status).toBe(204);
    expect((await admin.request('GET', `/api/apps/projects/${project.id}`)).status).toBe(404);
    expect((await board(project.id)).status).toBe(404);
    expect((await list({ q: project.name.toLowerCase(), status: 'all' })).body.projects).toEqual([]);
  });

  it('is refused to clients: 403 for their own project, 404 for another’s', async () => {
    const project = await createProject();
    const path = `/api/apps/projects/${project.id}?confirm=${encodeURIComponent(project.name)}`;
    expect((await clientA.request('DELETE', path)).status).toBe(403);
    expect((await clientB.request('DELETE', path)).status).toBe(404);
    expect((await admin.request('GET', `/api/apps/projects/${project.id}`)).status).toBe(200);
  });
});

describe('listing: search, filters, sort and cursor pagination', () => {
  const tag = `batch${Date.now().toString(36)}`;
  const made: Project[] = [];

  beforeAll(async () => {
    const specs: Partial<CreateProjectRequest>[] = [
      { type: 'design', name: `Zephyr ${tag}`, dueDate: '2026-09-01' },
      { type: 'development', name: `alpha ${tag}`, dueDate: '2026-07-01' },
      { type: 'design', name: `Mango ${tag}`, dueDate: null },
      { type: 'marketing', name: `Beta ${tag}`, dueDate: '2026-08-01', clientId: ids.clientB },
      { type: 'other', name: `Kiwi ${tag}`, dueDate: '2026-06-15', status: 'completed' },
      { type: 'design', name: `Delta ${tag}`, dueDate: '2026-10-01', status: 'active' },
      { type: 'development', name: `Omega ${tag}`, dueDate: '2026-06-01', status: 'on_hold' },
    ];
    for (const spec of specs) made.push(await createProject({ tags: [tag], ...spec }));
  });

  const names = (response: ApiResponse<ProjectList>) => response.body.projects.map((project) => project.name);

  it('searches names case-insensitively, as a substring', async () => {
    const response = await list({ q: `MANGO ${tag.toUpperCase()}` });
    expect(names(response)).toEqual([`Mango ${tag}`]);
    expect(response.body.total).toBeNull();
    // Tags and client names are searched too; a tag as the page shows it ("#tag") as well.
    expect((await list({ q: tag, status: 'all', limit: '100' })).body.projects).toHaveLength(7);
    expect((await list({ q: `#${tag}`, status: 'all', limit: '100' })).body.projects).toHaveLength(7);
    // Without a status: the open ones (Kiwi is completed).
    expect((await list({ q: tag, limit: '100' })).body.projects).toHaveLength(6);
    expect(names(await list({ q: tag, clientId: ids.clientB }))).toEqual([`Beta ${tag}`]);
  });

  it('filters by type, status and client', async () => {
    expect(names(await list({ q: tag, type: 'design', sort: 'name' }))).toEqual([
      `Delta ${tag}`,
      `Mango ${tag}`,
      `Zephyr ${tag}`,
    ]);
    expect(names(await list({ q: tag, status: 'completed,on_hold', sort: 'name' }))).toEqual([
      `Kiwi ${tag}`,
      `Omega ${tag}`,
    ]);
    const forB = await list({ clientId: ids.clientB, status: 'all', limit: '100' });
    expect(forB.body.projects.every((project) => project.clientId === ids.clientB)).toBe(true);
    expect(forB.body.total).toBe(forB.body.projects.length);
    expect((await list({ status: 'finished' })).status).toBe(400);
    expect((await list({ type: 'gardening' })).status).toBe(400);
  });

  it('sorts by name, due date and creation, both ways', async () => {
    expect(names(await list({ q: tag, status: 'all', sort: 'name', limit: '100' }))).toEqual(
      ['alpha', 'Beta', 'Delta', 'Kiwi', 'Mango', 'Omega', 'Zephyr'].map((name) => `${name} ${tag}`),
    );
    expect(names(await list({ q: tag, sort: 'name', order: 'desc', limit: '3' }))).toEqual(
      ['Zephyr', 'Omega', 'Mango'].map((name) => `${name} ${tag}`),
    );
    // Without a due date last, both ways.
    expect(names(await list({ q: tag, status: 'all', sort: 'due', limit: '100' }))).toEqual(
      ['Omega', 'Kiwi', 'alpha', 'Beta', 'Zephyr', 'Delta', 'Mango'].map((name) => `${name} ${tag}`),
    );
    expect(names(await list({ q: tag, status: 'all', sort: 'due', order: 'desc', limit: '100' }))).toEqual(
      ['Delta', 'Zephyr', 'Beta', 'alpha', 'Kiwi', 'Omega', 'Mango'].map((name) => `${name} ${tag}`),
    );
    // The same order page by page, the cursor carrying both ranges.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const response: ApiResponse<ProjectList> = await list({
        q: tag,
        status: 'all',
        sort: 'due',
        order: 'desc',
        limit: '3',
        ...(cursor ? { cursor } : {}),
      });
      paged.push(...names(response));
      cursor = response.body.nextCursor;
    } while (cursor && paged.length < 20);
    expect(paged).toEqual(
      ['Delta', 'Zephyr', 'Beta', 'alpha', 'Kiwi', 'Omega', 'Mango'].map((name) => `${name} ${tag}`),
    );
    expect(
      (await list({ q: tag, status: 'all', sort: 'created', limit: '100' })).body.projects.map((project) => project.id),
    ).toEqual([...made].reverse().map((project) => project.id));
  });

  it('pages with a cursor through every match once, across statuses', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { q: tag, status: 'all', sort: 'name', limit: '2' };
      if (cursor) query.cursor = cursor;
      const response = await list(query);
      expect(response.status).toBe(200);
      seen.push(...names(response));
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toEqual(
      ['alpha', 'Beta', 'Delta', 'Kiwi', 'Mango', 'Omega', 'Zephyr'].map((name) => `${name} ${tag}`),
    );
  });

  it('pages the whole workspace without filters, with exact totals', async () => {
    const everything = await list({ status: 'all', limit: '100' });
    const ids = new Set<string>();
    let cursor: string | null = null;
    do {
      const response: ApiResponse<ProjectList> = await list({
        status: 'all',
        limit: '4',
        ...(cursor ? { cursor } : {}),
      });
      for (const project of response.body.projects) ids.add(project.id);
      expect(response.body.total).toBe(everything.body.total);
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(ids.size).toBe(everything.body.total);
  });

  it('refuses a cursor that is malformed or made for another query', async () => {
    const first = await list({ q: tag, limit: '2' });
    const cursor = first.body.nextCursor ?? '';
    expect(cursor).not.toBe('');
    expect((await list({ q: tag, limit: '2', cursor: 'garbage' })).status).toBe(400);
    const replayed = await list({ q: tag, type: 'design', limit: '2', cursor });
    expect(replayed.status).toBe(400);
    // A client cannot use the admin's cursor to read the workspace.
    expect((await list({ q: tag, limit: '2', cursor }, clientA)).status).toBe(400);
  });
});

describe('tasks and the board', () => {
  it('adds tasks to the first stage by default and to the end of their stage', async () => {
    const project = await createProject({ type: 'design' });
    const first = await addTask(project.id);
    const second = await addTask(project.id);
    const reviewed = await addTask(project.id, { stage: 'feedback', assigneeId: ids.clientA, priority: 'high' });
    expect(first.stage).toBe('brief');
    expect(second.rank > first.rank).toBe(true);
    expect(reviewed).toMatchObject({ stage: 'feedback', assignee: { id: ids.clientA }, priority: 'high', version: 1 });
    const { body } = await board(project.id);
    expect(body.tasks.map((task) => task.id)).toEqual([first.id, second.id, reviewed.id]);
    expect(body.project.taskCount).toBe(3);
  });

  it('validates tasks: title, stage of the type, assignee', async () => {
    const project = await createProject({ type: 'other' });
    const post = (body: Record<string, unknown>) =>
      admin.request<Errors>('POST', `/api/apps/projects/${project.id}/tasks`, { body });
    const refusal = async (body: Record<string, unknown>) => {
      const response = await post(body);
      return [response.status, response.body.errors];
    };
    expect(await refusal({ title: '' })).toEqual([400, { title: ['Title must be 1–200 characters'] }]);
    expect(await refusal({ title: 'x', stage: 'review' })).toEqual([
      400,
      { stage: ['This stage does not exist for the project type'] },
    ]);
    expect(await refusal({ title: 'x', assigneeId: ids.clientB })).toEqual([
      400,
      { assigneeId: ['The assignee must be an active staff member or the project’s client'] },
    ]);
    expect(await refusal({ title: 'x', dueDate: 'tomorrow' })).toEqual([
      400,
      { dueDate: ['Enter a date as YYYY-MM-DD'] },
    ]);
  });

  it('derives progress from tasks in the done stage as tasks move', async () => {
    const project = await createProject({ type: 'other' });
    const tasks = [
      await addTask(project.id),
      await addTask(project.id),
      await addTask(project.id),
      await addTask(project.id),
    ];
    const moved = await admin.request<{ task: Task; project: Project }>(
      'POST',
      `/api/apps/projects/${project.id}/tasks/${tasks[0]?.id}/move`,
      { body: { version: 1, stage: 'done', index: 0 } },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.task).toMatchObject({ stage: 'done', version: 2 });
    expect(moved.body.project).toMatchObject({ progress: 25, doneTaskCount: 1, taskCount: 4 });
    expect(
      (await admin.request<{ project: Project }>('GET', `/api/apps/projects/${project.id}`)).body.project.progress,
    ).toBe(25);
    // The list shows the same progress.
    expect((await list({ q: project.name.toLowerCase() })).body.projects[0]?.progress).toBe(25);

    const back = await admin.request<{ project: Project }>(
      'POST',
      `/api/apps/projects/${project.id}/tasks/${tasks[0]?.id}/move`,
      { body: { version: 2, stage: 'in_progress', index: 0 } },
    );
    expect(back.body.project.progress).toBe(0);

    await admin.request('POST', `/api/apps/projects/${project.id}/tasks/${tasks[1]?.id}/move`, {
      body: { version: 1, stage: 'done', index: 0 },
    });
    const removed = await admin.request<{ project: Project }>(
      'DELETE',
      `/api/apps/projects/${project.id}/tasks/${tasks[2]?.id}`,
    );
    expect(removed.status).toBe(200);
    expect(removed.body.project).toMatchObject({ taskCount: 3, doneTaskCount: 1, progress: 33 });
  });

  it('reorders within a stage and between stages to the index asked', async () => {
    const project = await createProject({ type: 'other' });
    const [a, b, c] = [await addTask(project.id), await addTask(project.id), await addTask(project.id)];
    const move = (task: Task | undefined, version: number, stage: string, index: number) =>
      admin.request<{ task: Task }>('POST', `/api/apps/projects/${project.id}/tasks/${task?.id}/move`, {
        body: { version, stage, index },
      });
    expect((await move(c, 1, 'todo', 0)).status).toBe(200);
    const order = async (stage: string) =>
      (await board(project.id)).body.tasks.filter((task) => task.stage === stage).map((task) => task.id);
    expect(await order('todo')).toEqual([c?.id, a?.id, b?.id]);
    expect((await move(a, 1, 'todo', 2)).status).toBe(200);
    expect(await order('todo')).toEqual([c?.id, b?.id, a?.id]);
    expect((await move(b, 1, 'in_progress', 5)).status).toBe(200);
    expect(await order('todo')).toEqual([c?.id, a?.id]);
    expect(await order('in_progress')).toEqual([b?.id]);
  });

  it('answers 409 with the current task to a stale move or edit', async () => {
    const project = await createProject();
    const task = await addTask(project.id);
    const path = `/api/apps/projects/${project.id}/tasks/${task.id}`;
    expect((await admin.request('PATCH', path, { body: { version: 1, title: 'Edited' } })).status).toBe(200);
    const staleEdit = await admin.request<Conflict<Task>>('PATCH', path, { body: { version: 1, title: 'Lost' } });
    expect(staleEdit.status).toBe(409);
    expect(staleEdit.body.current).toMatchObject({ title: 'Edited', version: 2 });
    const staleMove = await admin.request<Conflict<Task>>('POST', `${path}/move`, {
      body: { version: 1, stage: 'done', index: 0 },
    });
    expect(staleMove.status).toBe(409);
    expect(staleMove.body.current.stage).toBe('backlog');
    expect(
      (await admin.request('POST', `${path}/move`, { body: { version: 2, stage: 'nowhere', index: 0 } })).status,
    ).toBe(400);
  });

  it('lets a client read its tasks but not write them', async () => {
    const project = await createProject();
    const task = await addTask(project.id);
    const path = `/api/apps/projects/${project.id}/tasks/${task.id}`;
    expect((await clientA.request<{ task: Task }>('GET', path)).body.task.id).toBe(task.id);
    expect((await clientB.request('GET', path)).status).toBe(404);
    expect((await clientA.request('PATCH', path, { body: { version: 1, title: 'Mine' } })).status).toBe(403);
    expect(
      (await clientA.request('POST', `${path}/move`, { body: { version: 1, stage: 'done', index: 0 } })).status,
    ).toBe(403);
    expect((await clientA.request('DELETE', path)).status).toBe(403);
    expect(
      (await clientA.request('POST', `/api/apps/projects/${project.id}/tasks`, { body: { title: 'x' } })).status,
    ).toBe(403);
    expect((await board(project.id, clientA)).body.tasks.map((item) => item.id)).toEqual([task.id]);
  });
});

describe('comments and activity', () => {
  it('lets the project’s client and admins comment; others cannot see them', async () => {
    const project = await createProject();
    const task = await addTask(project.id);
    const path = `/api/apps/projects/${project.id}/tasks/${task.id}/comments`;
    const fromClient = await clientA.request<{ comment: TaskComment }>('POST', path, {
      body: { body: '  Looks great  ' },
    });
    expect(fromClient.status).toBe(201);
    expect(fromClient.body.comment).toMatchObject({ body: 'Looks great', author: { id: ids.clientA, role: 'client' } });
    expect((await admin.request('POST', path, { body: { body: 'Thanks!' } })).status).toBe(201);
    const blank = await admin.request<Errors>('POST', path, { body: { body: '   ' } });
    expect([blank.status, blank.body]).toEqual([400, { errors: { body: ['Comments are 1–2000 characters'] } }]);
    expect((await clientB.request('POST', path, { body: { body: 'Hi' } })).status).toBe(404);
    expect((await clientB.request('GET', path)).status).toBe(404);

    const page = await clientA.request<CommentPage>('GET', path);
    expect(page.body.comments.map((comment) => comment.body)).toEqual(['Looks great', 'Thanks!']);
    const firstOnly = await clientA.request<CommentPage>('GET', `${path}?limit=1`);
    expect(firstOnly.body.comments).toHaveLength(1);
    const rest = await clientA.request<CommentPage>('GET', `${path}?limit=1&cursor=${firstOnly.body.nextCursor}`);
    expect(rest.body.comments.map((comment) => comment.body)).toEqual(['Thanks!']);

    const commentId = fromClient.body.comment.id;
    expect((await clientA.request('DELETE', `${path}/${commentId}`)).status).toBe(403);
    expect((await admin.request('DELETE', `${path}/${commentId}`)).status).toBe(204);
    expect((await admin.request('DELETE', `${path}/${commentId}`)).status).toBe(404);
    const after = await board(project.id);
    expect(after.body.tasks[0]?.commentCount).toBe(1);
  });

  it('records what happened, newest first', async () => {
    const project = await createProject({ type: 'other' });
    const task = await addTask(project.id, { title: 'Write the report' });
    await admin.request('POST', `/api/apps/projects/${project.id}/tasks/${task.id}/move`, {
      body: { version: 1, stage: 'done', index: 0 },
    });
    await patch(project, { version: 1, name: 'Renamed for the log' });
    const { body, status } = await clientA.request<ActivityPage>('GET', `/api/apps/projects/${project.id}/activity`);
    expect(status).toBe(200);
    expect(body.activity.map((entry) => entry.kind)).toEqual([
      'project.updated',
      'task.moved',
      'task.created',
      'project.created',
    ]);
    expect(body.activity[0]).toMatchObject({ fields: ['name'], actor: { id: ids.admin, fullName: 'Olivia Bennett' } });
    expect(body.activity[1]).toMatchObject({ taskTitle: 'Write the report', fromStage: 'todo', toStage: 'done' });
  });
});

describe('people to pick', () => {
  it('finds clients and admins by name prefix, for admins only', async () => {
    const clients = await admin.request<PeopleList>('GET', '/api/apps/projects/people?role=client&q=Li');
    expect(clients.status).toBe(200);
    expect(clients.body.people).toEqual([{ id: ids.clientA, fullName: 'Liam Carter' }]);
    const admins = await admin.request<PeopleList>('GET', '/api/apps/projects/people?role=admin');
    expect(admins.body.people.map((person) => person.fullName)).toContain('Olivia Bennett');
    expect((await clientA.request('GET', '/api/apps/projects/people?role=client')).status).toBe(403);
  });
});

describe('staff roles (docs/roles.md)', () => {
  const staffSignIn = async (who: { phone: string; password: string }) => {
    const client = new ApiClient(stack.url);
    const { status, body } = await client.signIn(who.phone, who.password);
    expect(status).toBe(201);
    return { client, id: body.userData.id };
  };

  it('lists every active staff member to pick as a manager (role=staff, and admin as its older name)', async () => {
    const staff = await admin.request<PeopleList>('GET', '/api/apps/projects/people?role=staff');
    expect(staff.status).toBe(200);
    expect(staff.body.people.map((person) => person.fullName)).toEqual(
      expect.arrayContaining(['Olivia Bennett', 'Grace Okafor', 'Daniel Kim', 'Chloé Martin', 'Omar Haddad']),
    );
    const names = staff.body.people.map((person) => person.fullName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain('Liam Carter');
    const older = await admin.request<PeopleList>('GET', '/api/apps/projects/people?role=admin&q=Gra');
    expect(older.body.people.map((person) => person.fullName)).toEqual(['Grace Okafor']);
  });

  it('lets a manager run a project with a support member, and each staff member update only what their rules allow', async () => {
    const manager = await staffSignIn(demo.manager);
    const support = await staffSignIn(demo.support);
    const users = await staffSignIn(demo.users);
    const restricted = await staffSignIn(demo.restrictedUser);
    const created = await manager.client.request<{ project: Project }>('POST', '/api/apps/projects', {
      body: {
        type: 'design',
        name: unique('Staff project'),
        clientId: ids.clientA,
        managerIds: [manager.id, support.id],
      },
    });
    expect(created.status).toBe(201);
    const project = created.body.project;
    expect(project.managers.map((person) => person.id)).toEqual([manager.id, support.id]);

    // Tasks for the users member and for nobody; the restricted user may be given one too (staff).
    const newTask = async (assigneeId: string | null) => {
      const response = await manager.client.request<{ task: Task }>('POST', `/api/apps/projects/${project.id}/tasks`, {
        body: { title: unique('Staff task'), assigneeId },
      });
      expect(response.status).toBe(201);
      return response.body.task;
    };
    const theirs = await newTask(users.id);
    const nobodys = await newTask(null);
    expect((await newTask(restricted.id)).assignee?.id).toBe(restricted.id);
    const rename = (as: ApiClient, task: Task) =>
      as.request('PATCH', `/api/apps/projects/${project.id}/tasks/${task.id}`, {
        body: { version: task.version, title: unique('Renamed') },
      });
    // Project Planning: own tasks only. Manage Others' Tasks (support): any task.
    expect((await rename(users.client, theirs)).status).toBe(200);
    expect((await rename(users.client, nobodys)).status).toBe(403);
    expect((await rename(manager.client, nobodys)).status).toBe(403);
    expect((await rename(support.client, nobodys)).status).toBe(200);
    // Only View reads the board and changes nothing.
    expect((await board(project.id, restricted.client)).status).toBe(200);
    expect((await patch(project, { version: project.version, priority: 'low' }, restricted.client)).status).toBe(403);
    // A client is neither a manager nor, on another client's project, an assignee.
    const clientManager = await manager.client.request('POST', '/api/apps/projects', {
      body: { type: 'design', name: unique('Staff project'), clientId: ids.clientA, managerIds: [ids.clientB] },
    });
    expect(clientManager.status).toBe(400);
  });
});

describe('ranks under concurrency', () => {
  const ranksIn = (tasks: readonly Task[], stage: string) =>
    tasks.filter((task) => task.stage === stage).map((task) => task.rank);

  it('gives 50 tasks created at once 50 places, and later moves land at the index asked for', async () => {
    const project = await createProject({ type: 'development' });
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        admin.request<{ task: Task }>('POST', `/api/apps/projects/${project.id}/tasks`, {
          body: { title: `Concurrent ${index}`, stage: 'backlog' },
        }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array.from({ length: 50 }, () => 201));
    const afterCreate = (await board(project.id)).body;
    expect(afterCreate.project.taskCount).toBe(50);
    const backlog = ranksIn(afterCreate.tasks, 'backlog');
    expect(new Set(backlog).size).toBe(50);

    // Ten moves at once into an empty stage, each to the top: ten distinct places.
    const movers = afterCreate.tasks.slice(0, 10);
    const moved = await Promise.all(
      movers.map((task) =>
        admin.request('POST', `/api/apps/projects/${project.id}/tasks/${task.id}/move`, {
          body: { stage: 'todo', index: 0, version: task.version },
        }),
      ),
    );
    expect(moved.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const afterMoves = (await board(project.id)).body;
    expect(new Set(ranksIn(afterMoves.tasks, 'todo')).size).toBe(10);

    // Then each move lands exactly where it was asked to.
    for (const index of [3, 0, 7, 1, 5]) {
      const current = (await board(project.id)).body.tasks.filter((task) => task.stage === 'backlog');
      const task = current[current.length - 1] as Task;
      const response = await admin.request('POST', `/api/apps/projects/${project.id}/tasks/${task.id}/move`, {
        body: { stage: 'backlog', index, version: task.version },
      });
      expect(response.status).toBe(200);
      const column = (await board(project.id)).body.tasks.filter((candidate) => candidate.stage === 'backlog');
      expect(column.findIndex((candidate) => candidate.id === task.id)).toBe(index);
    }
  });
});
