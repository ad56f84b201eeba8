import { ulid } from 'ulidx';

import {
  projectStatuses,
  projectTypes,
  stagesFor,
  type Project,
  type ProjectStatus,
} from '@orbit/functions/projects/contract';
import { rankBetween } from '@orbit/functions/projects/rank';
import {
  addToStatusCounts,
  bulkPut,
  projectItemsOf,
  taskItemOf,
  type ProjectRecord,
  type TaskRecord,
} from '@orbit/functions/projects/repository';
import { adminPassword, demoUsers } from '@orbit/seed/demo-users';
import { seededUserIds } from '@orbit/seed/users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import type { BenchSection } from './section';

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

const percentile = (values: readonly number[], fraction: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

class Client {
  token = '';
  constructor(private readonly baseUrl: string) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async signIn(phone: string, password: string): Promise<void> {
    const response = await this.request<{ accessToken: string }>('POST', '/api/auth/login', { phone, password });
    if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
    this.token = response.body.accessToken;
  }
}

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

const time = async (label: string, call: () => Promise<{ status: number }>): Promise<Timing> => {
  for (let index = 0; index < warmup; index += 1) await call();
  const durations: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    const { status } = await call();
    durations.push(performance.now() - started);
    if (status !== 200) throw new Error(`${label} answered ${status}`);
  }
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
};

const measure = async (admin: Client, client: Client, boardId: string) => ({
  'admin list (default, 12)': await time('admin list', () => admin.request('GET', '/api/apps/projects')),
  'admin list by name, all statuses': await time('admin list by name', () =>
    admin.request('GET', '/api/apps/projects?sort=name&status=all'),
  ),
  'admin list, page 3 by cursor': await (async () => {
    const first = await admin.request<{ nextCursor: string }>('GET', '/api/apps/projects?sort=due');
    const second = await admin.request<{ nextCursor: string }>(
      'GET',
      `/api/apps/projects?sort=due&cursor=${first.body.nextCursor}`,
    );
    return time('admin list page 3', () =>
      admin.request('GET', `/api/apps/projects?sort=due&cursor=${second.body.nextCursor}`),
    );
  })(),
  'client list (own projects)': await time('client list', () => client.request('GET', '/api/apps/projects')),
  'board (40 tasks)': await time('board', () => admin.request('GET', `/api/apps/projects/${boardId}/board`)),
});

/** 50 editors, each appending its mark from the version it read; a 409 means read again and retry. */
const concurrentEdits = async (admin: Client, projectId: string) => {
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

export const projectsBench: BenchSection = {
  name: 'projects',
  async run() {
    const stack: LocalStack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-projects-${Date.now().toString(36)}`,
    });
    try {
      const admin = new Client(stack.url);
      const client = new Client(stack.url);
      const adminUser = demoUsers.find((user) => user.role === 'admin');
      const clientUser = demoUsers.find((user) => user.role === 'client');
      if (!adminUser || !clientUser) throw new Error('no demo users');
      await admin.signIn(adminUser.phone, adminPassword);
      await client.signIn(clientUser.phone, clientUser.password);
      const ids = await seededUserIds();
      const clients = demoUsers.flatMap((user) => {
        const id = ids.get(user.phone);
        return user.role === 'client' && id ? [{ id, fullName: user.fullName }] : [];
      });

      const seeded = (await admin.request<{ counts: Record<ProjectStatus, number> }>('GET', '/api/apps/projects')).body
        .counts;
      const seededCount = projectStatuses.reduce((sum, status) => sum + seeded[status], 0);
      const board = boardProject(clients[0] ?? { id: 'nobody', fullName: 'Nobody' });
      await load([board.project]);
      await bulkPut(board.tasks.map(taskItemOf));
      await load(syntheticProjects(smallStore - seededCount - 1, clients, 0));
      // A discarded pass first: the JVM behind DynamoDB Local and V8 warm up on it, so the
      // small store is not measured cold (which would flatter the ratio).
      await measure(admin, client, board.project.id);
      const small = await measure(admin, client, board.project.id);

      const loadStarted = performance.now();
      await load(syntheticProjects(largeStore - smallStore, clients, smallStore));
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const total = (await admin.request<{ total: number }>('GET', '/api/apps/projects?status=all')).body.total;
      const large = await measure(admin, client, board.project.id);

      console.log(
        `store: ${smallStore} projects, then ${total} (bulk-loaded ${largeStore - smallStore} in ${loadSeconds.toFixed(1)} s)`,
      );
      console.log(`request times over ${samples} sequential requests after ${warmup} warm-up, p50 / p95:`);
      let worst = 0;
      for (const label of Object.keys(small) as (keyof typeof small)[]) {
        const ratio = large[label].p50 / small[label].p50;
        worst = Math.max(worst, ratio);
        console.log(
          `  ${label.padEnd(34)} ${smallStore}: ${ms(small[label].p50)} / ${ms(small[label].p95)}` +
            `   ${largeStore}: ${ms(large[label].p50)} / ${ms(large[label].p95)}` +
            `   ratio p50 ${ratio.toFixed(2)} ${ratio <= ratioBudget ? 'ok' : `OVER ${ratioBudget}`}`,
        );
      }
      console.log(`  worst p50 ratio ${worst.toFixed(2)} (budget ${ratioBudget})`);

      const edits = await concurrentEdits(admin, board.project.id);
      console.log(
        `${concurrentEditors} concurrent edits of one project: lost updates ${edits.lostUpdates} (must be 0), ` +
          `409 conflicts ${edits.conflicts}, attempts ${edits.attempts}, other failures ${edits.otherFailures}, ` +
          `final version ${edits.finalVersion} (expected ${1 + concurrentEditors}), ${(edits.elapsed / 1000).toFixed(1)} s`,
      );
      if (edits.lostUpdates !== 0) throw new Error(`${edits.lostUpdates} updates were lost`);
    } finally {
      await stack.stop();
    }
  },
};
