import type { AreaRouteKey } from '../routes';
import {
  createPermissionRequest,
  deletePermissionQuery,
  listPermissionsQuery,
  updatePermissionRequest,
} from '../permissions/contract';
import type { RouteDoc } from './route-doc';

/** The permissions area's routes in the public API's description (schemas from its contract). */
export const permissionsRouteDocs = {
  'GET /api/apps/permissions': {
    summary:
      'List permissions with their rules (docs/product.md#calls: q, sortBy=name, orderBy, page, itemsPerPage; read Permission)',
    query: listPermissionsQuery,
    status: 200,
  },
  'POST /api/apps/permissions': {
    summary:
      'Create a permission with a unique name and its rules; rewrites the role rules (create Permission; no escalation)',
    body: createPermissionRequest,
    status: 201,
  },
  'PATCH /api/apps/permissions/{id}': {
    summary:
      'Rename, reassign and/or change the rules from the version read; stale is 409 (update Permission; no escalation)',
    body: updatePermissionRequest,
    status: 200,
  },
  'DELETE /api/apps/permissions/{id}': {
    summary: 'Delete a permission, optionally at ?version=; rewrites the role rules (delete Permission; no escalation)',
    query: deletePermissionQuery,
    status: 204,
  },
} as const satisfies Record<AreaRouteKey<'permissions'>, RouteDoc>;
