import * as v from 'valibot';

import {
  editableStatuses,
  priorities,
  projectStatuses,
  projectTypes,
  type Project,
  type ProjectList,
} from './contract';

/**
 * The projects API's answers as valibot schemas, for the public API's description
 * (docs/integrations.md, "Public API"): the OpenAPI document is generated from them. The
 * interfaces in contract.ts stay what the code is written against; the checks at the end fail
 * to compile when a schema and its interface drift apart, in either direction.
 */

const personRefSchema = v.object({ id: v.string(), fullName: v.string() });

const stageSchema = v.object({ key: v.string(), name: v.string(), done: v.boolean() });

export const projectSchema = v.object({
  id: v.string(),
  type: v.picklist(projectTypes),
  name: v.string(),
  clientId: v.string(),
  clientName: v.string(),
  managers: v.array(personRefSchema),
  status: v.picklist(projectStatuses),
  statusBeforeArchive: v.nullable(v.picklist(editableStatuses)),
  priority: v.picklist(priorities),
  startDate: v.nullable(v.pipe(v.string(), v.isoDate())),
  dueDate: v.nullable(v.pipe(v.string(), v.isoDate())),
  budget: v.nullable(v.object({ amount: v.number(), currency: v.string() })),
  description: v.string(),
  tags: v.array(v.string()),
  stages: v.array(stageSchema),
  taskCount: v.number(),
  doneTaskCount: v.number(),
  progress: v.number(),
  version: v.number(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  updatedAt: v.pipe(v.string(), v.isoTimestamp()),
  archivedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
});

/** GET /api/apps/projects. */
export const projectListResponse = v.object({
  projects: v.array(projectSchema),
  nextCursor: v.nullable(v.string()),
  counts: v.object(
    Object.fromEntries(projectStatuses.map((status) => [status, v.number()])) as Record<
      (typeof projectStatuses)[number],
      v.NumberSchema<undefined>
    >,
  ),
  total: v.nullable(v.number()),
});

/** Every route that answers one project: read, create, edit, archive, restore. */
export const projectResponse = v.object({ project: projectSchema });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Mutable<T> = T extends readonly (infer Item)[]
  ? Mutable<Item>[]
  : T extends object
    ? { -readonly [K in keyof T]: Mutable<T[K]> }
    : T;
const projectMatches: Same<v.InferOutput<typeof projectSchema>, Mutable<Project>> = true;
const listMatches: Same<v.InferOutput<typeof projectListResponse>, Mutable<ProjectList>> = true;
void projectMatches;
void listMatches;
