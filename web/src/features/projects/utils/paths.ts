import type { Project, ProjectType } from '@orbit/functions/projects/contract';

/** The projects area's own URLs (docs/product.md#routes for the list and the editor; the project page is ours). */

export const projectsListPath = '/apps/projects';
export const projectPath = (id: string) => `/apps/projects/${encodeURIComponent(id)}`;
export const createProjectPath = (type: ProjectType) => `/apps/project-create/${type}`;
export const editProjectPath = (project: Pick<Project, 'id' | 'type'>) =>
  `/apps/project-create/${project.type}/${encodeURIComponent(project.id)}`;
