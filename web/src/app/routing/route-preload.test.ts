import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathPattern, readRouteTable } from '../../../preload-manifest';
import { routeTable } from './route-table';

/**
 * The build reads the route table's source for index.html's preload hints (preload-manifest.ts):
 * it must find every page the table declares, with its translation parts and who may see it.
 */
describe('the route table as the build reads it for the preload hints', () => {
  const declared = readRouteTable(join(import.meta.dirname, 'route-table.ts'));

  it('finds every page with a module of its own, with its parts and layout', () => {
    const pages = routeTable.filter((entry) => entry.page && !entry.externalLink);
    expect(declared.map((route) => route.path)).toEqual(pages.map((entry) => entry.path));
    for (const entry of pages) {
      const route = declared.find((candidate) => candidate.path === entry.path);
      expect(route?.parts).toEqual(entry.parts ?? []);
      expect(route?.blank).toBe(entry.handle.layout === 'blank');
      expect(route?.signedOut).toBe(Boolean(entry.handle.public || entry.handle.unauthenticatedOnly));
    }
  });

  it('names the module each page imports', () => {
    const projects = declared.find((route) => route.path === '/apps/projects');
    expect(projects?.module).toMatch(/features[\\/]projects[\\/]projects-page\.tsx$/);
    const signIn = declared.find((route) => route.path === '/login');
    expect(signIn?.module).toMatch(/features[\\/]auth[\\/]components[\\/]sign-in-page\.tsx$/);
  });

  it('matches paths as the router does: parameters, a trailing slash; never a splat', () => {
    const project = new RegExp(pathPattern('/apps/projects/:id') ?? '$^', 'i');
    expect(project.test('/apps/projects/p-1')).toBe(true);
    expect(project.test('/apps/projects/p-1/')).toBe(true);
    expect(project.test('/apps/projects')).toBe(false);
    expect(project.test('/apps/projects/p-1/board')).toBe(false);
    expect(pathPattern('/pages/misc/not-found/*')).toBeNull();
  });
});
