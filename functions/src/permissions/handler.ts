import { authorize } from '../core/authorize';
import { defineAreaHandler } from '../core/handler';
import { permissionsHttpRoutes } from '../routes';
import { json, noContent, parseBody, parseQuery, pathParam } from '../core/http';
import {
  createPermissionRequest,
  deletePermissionQuery,
  listPermissionsQuery,
  updatePermissionRequest,
} from './contract';
import { createPermission, listPermissions, removePermission, updatePermission } from './service';

/**
 * The permissions page's API (docs/product.md#calls for the list). Permissions describe the workspace's
 * roles, so only admins see or change them: everyone else gets 403 (they exist for everyone,
 * so there is nothing to hide with a 404).
 */
export const handler = defineAreaHandler('permissions', permissionsHttpRoutes, {
  'GET /api/apps/permissions': async ({ event, caller: { ability } }) => {
    authorize(ability, 'read', 'Permission');
    return json(200, await listPermissions(parseQuery(event, listPermissionsQuery)));
  },
  'POST /api/apps/permissions': async ({ event, caller: { ability } }) => {
    authorize(ability, 'create', 'Permission');
    return json(201, { permission: await createPermission(parseBody(event, createPermissionRequest)) });
  },
  'PATCH /api/apps/permissions/{id}': async ({ event, caller: { ability } }) => {
    authorize(ability, 'update', 'Permission');
    const { name, assignedTo, version } = parseBody(event, updatePermissionRequest);
    return json(200, { permission: await updatePermission(pathParam(event, 'id'), { name, assignedTo, version }) });
  },
  'DELETE /api/apps/permissions/{id}': async ({ event, caller: { ability } }) => {
    authorize(ability, 'delete', 'Permission');
    const { version } = parseQuery(event, deletePermissionQuery);
    await removePermission(pathParam(event, 'id'), version);
    return noContent();
  },
});
