import {
  apiKeyAreas,
  apiScopeAccess,
  apiScopes,
  type ApiKeyArea,
  type ApiScope,
  type ApiScopeAccess,
} from '@orbit/functions/integrations/api-key-contract';

/**
 * The API key form's scopes as a grid: one row per area, a read and a write column
 * (core/api-scopes.ts). Writing without reading is allowed (a feed that only posts), so the
 * columns are independent; a column's header ticks or clears the whole column.
 */

export const scopeOf = (area: ApiKeyArea, access: ApiScopeAccess): ApiScope => `${area}:${access}`;

/** The chosen scopes in the contract's order, so a request (and a test) reads the same each time. */
export const orderedScopes = (chosen: ReadonlySet<ApiScope>): ApiScope[] =>
  apiScopes.filter((scope) => chosen.has(scope));

export const toggleScope = (chosen: ReadonlySet<ApiScope>, scope: ApiScope): Set<ApiScope> => {
  const next = new Set(chosen);
  if (next.has(scope)) next.delete(scope);
  else next.add(scope);
  return next;
};

export type ColumnState = 'all' | 'some' | 'none';

export const columnState = (chosen: ReadonlySet<ApiScope>, access: ApiScopeAccess): ColumnState => {
  const count = apiKeyAreas.filter((area) => chosen.has(scopeOf(area, access))).length;
  return count === 0 ? 'none' : count === apiKeyAreas.length ? 'all' : 'some';
};

/** A full column is cleared; any other is filled. */
export const toggleColumn = (chosen: ReadonlySet<ApiScope>, access: ApiScopeAccess): Set<ApiScope> => {
  const fill = columnState(chosen, access) !== 'all';
  const next = new Set(chosen);
  for (const area of apiKeyAreas) {
    if (fill) next.add(scopeOf(area, access));
    else next.delete(scopeOf(area, access));
  }
  return next;
};

export { apiKeyAreas, apiScopeAccess };
