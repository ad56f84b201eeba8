import { QueryCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '../core/db';
import { tableName } from '../core/table';
import { listPartitionKey, type ProjectListScope } from './entities';
import { getProjectsAndCounts } from './project-repository';

/**
 * What other areas may read of the projects (the user view's side card): how many projects a
 * scope has and how many tasks of its open projects are not done. Bounded: one Query of the
 * scope's open-projects list (at most `maxCountedProjects` ids) and one BatchGet of those
 * projects with the scope's counts item; never a Scan.
 */
export const maxCountedProjects = 100;

export interface ProjectFigures {
  /** Projects of the scope that are not archived. */
  readonly projects: number;
  /** Tasks not in a done stage, in the scope's open projects (planning, active, on hold). */
  readonly openTasks: number;
  /** False when the scope had more open projects than were read: openTasks is then a floor. */
  readonly openTasksComplete: boolean;
}

export type FiguresScope = ProjectListScope;

export const projectFiguresFor = async (scope: FiguresScope): Promise<ProjectFigures> => {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': listPartitionKey(scope, 'open', 'updated') },
      ProjectionExpression: 'projectId',
      Limit: maxCountedProjects,
    }),
  );
  const ids = (page.Items ?? []).map((item) => String(item.projectId));
  const { projects, counts } = await getProjectsAndCounts(ids, scope);
  const openTasks = projects.reduce(
    (total, project) => total + Math.max(0, project.taskCount - project.doneTaskCount),
    0,
  );
  const notArchived = Object.entries(counts).reduce(
    (total, [status, count]) => (status === 'archived' ? total : total + count),
    0,
  );
  return { projects: notArchived, openTasks, openTasksComplete: page.LastEvaluatedKey === undefined };
};

/** Statuses that hold a project against its client's plan limit (docs/plans.md, "Limits"). */
export const activeProjectStatuses = ['planning', 'active', 'on_hold'] as const;

/** A client's projects not completed or archived: one consistent read of their counts item. */
export const activeProjectCountOf = async (clientId: string): Promise<number> => {
  const { counts } = await getProjectsAndCounts([], { kind: 'client', clientId });
  return activeProjectStatuses.reduce((total, status) => total + counts[status], 0);
};
