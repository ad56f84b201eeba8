import { lazy } from 'react';

/**
 * The menus' items as lazy components. A menu renders them as its children inside its deferred
 * Menu's Suspense boundary, so on the first opening the Menu and its items appear together (the
 * Menu's first-item focus and its placement see the items). Calling `loadMenuItems` when the
 * menu's button is pressed fetches them alongside the Menu, not after it.
 */
export const loadMenuItems = () => import('./menu-items');

export const NewProjectMenuItems = lazy(() =>
  loadMenuItems().then((module) => ({ default: module.NewProjectMenuItems })),
);
export const ProjectMenuItems = lazy(() => loadMenuItems().then((module) => ({ default: module.ProjectMenuItems })));
