import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePermissionRequest,
  ListPermissionsParams,
  ListPermissionsResponse,
  Permission,
  PermissionRule,
  RoleSlug,
} from '@orbit/functions/permissions/contract';
import { apiRequest } from '../../../shared/api/api-client';

/** The permissions API (functions/src/permissions): list with the query of docs/product.md#calls, and admin CRUD. */

const basePath = '/api/apps/permissions';

export const permissionsQueryString = (params: ListPermissionsParams): string => {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.sortBy) query.set('sortBy', params.sortBy);
  if (params.orderBy) query.set('orderBy', params.orderBy);
  if (params.page !== undefined) query.set('page', String(params.page));
  if (params.itemsPerPage !== undefined) query.set('itemsPerPage', String(params.itemsPerPage));
  const text = query.toString();
  return text ? `?${text}` : '';
};

export const fetchPermissions = (
  params: ListPermissionsParams,
  signal?: AbortSignal,
): Promise<ListPermissionsResponse> =>
  apiRequest<ListPermissionsResponse>(`${basePath}${permissionsQueryString(params)}`, { signal });

const permissionsKey = ['permissions'] as const;

export const permissionsQueryOptions = (params: ListPermissionsParams) =>
  queryOptions({
    queryKey: [...permissionsKey, 'list', params],
    queryFn: ({ signal }) => fetchPermissions(params, signal),
    // Paging and searching keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });

export const usePermissions = (params: ListPermissionsParams) => useQuery(permissionsQueryOptions(params));

export const createPermission = (body: CreatePermissionRequest): Promise<{ permission: Permission }> =>
  apiRequest<{ permission: Permission }>(basePath, { method: 'POST', body });

export interface PermissionUpdate {
  readonly id: string;
  readonly name: string;
  readonly assignedTo: RoleSlug[];
  readonly rules: PermissionRule[];
  /** The version the dialog was opened with: a stale one is a 409 with the current permission. */
  readonly version: number;
}

export const updatePermission = ({ id, ...body }: PermissionUpdate): Promise<{ permission: Permission }> =>
  apiRequest<{ permission: Permission }>(`${basePath}/${encodeURIComponent(id)}`, { method: 'PATCH', body });

export const deletePermission = ({ id, version }: Pick<Permission, 'id' | 'version'>): Promise<void> =>
  apiRequest<void>(`${basePath}/${encodeURIComponent(id)}?version=${version}`, { method: 'DELETE' });

/** Every change refreshes every cached page of the list. */
const useInvalidatingMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: permissionsKey }),
  });
};

export const useCreatePermission = () => useInvalidatingMutation(createPermission);
export const useUpdatePermission = () => useInvalidatingMutation(updatePermission);
export const useDeletePermission = () => useInvalidatingMutation(deletePermission);
