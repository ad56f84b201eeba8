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
 * The permissions page's API (docs/product.md#calls for the list). Thin: each route is one
 * service call with the caller and the request's input, passed as a function because the
 * service authorises (the caller's Permission rules) before it reads it.
 */
export const handler = defineAreaHandler('permissions', permissionsHttpRoutes, {
  'GET /api/apps/permissions': async ({ event, caller }) =>
    json(200, await listPermissions(caller, () => parseQuery(event, listPermissionsQuery))),
  'POST /api/apps/permissions': async ({ event, caller }) =>
    json(201, { permission: await createPermission(caller, () => parseBody(event, createPermissionRequest)) }),
  'PATCH /api/apps/permissions/{id}': async ({ event, caller }) =>
    json(200, {
      permission: await updatePermission(caller, () => {
        const { name, assignedTo, rules, version } = parseBody(event, updatePermissionRequest);
        return { id: pathParam(event, 'id'), changes: { name, assignedTo, rules, version } };
      }),
    }),
  'DELETE /api/apps/permissions/{id}': async ({ event, caller }) => {
    await removePermission(caller, () => ({
      ...parseQuery(event, deletePermissionQuery),
      id: pathParam(event, 'id'),
    }));
    return noContent();
  },
});
