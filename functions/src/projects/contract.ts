import * as v from 'valibot';

import { coercedNumber, object } from '../core/schema';

/**
 * The projects contract: request schemas, response shapes and the rules both sides share. The
 * web app imports this file (forms validate with the same schemas the API does), so it must
 * stay free of Node and AWS imports. valibot, like every contract (see auth/contract.ts): its
 * functions tree-shake.
 */

export const projectTypes = ['development', 'marketing', 'design', 'other'] as const;
export type ProjectType = (typeof projectTypes)[number];

export const projectStatuses = ['planning', 'active', 'on_hold', 'completed', 'archived'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
/** `archived` is reached only through archive/restore, never by editing the status field. */
export const editableStatuses = ['planning', 'active', 'on_hold', 'completed'] as const;
export type EditableStatus = (typeof editableStatuses)[number];
/** What the list shows when no status filter is given. */
export const defaultListStatuses: readonly ProjectStatus[] = editableStatuses;

export const priorities = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof priorities)[number];

export interface Stage {
  /** Stable key stored on tasks; the web app translates it (projects.stages.<key>). */
  readonly key: string;
  readonly name: string;
  /** Tasks in a done stage count as finished for progress. */
  readonly done: boolean;
}

const stage = (key: string, name: string, done = false): Stage => ({ key, name, done });

/** A project's type picks its board columns; the last column of each type is the done one. */
export const stagesByType: Readonly<Record<ProjectType, readonly Stage[]>> = {
  development: [
    stage('backlog', 'Backlog'),
    stage('todo', 'To do'),
    stage('in_progress', 'In progress'),
    stage('review', 'Code review'),
    stage('done', 'Done', true),
  ],
  marketing: [
    stage('ideas', 'Ideas'),
    stage('planned', 'Planned'),
    stage('in_progress', 'In progress'),
    stage('review', 'Review'),
    stage('published', 'Published', true),
  ],
  design: [
    stage('brief', 'Brief'),
    stage('concepts', 'Concepts'),
    stage('in_progress', 'In progress'),
    stage('feedback', 'Client feedback'),
    stage('approved', 'Approved', true),
  ],
  other: [stage('todo', 'To do'), stage('in_progress', 'In progress'), stage('done', 'Done', true)],
};

export const stagesFor = (type: ProjectType): readonly Stage[] => stagesByType[type];
export const isDoneStage = (type: ProjectType, stageKey: string): boolean =>
  stagesByType[type].some((candidate) => candidate.key === stageKey && candidate.done);

/** Progress in whole percent, derived from tasks: done tasks over all tasks (0 without tasks). */
export const progressOf = (taskCount: number, doneTaskCount: number): number =>
  taskCount <= 0 ? 0 : Math.round((100 * Math.min(doneTaskCount, taskCount)) / taskCount);

export const projectLimits = {
  nameMin: 3,
  nameMax: 120,
  descriptionMax: 5000,
  tagsMax: 10,
  tagMax: 30,
  managersMax: 10,
  budgetMax: 1_000_000_000_000,
  tasksPerProject: 500,
  taskTitleMax: 200,
  commentMax: 2000,
  pageSizeMax: 100,
  searchMax: 100,
} as const;

export const pageSizes = [6, 12, 24, 48] as const;
export const defaultPageSize = 12;

/**
 * Every validation message, stable so the web app can translate it
 * (projects.validation.<key>) whether it came from its own form or from the API.
 */
export const projectMessages = {
  nameLength: `Name must be ${projectLimits.nameMin}–${projectLimits.nameMax} characters`,
  typeUnknown: 'Choose a known project type',
  clientRequired: 'Choose a client',
  clientUnknown: 'This client does not exist',
  managersMax: `At most ${projectLimits.managersMax} managers`,
  managersDuplicate: 'A manager is listed twice',
  managerUnknown: 'Managers must be admins of this workspace',
  statusUnknown: 'Choose a status',
  statusArchived: 'Use archive and restore to change the archived state',
  priorityUnknown: 'Choose a priority',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  dueBeforeStart: 'The due date cannot be before the start date',
  budgetNegative: 'The budget cannot be negative',
  budgetTooLarge: 'The budget is too large',
  budgetInvalid: 'Enter an amount',
  currencyUnknown: 'Choose an ISO 4217 currency, e.g. USD',
  descriptionTooLong: `At most ${projectLimits.descriptionMax} characters`,
  tagsMax: `At most ${projectLimits.tagsMax} tags`,
  tagLength: `Tags are 1–${projectLimits.tagMax} characters`,
  versionRequired: 'The version you read is required',
  staleVersion: 'Someone else changed this in the meantime. Reload to see their changes.',
  archived: 'This project is archived. Restore it to make changes.',
  confirmMismatch: 'Type the project name exactly to confirm',
  taskTitleLength: `Title must be 1–${projectLimits.taskTitleMax} characters`,
  stageUnknown: 'This stage does not exist for the project type',
  assigneeUnknown: 'The assignee must be an admin or the project’s client',
  taskLimit: `A project holds at most ${projectLimits.tasksPerProject} tasks`,
  commentLength: `Comments are 1–${projectLimits.commentMax} characters`,
  cursorInvalid: 'This page link has expired; start from the first page',
} as const;
export type ProjectMessageKey = keyof typeof projectMessages;

/** Read from ICU on first use rather than at every cold start (~0.4 ms): few requests carry a budget. */
let knownCurrencies: ReadonlySet<string> | undefined;
const isKnownCurrency = (code: string): boolean => {
  knownCurrencies ??= new Set(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : []);
  return knownCurrencies.size === 0 || knownCurrencies.has(code);
};

/**
 * A calendar date as YYYY-MM-DD that exists (no 2023-02-29), as the API has always checked it;
 * valibot's own `isoDate` would let 2023-02-31 through.
 */
const isoDatePattern =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;
export const isoDate = v.pipe(
  v.string(projectMessages.dateInvalid),
  v.regex(isoDatePattern, projectMessages.dateInvalid),
);

export const budgetSchema = object({
  amount: v.pipe(
    v.number(projectMessages.budgetInvalid),
    v.finite(projectMessages.budgetInvalid),
    v.minValue(0, projectMessages.budgetNegative),
    v.maxValue(projectLimits.budgetMax, projectMessages.budgetTooLarge),
  ),
  currency: v.pipe(
    v.string(projectMessages.currencyUnknown),
    v.regex(/^[A-Z]{3}$/, projectMessages.currencyUnknown),
    v.check(isKnownCurrency, projectMessages.currencyUnknown),
  ),
});
export type Budget = v.InferOutput<typeof budgetSchema>;

const tagSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.minLength(1, projectMessages.tagLength),
  v.maxLength(projectLimits.tagMax, projectMessages.tagLength),
);

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

const projectFieldSchemas = {
  name: v.pipe(
    v.string(projectMessages.nameLength),
    v.trim(),
    v.minLength(projectLimits.nameMin, projectMessages.nameLength),
    v.maxLength(projectLimits.nameMax, projectMessages.nameLength),
  ),
  clientId: v.pipe(v.string(projectMessages.clientRequired), v.trim(), v.minLength(1, projectMessages.clientRequired)),
  managerIds: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1))),
    v.maxLength(projectLimits.managersMax, projectMessages.managersMax),
    v.check(unique, projectMessages.managersDuplicate),
  ),
  status: v.picklist(editableStatuses, (issue) =>
    issue.input === 'archived' ? projectMessages.statusArchived : projectMessages.statusUnknown,
  ),
  priority: v.picklist(priorities, projectMessages.priorityUnknown),
  startDate: v.nullable(isoDate),
  dueDate: v.nullable(isoDate),
  budget: v.nullable(budgetSchema),
  description: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(projectLimits.descriptionMax, projectMessages.descriptionTooLong),
  ),
  tags: v.pipe(
    v.array(tagSchema),
    v.maxLength(projectLimits.tagsMax, projectMessages.tagsMax),
    v.transform((tags) => [...new Set(tags)]),
  ),
};

/** Dates compare as strings: both are YYYY-MM-DD. */
export const dueBeforeStart = (startDate: string | null | undefined, dueDate: string | null | undefined): boolean =>
  Boolean(startDate && dueDate && dueDate < startDate);

/**
 * The due date may not be before the start date; reported on dueDate. A pipe step after the
 * object: it runs once every field has the right type (a too-short name does not hide it).
 */
const datesInOrder = (value: { startDate?: string | null; dueDate?: string | null }): boolean =>
  !dueBeforeStart(value.startDate, value.dueDate);

const projectFields = object(projectFieldSchemas);
/** The editable fields as the form holds them (every field present). */
export const projectFormSchema = v.pipe(
  projectFields,
  v.forward(
    v.check((value: v.InferOutput<typeof projectFields>) => datesInOrder(value), projectMessages.dueBeforeStart),
    ['dueDate'],
  ),
);
export type ProjectFormInput = v.InferInput<typeof projectFormSchema>;
export type ProjectFormValues = v.InferOutput<typeof projectFormSchema>;

const createProjectFields = object({
  type: v.picklist(projectTypes, projectMessages.typeUnknown),
  name: projectFieldSchemas.name,
  clientId: projectFieldSchemas.clientId,
  managerIds: v.optional(projectFieldSchemas.managerIds, () => []),
  status: v.optional(projectFieldSchemas.status, 'planning'),
  priority: v.optional(projectFieldSchemas.priority, 'medium'),
  startDate: v.optional(projectFieldSchemas.startDate, null),
  dueDate: v.optional(projectFieldSchemas.dueDate, null),
  budget: v.optional(projectFieldSchemas.budget, null),
  description: v.optional(projectFieldSchemas.description, ''),
  tags: v.optional(projectFieldSchemas.tags, () => []),
});
export const createProjectRequest = v.pipe(
  createProjectFields,
  v.forward(
    v.check((value: v.InferOutput<typeof createProjectFields>) => datesInOrder(value), projectMessages.dueBeforeStart),
    ['dueDate'],
  ),
);
export type CreateProjectRequest = v.InferInput<typeof createProjectRequest>;
export type CreateProjectInput = v.InferOutput<typeof createProjectRequest>;

const versionSchema = v.pipe(
  v.number(projectMessages.versionRequired),
  v.integer(projectMessages.versionRequired),
  v.minValue(1, projectMessages.versionRequired),
);

/** A partial edit; the type never changes after creation (it decides the board's stages). */
const updateProjectFields = object({
  version: versionSchema,
  name: v.optional(projectFieldSchemas.name),
  clientId: v.optional(projectFieldSchemas.clientId),
  managerIds: v.optional(projectFieldSchemas.managerIds),
  status: v.optional(projectFieldSchemas.status),
  priority: v.optional(projectFieldSchemas.priority),
  startDate: v.optional(projectFieldSchemas.startDate),
  dueDate: v.optional(projectFieldSchemas.dueDate),
  budget: v.optional(projectFieldSchemas.budget),
  description: v.optional(projectFieldSchemas.description),
  tags: v.optional(projectFieldSchemas.tags),
});
export const updateProjectRequest = v.pipe(
  updateProjectFields,
  v.forward(
    v.check((value: v.InferOutput<typeof updateProjectFields>) => datesInOrder(value), projectMessages.dueBeforeStart),
    ['dueDate'],
  ),
);
export type UpdateProjectRequest = v.InferInput<typeof updateProjectRequest>;
export type UpdateProjectInput = v.InferOutput<typeof updateProjectRequest>;

export const versionRequest = object({ version: versionSchema });
export type VersionRequest = v.InferOutput<typeof versionRequest>;

export const deleteProjectQuery = object({ confirm: v.string(projectMessages.confirmMismatch) });

export const listSorts = ['updated', 'name', 'due', 'created'] as const;
export type ListSort = (typeof listSorts)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];
export const defaultOrderFor: Readonly<Record<ListSort, SortOrder>> = {
  updated: 'desc',
  name: 'asc',
  due: 'asc',
  created: 'desc',
};

/** `status` as the list reads it: unique trimmed parts of a comma-separated value. */
const statusParts = (value: string): string[] => [...new Set(value.split(',').map((part) => part.trim()))];

/** A whole number from a query-string value, within bounds. */
const queryInteger = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number) =>
  v.pipe(coercedNumber(), v.integer(), v.minValue(min), v.maxValue(max));

/** Query-string values arrive as strings; `status` is a comma-separated list or `all`. */
export const listProjectsQuery = object({
  q: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.maxLength(projectLimits.searchMax))),
    v.transform((value) => (value ? value.toLowerCase() : undefined)),
  ),
  // The '' default makes valibot run the pipe for a missing status too: absent means the default list.
  status: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) =>
          !value ||
          value === 'all' ||
          statusParts(value).every((part) => (projectStatuses as readonly string[]).includes(part)),
        projectMessages.statusUnknown,
      ),
      v.transform((value): ProjectStatus[] => {
        if (!value) return [...defaultListStatuses];
        if (value === 'all') return [...projectStatuses];
        return statusParts(value) as ProjectStatus[];
      }),
    ),
    '',
  ),
  type: v.optional(v.picklist(projectTypes, projectMessages.typeUnknown)),
  clientId: v.optional(v.pipe(v.string(), v.minLength(1))),
  sort: v.optional(v.picklist(listSorts), 'updated'),
  order: v.optional(v.picklist(sortOrders)),
  limit: v.optional(queryInteger(1, projectLimits.pageSizeMax), defaultPageSize),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(4000))),
});
/** The list's query as a caller builds it (every value is sent as a query-string value). */
export interface ListProjectsParams {
  readonly q?: string;
  /** Comma-separated statuses, or `all`; every status but archived when absent. */
  readonly status?: string;
  readonly type?: ProjectType;
  readonly clientId?: string;
  readonly sort?: ListSort;
  readonly order?: SortOrder;
  readonly limit?: number;
  readonly cursor?: string;
}
export type ListProjectsInput = v.InferOutput<typeof listProjectsQuery>;

export const peopleRoles = ['client', 'admin'] as const;
export const peopleQuery = object({
  role: v.picklist(peopleRoles),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
  limit: v.optional(queryInteger(1, 50), 20),
});
export type PeopleQuery = v.InferInput<typeof peopleQuery>;

const taskFieldSchemas = {
  title: v.pipe(
    v.string(projectMessages.taskTitleLength),
    v.trim(),
    v.minLength(1, projectMessages.taskTitleLength),
    v.maxLength(projectLimits.taskTitleMax, projectMessages.taskTitleLength),
  ),
  description: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(projectLimits.descriptionMax, projectMessages.descriptionTooLong),
  ),
  assigneeId: v.nullable(v.pipe(v.string(), v.minLength(1))),
  dueDate: v.nullable(isoDate),
  priority: v.picklist(priorities, projectMessages.priorityUnknown),
};

export const taskFormSchema = object(taskFieldSchemas);
export type TaskFormInput = v.InferInput<typeof taskFormSchema>;

export const createTaskRequest = object({
  title: taskFieldSchemas.title,
  description: v.optional(taskFieldSchemas.description, ''),
  /** The project's first stage when absent; the task goes to the end of its column. */
  stage: v.optional(v.pipe(v.string(), v.minLength(1))),
  assigneeId: v.optional(taskFieldSchemas.assigneeId, null),
  dueDate: v.optional(taskFieldSchemas.dueDate, null),
  priority: v.optional(taskFieldSchemas.priority, 'medium'),
});
export type CreateTaskRequest = v.InferInput<typeof createTaskRequest>;
export type CreateTaskInput = v.InferOutput<typeof createTaskRequest>;

export const updateTaskRequest = object({
  version: versionSchema,
  title: v.optional(taskFieldSchemas.title),
  description: v.optional(taskFieldSchemas.description),
  assigneeId: v.optional(taskFieldSchemas.assigneeId),
  dueDate: v.optional(taskFieldSchemas.dueDate),
  priority: v.optional(taskFieldSchemas.priority),
});
export type UpdateTaskRequest = v.InferInput<typeof updateTaskRequest>;
export type UpdateTaskInput = v.InferOutput<typeof updateTaskRequest>;

/** Drag and drop: the target stage and the index the task takes among the stage's other tasks. */
export const moveTaskRequest = object({
  version: versionSchema,
  stage: v.pipe(v.string(projectMessages.stageUnknown), v.minLength(1, projectMessages.stageUnknown)),
  index: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type MoveTaskRequest = v.InferOutput<typeof moveTaskRequest>;

export const createCommentRequest = object({
  body: v.pipe(
    v.string(projectMessages.commentLength),
    v.trim(),
    v.minLength(1, projectMessages.commentLength),
    v.maxLength(projectLimits.commentMax, projectMessages.commentLength),
  ),
});
export type CreateCommentRequest = v.InferOutput<typeof createCommentRequest>;

export const pageQuery = object({
  limit: v.optional(queryInteger(1, 100), 30),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});

/* ---------- Response shapes ---------- */

export interface PersonRef {
  readonly id: string;
  readonly fullName: string;
}

export interface Project {
  readonly id: string;
  readonly type: ProjectType;
  readonly name: string;
  readonly clientId: string;
  readonly clientName: string;
  readonly managers: readonly PersonRef[];
  readonly status: ProjectStatus;
  /** The status an archived project returns to when restored. */
  readonly statusBeforeArchive: EditableStatus | null;
  readonly priority: Priority;
  readonly startDate: string | null;
  readonly dueDate: string | null;
  readonly budget: Budget | null;
  readonly description: string;
  readonly tags: readonly string[];
  readonly stages: readonly Stage[];
  readonly taskCount: number;
  readonly doneTaskCount: number;
  readonly progress: number;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly archivedAt: string | null;
}

export type StatusCounts = Record<ProjectStatus, number>;

export interface ProjectList {
  readonly projects: readonly Project[];
  /** Opaque; absent on the last page. A page can hold fewer items than asked when searching. */
  readonly nextCursor: string | null;
  /** Projects per status in the caller's scope (workspace, or the filtered/own client). */
  readonly counts: StatusCounts;
  /** Matches for the status filter; null when a search or type filter makes it unknown. */
  readonly total: number | null;
}

export interface Task {
  readonly id: string;
  readonly projectId: string;
  readonly title: string;
  readonly description: string;
  readonly stage: string;
  /** Sort key within the stage (fractional index); compare as plain strings. */
  readonly rank: string;
  readonly assignee: PersonRef | null;
  readonly dueDate: string | null;
  readonly priority: Priority;
  readonly commentCount: number;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface Board {
  readonly project: Project;
  /** Every task of the project, ordered by stage then rank. */
  readonly tasks: readonly Task[];
}

export interface TaskComment {
  readonly id: string;
  readonly taskId: string;
  readonly author: PersonRef & { readonly role: string };
  readonly body: string;
  readonly createdAt: string;
}

export interface CommentPage {
  readonly comments: readonly TaskComment[];
  readonly nextCursor: string | null;
}

export const activityKinds = [
  'project.created',
  'project.updated',
  'project.archived',
  'project.restored',
  'task.created',
  'task.updated',
  'task.moved',
  'task.deleted',
  'comment.created',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export interface Activity {
  readonly id: string;
  readonly kind: ActivityKind;
  readonly at: string;
  readonly actor: PersonRef;
  readonly taskId?: string;
  readonly taskTitle?: string;
  /** For updates: the fields that changed. */
  readonly fields?: readonly string[];
  readonly fromStage?: string;
  readonly toStage?: string;
}

export interface ActivityPage {
  readonly activity: readonly Activity[];
  readonly nextCursor: string | null;
}

export interface PeopleList {
  readonly people: readonly PersonRef[];
}

/** 409 body: the field errors plus the current state, so the caller can reload without a GET. */
export interface ConflictBody<T> {
  readonly errors: Record<string, string[]>;
  readonly current: T;
}
