import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulidx';

import {
  projectStatuses,
  projectTypes,
  stagesFor,
  type Project,
  type ProjectStatus,
} from '@orbit/functions/projects/contract';
import { rankBetween } from '@orbit/functions/projects/rank';
import { addToStatusCounts, bulkPut, projectItemsOf, taskItemOf } from '@orbit/functions/projects/bulk-load';
import type { ProjectRecord, TaskRecord } from '@orbit/functions/projects/records';
import { listReadBudget } from '@orbit/functions/projects/project-service';
import { adminPassword, demoUsers } from '@orbit/seed/demo-users';
import { seedDemoData } from '@orbit/seed/load';
import { seededUserIds } from '@orbit/seed/users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { ensureTable } from '../../infra/local/table-setup';
import type { BenchSection } from './section';
import { BenchClient, ms, percentile } from './support';

/**
 * Projects: do list and board requests cost the same with 100 and with 20,000 projects in the
 * store (every list is a bounded Query, so they should), and do 50 concurrent edits of one
 * project ever lose an update (they must not: each carries its version; stale ones get 409 and
 * retry from the current state)?
 */

export const ratioBudget = 1.3;
const smallStore = 100;
const largeStore = 20_000;
const warmup = 30;
const samples = 200;
const concurrentEditors = 50;

/** Synthetic projects spread over the demo clients, statuses and types, like a busy agency. */
const syntheticProjects = (count: number, clients: readonly { id: string; fullName: string }[], offset: number) => {
  const statusMix: ProjectStatus[] = [
    'active',
    'active',
    'active',
    'planning',
    'planning',
    'on_hold',
    'completed',
    'completed',
    'archived',
  ];
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, index): ProjectRecord => {
    const n = offset + index;
    const client = clients[n % clients.length] ?? { id: 'nobody', fullName: 'Nobody' };
    const status = statusMix[n % statusMix.length] ?? 'active';
    const created = new Date(start + n * 60_000).toISOString();
    return {
      id: ulid(start + n * 60_000),
      projectType: projectTypes[n % projectTypes.length] ?? 'other',
      name: `Bench project ${n.toString().padStart(6, '0')} ${['alpha', 'orbit', 'nova', 'delta'][n % 4]}`,
      clientId: client.id,
      clientName: client.fullName,
      managers: [],
      status,
      statusBeforeArchive: status === 'archived' ? 'completed' : null,
      priority: 'medium',
      startDate: '2026-01-01',
      dueDate: `2026-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`,
      budget: { amount: 1000 + (n % 50) * 250, currency: 'USD' },
      description: 'Synthetic project for the benchmark.',
      tags: ['bench'],
      taskCount: 0,
      doneTaskCount: 0,
      version: 1,
      createdAt: created,
      updatedAt: created,
      archivedAt: status === 'archived' ? created : null,
      createdBy: 'bench',
    };
  });
};

const load = async (projects: readonly ProjectRecord[]) => {
  await bulkPut(
    projects.flatMap((project) => projectItemsOf(project)),
    16,
  );
  await addToStatusCounts(projects);
};

/** A board worth reading: 40 tasks over the stages. */
const boardProject = (client: { id: string; fullName: string }): { project: ProjectRecord; tasks: TaskRecord[] } => {
  const [project] = syntheticProjects(1, [client], 999_999);
  if (!project) throw new Error('no project');
  const stages = stagesFor(project.projectType);
  const ranks = new Map<string, string>();
  const tasks = Array.from({ length: 40 }, (_, index): TaskRecord => {
    const stage = stages[index % stages.length]?.key ?? 'todo';
    const rank = rankBetween(ranks.get(stage) ?? null, null);
    ranks.set(stage, rank);
    return {
      id: ulid(),
      projectId: project.id,
      title: `Task ${index}`,
      description: '',
      stage,
      rank,
      assignee: null,
      dueDate: null,
      priority: 'medium',
      commentCount: 0,
      version: 1,
      createdAt: project.createdAt,
      updatedAt: project.createdAt,
      createdBy: 'bench',
    };
  });
  const done = new Set(stages.filter((stage) => stage.done).map((stage) => stage.key));
  return {
    project: {
      ...project,
      name: 'Bench board project',
      status: 'active',
      statusBeforeArchive: null,
      archivedAt: null,
      taskCount: tasks.length,
      doneTaskCount: tasks.filter((task) => done.has(task.stage)).length,
    },
    tasks,
  };
};

interface Timing {
  readonly p50: number;
  readonly p95: number;
}

/** One store: its table, a signed-in admin and client, and the project whose board is read. */
interface Store {
  readonly table: string;
  readonly admin: BenchClient;
  readonly client: BenchClient;
  boardId: string;
}

/**
 * Both stores live in the same DynamoDB Local and are served by the same in-process handlers;
 * the handlers read TABLE_NAME per request, so switching it between two sequential requests
 * points them at the other store.
 */
const use = (store: Store) => {
  process.env.TABLE_NAME = store.table;
};

type Call = (store: Store) => Promise<{ status: number }>;

/**
 * Requests to the two stores alternate, so whatever else the machine is doing weighs on both
 * alike; the figures compare like with like.
 */
const timePair = async (label: string, stores: readonly [Store, Store], call: Call): Promise<[Timing, Timing]> => {
  const durations: [number[], number[]] = [[], []];
  for (let index = 0; index < warmup + samples; index += 1) {
    for (const [slot, store] of stores.entries()) {
      use(store);
      const started = performance.now();
      const { status } = await call(store);
      const elapsed = performance.now() - started;
      if (status !== 200) throw new Error(`${label} answered ${status}`);
      if (index >= warmup) durations[slot as 0 | 1].push(elapsed);
    }
  }
  const timing = (values: number[]): Timing => ({ p50: percentile(values, 0.5), p95: percentile(values, 0.95) });
  return [timing(durations[0]), timing(durations[1])];
};

/** The cursor of the third page of a list, per store. */
const thirdPageCursor = async (store: Store): Promise<string> => {
  use(store);
  const first = await store.admin.request<{ nextCursor: string }>('GET', '/api/apps/projects?sort=due');
  const second = await store.admin.request<{ nextCursor: string }>(
    'GET',
    `/api/apps/projects?sort=due&cursor=${first.body.nextCursor}`,
  );
  return second.body.nextCursor;
};

const measure = async (stores: readonly [Store, Store]) => {
  const cursors = new Map<Store, string>();
  for (const store of stores) cursors.set(store, await thirdPageCursor(store));
  return {
    'admin list (default, 12)': await timePair('admin list', stores, (store) =>
      store.admin.request('GET', '/api/apps/projects'),
    ),
    'admin list by name, all statuses': await timePair('admin list by name', stores, (store) =>
      store.admin.request('GET', '/api/apps/projects?sort=name&status=all'),
    ),
    'admin list, page 3 by cursor': await timePair('admin list page 3', stores, (store) =>
      store.admin.request('GET', `/api/apps/projects?sort=due&cursor=${cursors.get(store) ?? ''}`),
    ),
    'client list (own projects)': await timePair('client list', stores, (store) =>
      store.client.request('GET', '/api/apps/projects'),
    ),
    'board (40 tasks)': await timePair('board', stores, (store) =>
      store.admin.request('GET', `/api/apps/projects/${store.boardId}/board`),
    ),
  };
};

/** 50 editors, each appending its mark from the version it read; a 409 means read again and retry. */
const concurrentEdits = async (admin: BenchClient, projectId: string) => {
  let conflicts = 0;
  let attempts = 0;
  let otherFailures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrentEditors }, async (_, editor) => {
      for (;;) {
        const { body } = await admin.request<{ project: Project }>('GET', `/api/apps/projects/${projectId}`);
        attempts += 1;
        const { status } = await admin.request('PATCH', `/api/apps/projects/${projectId}`, {
          version: body.project.version,
          description: `${body.project.description} [editor-${editor}]`.trim(),
        });
        if (status === 200) return;
        if (status === 409) conflicts += 1;
        else otherFailures += 1;
        if (otherFailures > 500) throw new Error('edits keep failing');
      }
    }),
  );
  const elapsed = performance.now() - started;
  const { body } = await admin.request<{ project: Project }>('GET', `/api/apps/projects/${projectId}`);
  const marks = new Set(body.project.description.match(/\[editor-\d+\]/g) ?? []);
  return {
    lostUpdates: concurrentEditors - marks.size,
    conflicts,
    attempts,
    otherFailures,
    finalVersion: body.project.version,
    elapsed,
  };
};

/** A store with the demo seed, `count` projects in all and a 40-task board; signed in. */
const prepareStore = async (baseUrl: string, table: string, count: number): Promise<Store> => {
  process.env.TABLE_NAME = table;
  const admin = new DynamoDBClient({});
  try {
    await ensureTable(admin, table);
  } finally {
    admin.destroy();
  }
  await seedDemoData();
  const store: Store = { table, admin: new BenchClient(baseUrl), client: new BenchClient(baseUrl), boardId: '' };
  const adminUser = demoUsers.find((user) => user.role === 'admin');
  const clientUser = demoUsers.find((user) => user.role === 'client');
  if (!adminUser || !clientUser) throw new Error('no demo users');
  await store.admin.signIn(adminUser.phone, adminPassword);
  await store.client.signIn(clientUser.phone, clientUser.password);
  const ids = await seededUserIds();
  const clients = demoUsers.flatMap((user) => {
    const id = ids.get(user.phone);
    return user.role === 'client' && id ? [{ id, fullName: user.fullName }] : [];
  });
  const seeded = (await store.admin.request<{ counts: Record<ProjectStatus, number> }>('GET', '/api/apps/projects'))
    .body.counts;
  const seededCount = projectStatuses.reduce((sum, status) => sum + seeded[status], 0);
  const board = boardProject(clients[0] ?? { id: 'nobody', fullName: 'Nobody' });
  await load([board.project]);
  await bulkPut(board.tasks.map(taskItemOf));
  store.boardId = board.project.id;
  await load(syntheticProjects(count - seededCount - 1, clients, 0));
  return store;
};

export const projectsBench: BenchSection = {
  name: 'projects',
  async run() {
    const suffix = Date.now().toString(36);
    const stack: LocalStack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-projects-small-${suffix}`,
      seed: false,
    });
    try {
      const small = await prepareStore(stack.url, `bench-projects-small-${suffix}`, smallStore);
      const loadStarted = performance.now();
      const large = await prepareStore(stack.url, `bench-projects-large-${suffix}`, largeStore);
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      use(large);
      const total = (await large.admin.request<{ total: number }>('GET', '/api/apps/projects?status=all')).body.total;
      use(small);
      const smallTotal = (await small.admin.request<{ total: number }>('GET', '/api/apps/projects?status=all')).body
        .total;

      const figures = await measure([small, large]);
      console.log(`stores: ${smallTotal} projects and ${total} projects (loaded in ${loadSeconds.toFixed(1)} s)`);
      console.log(
        `request times, ${samples} requests to each store alternating, after ${warmup} warm-up each; p50 / p95:`,
      );
      let worst = 0;
      for (const [label, [few, many]] of Object.entries(figures)) {
        const ratio = many.p50 / few.p50;
        worst = Math.max(worst, ratio);
        console.log(
          `  ${label.padEnd(34)} ${smallTotal}: ${ms(few.p50)} / ${ms(few.p95)}` +
            `   ${total}: ${ms(many.p50)} / ${ms(many.p95)}` +
            `   ratio p50 ${ratio.toFixed(2)} ${ratio <= ratioBudget ? 'ok' : `OVER ${ratioBudget}`}`,
        );
      }
      console.log(`  worst p50 ratio ${worst.toFixed(2)} (budget ${ratioBudget})`);
      // A search for something no project has reads the most: up to the read budget per request.
      const [fewSearch, manySearch] = await timePair('search', [small, large], (store) =>
        store.admin.request('GET', '/api/apps/projects?q=no-such-project&status=all'),
      );
      console.log(
        `  (search matching nothing, bounded by the read budget of ${listReadBudget} entries; not in the ratio)` +
          ` ${smallTotal}: ${ms(fewSearch.p50)}   ${total}: ${ms(manySearch.p50)}`,
      );

      use(small);
      const edits = await concurrentEdits(small.admin, small.boardId);
      console.log(
        `${concurrentEditors} concurrent edits of one project: lost updates ${edits.lostUpdates} (must be 0), ` +
          `409 conflicts ${edits.conflicts}, attempts ${edits.attempts}, other failures ${edits.otherFailures}, ` +
          `final version ${edits.finalVersion} (expected ${1 + concurrentEditors}), ${(edits.elapsed / 1000).toFixed(1)} s`,
      );
      if (edits.lostUpdates !== 0) throw new Error(`${edits.lostUpdates} updates were lost`);
      if (worst > ratioBudget) console.log(`  note: a list or board grew slower than ${ratioBudget}x with the store`);
    } finally {
      await stack.stop();
    }
  },
};
