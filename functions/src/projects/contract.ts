/**
 * The projects contract: the values, messages, rules and response shapes both sides share; the
 * request schemas are in requests.ts. The web app imports both, so they stay free of Node and
 * AWS imports. Two modules, so that the pages that only list and show projects (the landing
 * page) do not download the schemas and valibot, which only the forms and the API need.
 */

export const projectTypes = ['development', 'marketing', 'design', 'other'] as const;
export type ProjectType = (typeof projectTypes)[number];

export const projectStatuses = ['planning', 'active', 'on_hold', 'completed', 'archived'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
/** `archived` is reached only through archive/restore, never by editing the status field. */
export const editableStatuses = ['planning', 'active', 'on_hold', 'completed'] as const;
export type EditableStatus = (typeof editableStatuses)[number];
/**
 * What the list shows when no status filter is given: the open projects (the page's "All open"
 * tab), neither completed nor archived; each of those has its own tab.
 */
export const defaultListStatuses: readonly ProjectStatus[] = ['planning', 'active', 'on_hold'];

export const priorities = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof priorities)[number];

export interface Stage {
  /** Stable key stored on tasks; the web app translates it (project.stages.<key>). */
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
    stage('review', 'Review'),
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
 * (project.validation.<key>) whether it came from its own form or from the API.
 */
export const projectMessages = {
  nameLength: `Name must be ${projectLimits.nameMin}–${projectLimits.nameMax} characters`,
  typeUnknown: 'Choose a known project type',
  clientRequired: 'Choose a client',
  clientUnknown: 'This client does not exist',
  managersMax: `At most ${projectLimits.managersMax} managers`,
  managersDuplicate: 'A manager is listed twice',
  managerUnknown: 'Managers must be active staff members of this workspace',
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
  assigneeUnknown: 'The assignee must be an active staff member or the project’s client',
  taskLimit: `A project holds at most ${projectLimits.tasksPerProject} tasks`,
  commentLength: `Comments are 1–${projectLimits.commentMax} characters`,
  cursorInvalid: 'This page link has expired; start from the first page',
} as const;
export type ProjectMessageKey = keyof typeof projectMessages;

/** A project's budget: a non-negative amount in an ISO 4217 currency. */
export interface Budget {
  readonly amount: number;
  readonly currency: string;
}

/** Dates compare as strings: both are YYYY-MM-DD. */
export const dueBeforeStart = (startDate: string | null | undefined, dueDate: string | null | undefined): boolean =>
  Boolean(startDate && dueDate && dueDate < startDate);

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

/** Whom the people picker lists: clients, or staff (`admin` is the older name of the staff list). */
export const peopleRoles = ['client', 'staff', 'admin'] as const;
export type PeopleRole = (typeof peopleRoles)[number];
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

/* ---------- Live boards (WebSocket; docs/decisions.md "Live boards") ---------- */

/** Frames the browser sends: API Gateway routes them to the projects area by `action`. */
export type BoardClientFrame =
  /** The access token names the watcher (a frame on an action route carries no identity). */
  | { readonly action: 'subscribeBoard'; readonly projectId: string; readonly token: string }
  | { readonly action: 'unsubscribeBoard'; readonly projectId: string };

/** Someone looking at a board (one entry per person, however many tabs). */
export interface BoardViewer {
  readonly id: string;
  readonly fullName: string;
  readonly role: string;
}

/** What changed on a board: the records as the API returns them, so a page applies them as they come. */
export type BoardChange =
  | { readonly kind: 'project'; readonly project: Project }
  | { readonly kind: 'projectDeleted' }
  | { readonly kind: 'task'; readonly task: Task; readonly project: Project }
  | { readonly kind: 'taskDeleted'; readonly taskId: string; readonly project: Project }
  | { readonly kind: 'comment'; readonly taskId: string; readonly comment: TaskComment }
  | { readonly kind: 'commentDeleted'; readonly taskId: string; readonly commentId: string };

/** Frames the server pushes to a board's viewers. */
export type BoardServerFrame =
  | { readonly type: 'board.viewers'; readonly projectId: string; readonly viewers: readonly BoardViewer[] }
  | {
      readonly type: 'board.change';
      readonly projectId: string;
      /** Who made the change (the viewer's own tab already shows it). */
      readonly by: string;
      readonly change: BoardChange;
    }
  /** The subscription was refused: no such project, or not one the caller may see. */
  | { readonly type: 'board.refused'; readonly projectId: string };
