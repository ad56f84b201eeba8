import * as z from 'zod/mini';

/**
 * The projects contract: request schemas, response shapes and the rules both sides share. The
 * web app imports this file (forms validate with the same schemas the API does), so it must
 * stay free of Node and AWS imports. zod/mini, like every contract (see auth/contract.ts): its
 * functional checks tree-shake.
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

export const isoDate = z.iso.date({ error: projectMessages.dateInvalid });

export const budgetSchema = z.object({
  amount: z
    .number({ error: projectMessages.budgetInvalid })
    .check(
      z.refine(Number.isFinite, projectMessages.budgetInvalid),
      z.minimum(0, projectMessages.budgetNegative),
      z.maximum(projectLimits.budgetMax, projectMessages.budgetTooLarge),
    ),
  currency: z
    .string({ error: projectMessages.currencyUnknown })
    .check(
      z.regex(/^[A-Z]{3}$/, projectMessages.currencyUnknown),
      z.refine(isKnownCurrency, projectMessages.currencyUnknown),
    ),
});
export type Budget = z.infer<typeof budgetSchema>;

const tagSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, projectMessages.tagLength),
    z.maxLength(projectLimits.tagMax, projectMessages.tagLength),
  );

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

const projectFieldSchemas = {
  name: z
    .string({ error: projectMessages.nameLength })
    .check(
      z.trim(),
      z.minLength(projectLimits.nameMin, projectMessages.nameLength),
      z.maxLength(projectLimits.nameMax, projectMessages.nameLength),
    ),
  clientId: z
    .string({ error: projectMessages.clientRequired })
    .check(z.trim(), z.minLength(1, projectMessages.clientRequired)),
  managerIds: z
    .array(z.string().check(z.minLength(1)))
    .check(
      z.maxLength(projectLimits.managersMax, projectMessages.managersMax),
      z.refine(unique, projectMessages.managersDuplicate),
    ),
  status: z.enum(editableStatuses, {
    error: (issue) => (issue.input === 'archived' ? projectMessages.statusArchived : projectMessages.statusUnknown),
  }),
  priority: z.enum(priorities, { error: projectMessages.priorityUnknown }),
  startDate: z.nullable(isoDate),
  dueDate: z.nullable(isoDate),
  budget: z.nullable(budgetSchema),
  description: z
    .string()
    .check(z.trim(), z.maxLength(projectLimits.descriptionMax, projectMessages.descriptionTooLong)),
  tags: z.pipe(
    z.array(tagSchema).check(z.maxLength(projectLimits.tagsMax, projectMessages.tagsMax)),
    z.transform((tags: string[]) => [...new Set(tags)]),
  ),
};

/** Dates compare as strings: both are YYYY-MM-DD. */
export const dueBeforeStart = (startDate: string | null | undefined, dueDate: string | null | undefined): boolean =>
  Boolean(startDate && dueDate && dueDate < startDate);

const checkDates = z.superRefine(
  (value: { startDate?: string | null; dueDate?: string | null }, ctx: z.core.$RefinementCtx) => {
    if (dueBeforeStart(value.startDate, value.dueDate)) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: projectMessages.dueBeforeStart });
    }
  },
);

/** The editable fields as the form holds them (every field present). */
export const projectFormSchema = z.object(projectFieldSchemas).check(checkDates);
export type ProjectFormInput = z.input<typeof projectFormSchema>;
export type ProjectFormValues = z.output<typeof projectFormSchema>;

export const createProjectRequest = z
  .object({
    type: z.enum(projectTypes, { error: projectMessages.typeUnknown }),
    name: projectFieldSchemas.name,
    clientId: projectFieldSchemas.clientId,
    managerIds: z._default(projectFieldSchemas.managerIds, []),
    status: z._default(projectFieldSchemas.status, 'planning'),
    priority: z._default(projectFieldSchemas.priority, 'medium'),
    startDate: z._default(projectFieldSchemas.startDate, null),
    dueDate: z._default(projectFieldSchemas.dueDate, null),
    budget: z._default(projectFieldSchemas.budget, null),
    description: z._default(projectFieldSchemas.description, ''),
    tags: z._default(projectFieldSchemas.tags, []),
  })
  .check(checkDates);
export type CreateProjectRequest = z.input<typeof createProjectRequest>;
export type CreateProjectInput = z.output<typeof createProjectRequest>;

const versionSchema = z
  .number({ error: projectMessages.versionRequired })
  .check(z.int(projectMessages.versionRequired), z.minimum(1, projectMessages.versionRequired));

/** A partial edit; the type never changes after creation (it decides the board's stages). */
export const updateProjectRequest = z
  .object({
    version: versionSchema,
    name: z.optional(projectFieldSchemas.name),
    clientId: z.optional(projectFieldSchemas.clientId),
    managerIds: z.optional(projectFieldSchemas.managerIds),
    status: z.optional(projectFieldSchemas.status),
    priority: z.optional(projectFieldSchemas.priority),
    startDate: z.optional(projectFieldSchemas.startDate),
    dueDate: z.optional(projectFieldSchemas.dueDate),
    budget: z.optional(projectFieldSchemas.budget),
    description: z.optional(projectFieldSchemas.description),
    tags: z.optional(projectFieldSchemas.tags),
  })
  .check(checkDates);
export type UpdateProjectRequest = z.input<typeof updateProjectRequest>;
export type UpdateProjectInput = z.output<typeof updateProjectRequest>;

export const versionRequest = z.object({ version: versionSchema });
export type VersionRequest = z.infer<typeof versionRequest>;

export const deleteProjectQuery = z.object({ confirm: z.string({ error: projectMessages.confirmMismatch }) });

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

/** Query-string values arrive as strings; `status` is a comma-separated list or `all`. */
export const listProjectsQuery = z.object({
  q: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(projectLimits.searchMax))),
    z.transform((value: string | undefined) => (value ? value.toLowerCase() : undefined)),
  ),
  status: z.pipe(
    z.optional(
      z
        .string()
        .check(
          z.refine(
            (value) =>
              !value ||
              value === 'all' ||
              statusParts(value).every((part) => (projectStatuses as readonly string[]).includes(part)),
            projectMessages.statusUnknown,
          ),
        ),
    ),
    z.transform((value: string | undefined): ProjectStatus[] => {
      if (!value) return [...defaultListStatuses];
      if (value === 'all') return [...projectStatuses];
      return statusParts(value) as ProjectStatus[];
    }),
  ),
  type: z.optional(z.enum(projectTypes, { error: projectMessages.typeUnknown })),
  clientId: z.optional(z.string().check(z.minLength(1))),
  sort: z._default(z.enum(listSorts), 'updated'),
  order: z.optional(z.enum(sortOrders)),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(projectLimits.pageSizeMax)),
    defaultPageSize,
  ),
  cursor: z.optional(z.string().check(z.maxLength(4000))),
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
export type ListProjectsInput = z.output<typeof listProjectsQuery>;

export const peopleRoles = ['client', 'admin'] as const;
export const peopleQuery = z.object({
  role: z.enum(peopleRoles),
  q: z.optional(z.string().check(z.trim(), z.maxLength(60))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)), 20),
});
export type PeopleQuery = z.input<typeof peopleQuery>;

const taskFieldSchemas = {
  title: z
    .string({ error: projectMessages.taskTitleLength })
    .check(
      z.trim(),
      z.minLength(1, projectMessages.taskTitleLength),
      z.maxLength(projectLimits.taskTitleMax, projectMessages.taskTitleLength),
    ),
  description: z
    .string()
    .check(z.trim(), z.maxLength(projectLimits.descriptionMax, projectMessages.descriptionTooLong)),
  assigneeId: z.nullable(z.string().check(z.minLength(1))),
  dueDate: z.nullable(isoDate),
  priority: z.enum(priorities, { error: projectMessages.priorityUnknown }),
};

export const taskFormSchema = z.object(taskFieldSchemas);
export type TaskFormInput = z.input<typeof taskFormSchema>;

export const createTaskRequest = z.object({
  title: taskFieldSchemas.title,
  description: z._default(taskFieldSchemas.description, ''),
  /** The project's first stage when absent; the task goes to the end of its column. */
  stage: z.optional(z.string().check(z.minLength(1))),
  assigneeId: z._default(taskFieldSchemas.assigneeId, null),
  dueDate: z._default(taskFieldSchemas.dueDate, null),
  priority: z._default(taskFieldSchemas.priority, 'medium'),
});
export type CreateTaskRequest = z.input<typeof createTaskRequest>;
export type CreateTaskInput = z.output<typeof createTaskRequest>;

export const updateTaskRequest = z.object({
  version: versionSchema,
  title: z.optional(taskFieldSchemas.title),
  description: z.optional(taskFieldSchemas.description),
  assigneeId: z.optional(taskFieldSchemas.assigneeId),
  dueDate: z.optional(taskFieldSchemas.dueDate),
  priority: z.optional(taskFieldSchemas.priority),
});
export type UpdateTaskRequest = z.input<typeof updateTaskRequest>;
export type UpdateTaskInput = z.output<typeof updateTaskRequest>;

/** Drag and drop: the target stage and the index the task takes among the stage's other tasks. */
export const moveTaskRequest = z.object({
  version: versionSchema,
  stage: z.string({ error: projectMessages.stageUnknown }).check(z.minLength(1, projectMessages.stageUnknown)),
  index: z.number().check(z.int(), z.minimum(0)),
});
export type MoveTaskRequest = z.infer<typeof moveTaskRequest>;

export const createCommentRequest = z.object({
  body: z
    .string({ error: projectMessages.commentLength })
    .check(
      z.trim(),
      z.minLength(1, projectMessages.commentLength),
      z.maxLength(projectLimits.commentMax, projectMessages.commentLength),
    ),
});
export type CreateCommentRequest = z.infer<typeof createCommentRequest>;

export const pageQuery = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 30),
  cursor: z.optional(z.string().check(z.maxLength(2000))),
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
