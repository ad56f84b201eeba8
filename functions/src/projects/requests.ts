import * as v from 'valibot';

import { coercedNumber, isRecordId, object, recordId, trimInvisible } from '../core/schema';
import {
  defaultListStatuses,
  defaultPageSize,
  dueBeforeStart,
  editableStatuses,
  listSorts,
  peopleRoles,
  priorities,
  projectLimits,
  projectMessages,
  projectStatuses,
  projectTypes,
  sortOrders,
  type Budget,
  type ProjectStatus,
} from './contract';

/**
 * The projects API's request schemas (valibot, like every contract: its functions tree-shake),
 * with the messages of contract.ts. The API parses with them and the web app's forms validate
 * with them, so both sides give the same answers.
 */

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
// The schema's output is the contract's Budget: a compile error here means they drifted apart.
const budgetMatches: v.InferOutput<typeof budgetSchema> extends Budget ? true : false = true;
void budgetMatches;

const tagSchema = v.pipe(
  v.string(),
  trimInvisible(),
  v.toLowerCase(),
  v.minLength(1, projectMessages.tagLength),
  v.maxLength(projectLimits.tagMax, projectMessages.tagLength),
);

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

const projectFieldSchemas = {
  name: v.pipe(
    v.string(projectMessages.nameLength),
    trimInvisible(),
    v.minLength(projectLimits.nameMin, projectMessages.nameLength),
    v.maxLength(projectLimits.nameMax, projectMessages.nameLength),
  ),
  clientId: v.pipe(
    v.string(projectMessages.clientRequired),
    trimInvisible(),
    v.minLength(1, projectMessages.clientRequired),
    v.check(isRecordId, projectMessages.clientUnknown),
  ),
  managerIds: v.pipe(
    v.array(recordId(projectMessages.managerUnknown)),
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
    trimInvisible(),
    v.maxLength(projectLimits.descriptionMax, projectMessages.descriptionTooLong),
  ),
  tags: v.pipe(
    v.array(tagSchema),
    v.maxLength(projectLimits.tagsMax, projectMessages.tagsMax),
    v.transform((tags) => [...new Set(tags)]),
  ),
};

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

/** `status` as the list reads it: unique trimmed parts of a comma-separated value. */
const statusParts = (value: string): string[] => [...new Set(value.split(',').map((part) => part.trim()))];

/** A whole number from a query-string value, within bounds. */
const queryInteger = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number) =>
  v.pipe(coercedNumber(), v.integer(), v.minValue(min), v.maxValue(max));

/** Query-string values arrive as strings; `status` is a comma-separated list or `all`. */
export const listProjectsQuery = object({
  q: v.pipe(
    v.optional(v.pipe(v.string(), trimInvisible(), v.maxLength(projectLimits.searchMax))),
    // Tags show as "#launch": a leading # marks a tag, and the stored tag has none.
    v.transform((value) => (value ? value.replace(/(^|\s)#+(?=\S)/gu, '$1').toLowerCase() || undefined : undefined)),
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
  clientId: v.optional(recordId(projectMessages.clientUnknown)),
  sort: v.optional(v.picklist(listSorts), 'updated'),
  order: v.optional(v.picklist(sortOrders)),
  limit: v.optional(queryInteger(1, projectLimits.pageSizeMax), defaultPageSize),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(4000))),
});
export type ListProjectsInput = v.InferOutput<typeof listProjectsQuery>;

export const peopleQuery = object({
  role: v.picklist(peopleRoles),
  q: v.optional(v.pipe(v.string(), trimInvisible(), v.maxLength(60))),
  limit: v.optional(queryInteger(1, 50), 20),
});
export type PeopleQuery = v.InferInput<typeof peopleQuery>;

const taskFieldSchemas = {
  title: v.pipe(
    v.string(projectMessages.taskTitleLength),
    trimInvisible(),
    v.minLength(1, projectMessages.taskTitleLength),
    v.maxLength(projectLimits.taskTitleMax, projectMessages.taskTitleLength),
  ),
  description: v.pipe(
    v.string(),
    trimInvisible(),
    v.maxLength(projectLimits.descriptionMax, projectMessages.descriptionTooLong),
  ),
  assigneeId: v.nullable(recordId(projectMessages.assigneeUnknown)),
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
    trimInvisible(),
    v.minLength(1, projectMessages.commentLength),
    v.maxLength(projectLimits.commentMax, projectMessages.commentLength),
  ),
});
export type CreateCommentRequest = v.InferOutput<typeof createCommentRequest>;

export const pageQuery = object({
  limit: v.optional(queryInteger(1, 100), 30),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});
