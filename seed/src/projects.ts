import { ulid } from 'ulidx';

import {
  stagesFor,
  type Budget,
  type EditableStatus,
  type PersonRef,
  type Priority,
  type ProjectType,
} from '@orbit/functions/projects/contract';
import { rankBetween } from '@orbit/functions/projects/rank';
import {
  activityItemOf,
  addToStatusCounts,
  bulkPut,
  commentItemOf,
  projectItemsOf,
  taskItemOf,
} from '@orbit/functions/projects/bulk-load';
import { getProject } from '@orbit/functions/projects/project-repository';
import type { ActivityRecord, CommentRecord, ProjectRecord, TaskRecord } from '@orbit/functions/projects/records';

import { demoUsers } from './demo-users';
import { seededUserIds } from './users';

/**
 * Demo projects: every type, for the demo clients, each with tasks in every stage of its
 * board, a few comments and an activity trail. Ids come from a seeded generator, so a rerun
 * writes the same items (and a store that already has them is left alone).
 */

interface DemoProject {
  readonly clientPhone: string;
  readonly type: ProjectType;
  readonly name: string;
  readonly status: EditableStatus | 'archived';
  readonly priority: Priority;
  /** Days from the seed day; negative is in the past. */
  readonly startInDays: number;
  readonly dueInDays: number | null;
  readonly budget: Budget | null;
  readonly description: string;
  readonly tags: string[];
  readonly managerPhones: string[];
  /** Share of the tasks already in the done stage; the rest are dealt over the other stages. */
  readonly doneShare: number;
  readonly tasks: string[];
}

const olivia = '+15550100001';
const noah = '+15550100004';
const mia = '+15550100008';
/**
 * Staff below the administrator (seed/src/demo-users.ts) run projects too: any active staff
 * member may manage a project or be given its tasks (docs/roles.md). Grace (manager) has taken
 * over Lucas Moreau's account, Chloé (users, a designer) works on the design projects, Daniel
 * (support) looks after Casa Mia's reservations. Omar (restricted user) only follows.
 */
const grace = '+15550100009';
const daniel = '+15550100010';
const chloe = '+15550100011';

const demoProjects: readonly DemoProject[] = [
  {
    clientPhone: '+15550100002',
    type: 'development',
    name: 'Northwind storefront rebuild',
    doneShare: 0.4,
    status: 'active',
    priority: 'high',
    startInDays: -40,
    dueInDays: 35,
    budget: { amount: 48000, currency: 'USD' },
    description: 'Replace the legacy storefront with a fast, accessible shop on the new commerce API.',
    tags: ['ecommerce', 'web'],
    managerPhones: [noah],
    tasks: [
      'Audit the current checkout',
      'Product listing page',
      'Cart and checkout flow',
      'Payment provider integration',
      'Search with filters',
      'Order history for customers',
      'Performance budget in CI',
      'Accessibility review',
      'Launch checklist',
      'Analytics events',
    ],
  },
  {
    clientPhone: '+15550100002',
    type: 'marketing',
    name: 'Spring catalogue campaign',
    doneShare: 0,
    status: 'planning',
    priority: 'medium',
    startInDays: 7,
    dueInDays: 60,
    budget: { amount: 12500, currency: 'USD' },
    description: 'Email, social and print push for the spring catalogue.',
    tags: ['campaign', 'email'],
    managerPhones: [olivia, mia],
    tasks: [
      'Campaign brief',
      'Audience segments',
      'Email sequence',
      'Social calendar',
      'Print proofs',
      'Results report',
    ],
  },
  {
    clientPhone: '+15550100002',
    type: 'design',
    name: 'Northwind brand refresh',
    doneShare: 1,
    status: 'completed',
    priority: 'low',
    startInDays: -120,
    dueInDays: -20,
    budget: { amount: 18000, currency: 'USD' },
    description: 'A lighter logo, a new palette and a type system for every channel.',
    tags: ['brand'],
    managerPhones: [olivia, chloe],
    tasks: ['Mood boards', 'Logo directions', 'Palette and type', 'Brand guidelines', 'Asset library'],
  },
  {
    clientPhone: '+15550100003',
    type: 'marketing',
    name: 'Bluepeak summer launch',
    doneShare: 0.3,
    status: 'active',
    priority: 'urgent',
    startInDays: -14,
    dueInDays: 3,
    budget: { amount: 30000, currency: 'USD' },
    description: 'Launch of the summer trail collection across paid social and partners.',
    tags: ['launch', 'social'],
    managerPhones: [mia],
    tasks: [
      'Launch narrative',
      'Influencer shortlist',
      'Paid social creatives',
      'Landing page copy',
      'Partner kit',
      'Launch day runbook',
      'Week one report',
    ],
  },
  {
    clientPhone: '+15550100003',
    type: 'development',
    name: 'Bluepeak mobile app',
    doneShare: 0.2,
    status: 'on_hold',
    priority: 'medium',
    startInDays: -60,
    dueInDays: -5,
    budget: { amount: 75000, currency: 'USD' },
    description: 'Store locator, loyalty card and trail guides in one app. Paused for the funding round.',
    tags: ['mobile', 'loyalty'],
    managerPhones: [noah, grace],
    tasks: ['Store locator', 'Loyalty card', 'Trail guides offline', 'Push notifications', 'App store listing'],
  },
  {
    clientPhone: '+15550100003',
    type: 'other',
    name: 'Quarterly analytics review',
    doneShare: 0.34,
    status: 'active',
    priority: 'low',
    startInDays: -3,
    dueInDays: 10,
    budget: null,
    description: 'What worked last quarter, and what we change next.',
    tags: ['analytics'],
    managerPhones: [olivia],
    tasks: ['Collect dashboards', 'Channel breakdown', 'Recommendations deck'],
  },
  {
    clientPhone: '+15550100005',
    type: 'design',
    name: 'Casa Mia menu redesign',
    doneShare: 0.2,
    status: 'active',
    priority: 'high',
    startInDays: -10,
    dueInDays: 20,
    budget: { amount: 6500, currency: 'EUR' },
    description: 'Seasonal menus for three restaurants, print and QR.',
    tags: ['print', 'menu'],
    managerPhones: [olivia, chloe],
    tasks: ['Photography brief', 'Menu layout', 'Allergen icons', 'QR menu page', 'Print run'],
  },
  {
    clientPhone: '+15550100005',
    type: 'development',
    name: 'Online reservations',
    doneShare: 0,
    status: 'planning',
    priority: 'medium',
    startInDays: 14,
    dueInDays: 90,
    budget: { amount: 22000, currency: 'EUR' },
    description: 'Table booking with deposits and reminders.',
    tags: ['web', 'bookings'],
    managerPhones: [noah, daniel],
    tasks: ['Booking rules', 'Availability API', 'Deposit payments', 'Reminder messages', 'Staff view'],
  },
  {
    clientPhone: '+15550100006',
    type: 'design',
    name: 'Atelier Lumen portfolio site',
    doneShare: 0.2,
    status: 'active',
    priority: 'medium',
    startInDays: -21,
    dueInDays: 14,
    budget: { amount: 9000, currency: 'EUR' },
    description: 'A portfolio that lets the photographs speak.',
    tags: ['portfolio', 'web'],
    managerPhones: [grace, chloe],
    tasks: ['Site map', 'Gallery concepts', 'Case study template', 'Client review', 'Final assets'],
  },
  {
    clientPhone: '+15550100006',
    type: 'other',
    name: 'Photo shoot logistics',
    doneShare: 1,
    status: 'archived',
    priority: 'low',
    startInDays: -90,
    dueInDays: -60,
    budget: { amount: 2000, currency: 'EUR' },
    description: 'Locations, permits and crew for the autumn shoot.',
    tags: ['production'],
    managerPhones: [grace],
    tasks: ['Location permits', 'Crew schedule', 'Equipment list'],
  },
  {
    clientPhone: '+15550100007',
    type: 'development',
    name: 'Sahara Tech customer portal',
    doneShare: 0.5,
    status: 'active',
    priority: 'high',
    startInDays: -30,
    dueInDays: 45,
    budget: { amount: 120000, currency: 'USD' },
    description: 'Self-service portal: invoices, tickets and usage dashboards.',
    tags: ['portal', 'saas'],
    managerPhones: [noah, olivia],
    tasks: ['Single sign-on', 'Invoice history', 'Ticket inbox', 'Usage charts', 'Role management', 'Security review'],
  },
  {
    clientPhone: '+15550100007',
    type: 'marketing',
    name: 'Product Hunt launch',
    doneShare: 0,
    status: 'planning',
    priority: 'medium',
    startInDays: 20,
    dueInDays: 50,
    budget: null,
    description: 'Launch day plan, assets and community outreach.',
    tags: ['launch'],
    managerPhones: [mia],
    tasks: ['Launch assets', 'Hunter outreach', 'FAQ answers', 'Launch day rota', 'Follow-up email'],
  },
];

const comments = [
  'Looks good to me. Can we see it on staging this week?',
  'First draft is up, feedback welcome.',
  'Blocked until the client sends the final copy.',
  'Moved to review, please check the edge cases.',
];

/** mulberry32: a small deterministic generator for stable seed ids. */
const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const dayMs = 86_400_000;
const idEpoch = Date.UTC(2026, 0, 5, 9);
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export interface SeededProjects {
  readonly projects: ProjectRecord[];
  readonly items: Record<string, unknown>[];
}

/** Builds the demo projects and every item they own, dated around `today`. */
/** A seeded person: how records name them, and their role (a comment's author shows it). */
export type SeedPerson = PersonRef & { readonly role: string };

const refOf = (person: SeedPerson): PersonRef => ({ id: person.id, fullName: person.fullName });

export const buildDemoProjects = (people: ReadonlyMap<string, SeedPerson>, today: Date): SeededProjects => {
  const random = seededRandom(20260105);
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 9);
  // Ids keep their relative order but not the seed day, so a rerun on another day makes the same ids.
  const idAt = (time: number) => ulid(time - base + idEpoch, random);
  const projects: ProjectRecord[] = [];
  const items: Record<string, unknown>[] = [];

  demoProjects.forEach((demo, projectIndex) => {
    const clientPerson = people.get(demo.clientPhone);
    if (!clientPerson) return;
    const client = refOf(clientPerson);
    const staff = demo.managerPhones.flatMap((phone) => people.get(phone) ?? []);
    const managers = staff.map(refOf);
    const roleOf = new Map([clientPerson, ...staff].map((person) => [person.id, person.role]));
    // Created a week before it starts, and never in the future.
    const createdTime = base + Math.min(demo.startInDays - 7, -2) * dayMs + projectIndex * 60_000;
    const id = idAt(createdTime);
    const stages = stagesFor(demo.type);
    const actor = managers[0] ?? client;
    const tasks: TaskRecord[] = [];
    const lastRank = new Map<string, string>();
    const doneStage = stages.find((candidate) => candidate.done);
    const openStages = stages.filter((candidate) => !candidate.done);
    const doneCount = Math.round(demo.tasks.length * demo.doneShare);
    demo.tasks.forEach((title, taskIndex) => {
      // The first tasks are finished; the others are spread over the open stages in order.
      const stage =
        taskIndex < doneCount ? doneStage : openStages[(taskIndex - doneCount) % Math.max(openStages.length, 1)];
      if (!stage) return;
      const rank = rankBetween(lastRank.get(stage.key) ?? null, null);
      lastRank.set(stage.key, rank);
      const at = new Date(createdTime + (taskIndex + 1) * 3_600_000).toISOString();
      const assignee = taskIndex % 3 === 2 ? client : (managers[taskIndex % Math.max(managers.length, 1)] ?? null);
      tasks.push({
        id: idAt(createdTime + (taskIndex + 1) * 3_600_000),
        projectId: id,
        title,
        description: '',
        stage: stage.key,
        rank,
        assignee,
        dueDate:
          demo.dueInDays === null ? null : isoDay(base + (demo.dueInDays - (demo.tasks.length - taskIndex)) * dayMs),
        priority: (['low', 'medium', 'high', 'urgent'] as const)[taskIndex % 4] ?? 'medium',
        commentCount: 0,
        version: 1,
        createdAt: at,
        updatedAt: at,
        createdBy: actor.id,
      });
    });

    const activity: ActivityRecord[] = [
      {
        id: idAt(createdTime),
        projectId: id,
        kind: 'project.created',
        at: new Date(createdTime).toISOString(),
        actor,
      },
      ...tasks.map((task): ActivityRecord => ({
        id: idAt(Date.parse(task.createdAt)),
        projectId: id,
        kind: 'task.created',
        at: task.createdAt,
        actor,
        taskId: task.id,
        taskTitle: task.title,
        toStage: task.stage,
      })),
    ];
    const taskComments: CommentRecord[] = tasks.slice(0, 2).flatMap((task, index) => {
      const at = Date.parse(task.createdAt) + 1_800_000;
      const author = index === 0 ? client : actor;
      const role = roleOf.get(author.id) ?? 'admin';
      return [
        {
          id: idAt(at),
          projectId: id,
          taskId: task.id,
          author: { ...author, role },
          body: comments[(projectIndex + index) % comments.length] ?? 'Noted.',
          createdAt: new Date(at).toISOString(),
        },
      ];
    });
    for (const comment of taskComments) {
      activity.push({
        id: idAt(Date.parse(comment.createdAt)),
        projectId: id,
        kind: 'comment.created',
        at: comment.createdAt,
        actor: { id: comment.author.id, fullName: comment.author.fullName },
        taskId: comment.taskId,
        taskTitle: tasks.find((task) => task.id === comment.taskId)?.title ?? '',
      });
    }

    const doneStages = new Set(stages.filter((stage) => stage.done).map((stage) => stage.key));
    const updatedAt = new Date(Math.max(...tasks.map((task) => Date.parse(task.updatedAt)), createdTime)).toISOString();
    const archived = demo.status === 'archived';
    const project: ProjectRecord = {
      id,
      projectType: demo.type,
      name: demo.name,
      clientId: client.id,
      clientName: client.fullName,
      managers,
      status: demo.status,
      statusBeforeArchive: archived ? 'completed' : null,
      priority: demo.priority,
      startDate: isoDay(base + demo.startInDays * dayMs),
      dueDate: demo.dueInDays === null ? null : isoDay(base + demo.dueInDays * dayMs),
      budget: demo.budget,
      description: demo.description,
      tags: demo.tags,
      taskCount: tasks.length,
      doneTaskCount: tasks.filter((task) => doneStages.has(task.stage)).length,
      version: 1,
      createdAt: new Date(createdTime).toISOString(),
      updatedAt,
      archivedAt: archived ? updatedAt : null,
      createdBy: actor.id,
    };
    projects.push(project);
    const commentCounts = new Map<string, number>();
    for (const comment of taskComments) commentCounts.set(comment.taskId, (commentCounts.get(comment.taskId) ?? 0) + 1);
    items.push(
      ...projectItemsOf(project),
      ...tasks.map((task) => taskItemOf({ ...task, commentCount: commentCounts.get(task.id) ?? 0 })),
      ...taskComments.map(commentItemOf),
      ...activity.map(activityItemOf),
    );
  });
  return { projects, items };
};

export const seedProjects = async (): Promise<void> => {
  const ids = await seededUserIds();
  const people = new Map<string, SeedPerson>(
    demoUsers.flatMap((user) => {
      const id = ids.get(user.phone);
      return id ? [[user.phone, { id, fullName: user.fullName, role: user.role }] as [string, SeedPerson]] : [];
    }),
  );
  const { projects, items } = buildDemoProjects(people, new Date());
  const last = projects[projects.length - 1];
  // Same ids on a rerun: if the last project is there, this store already has them all.
  if (!last || (await getProject(last.id))) return;
  await bulkPut(items);
  await addToStatusCounts(projects);
};
