import { describe, expect, it } from 'vitest';
import { apiKeyAreas, columnState, orderedScopes, toggleColumn, toggleScope } from './scope-grid';

describe('the API key scope grid', () => {
  it('ticks and unticks one scope', () => {
    const once = toggleScope(new Set(), 'chat:write');
    expect([...once]).toEqual(['chat:write']);
    expect([...toggleScope(once, 'chat:write')]).toEqual([]);
  });

  it('reads a column as none, some or all, and its header fills or clears it', () => {
    expect(columnState(new Set(), 'read')).toBe('none');
    const some = new Set(['projects:read', 'chat:write'] as const);
    expect(columnState(some, 'read')).toBe('some');
    const filled = toggleColumn(some, 'read');
    expect(columnState(filled, 'read')).toBe('all');
    // The other column is left as it was.
    expect(filled.has('chat:write')).toBe(true);
    expect(columnState(filled, 'write')).toBe('some');
    const cleared = toggleColumn(filled, 'read');
    expect(columnState(cleared, 'read')).toBe('none');
    expect([...cleared]).toEqual(['chat:write']);
  });

  it('sends the scopes in the contract order, whatever order they were ticked in', () => {
    const chosen = new Set(['team:write', 'projects:read', 'chat:read'] as const);
    expect(orderedScopes(chosen)).toEqual(['projects:read', 'chat:read', 'team:write']);
    expect(orderedScopes(toggleColumn(new Set(), 'write'))).toHaveLength(apiKeyAreas.length);
  });
});
