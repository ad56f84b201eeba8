import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import { describe, expect, it } from 'vitest';
import { capabilityOf, capabilityTable, reportedActions } from './capabilities';

describe('what the access-control page reports', () => {
  it('gives an admin every action on every area', () => {
    const rows = capabilityTable(buildAbility(abilityRulesFor({ id: 'a', role: 'admin' })));
    for (const row of rows) for (const action of reportedActions) expect(row[action], `${row.subject}`).toBe('allowed');
  });

  it("gives a client its own data only, and nothing of the admin's areas", () => {
    const ability = buildAbility(abilityRulesFor({ id: 'c1', role: 'client' }));
    expect(capabilityOf(ability, 'read', 'AclDemo')).toBe('allowed');
    expect(capabilityOf(ability, 'read', 'Project')).toBe('own');
    expect(capabilityOf(ability, 'update', 'Project')).toBe('denied');
    expect(capabilityOf(ability, 'create', 'Comment')).toBe('own');
    expect(capabilityOf(ability, 'read', 'Plan')).toBe('allowed');
    // Clients send chat messages: the page says so because the server's own rule says so.
    expect(capabilityOf(ability, 'create', 'Chat')).toBe('allowed');
    expect(capabilityOf(ability, 'read', 'Permission')).toBe('denied');
    expect(capabilityOf(ability, 'delete', 'Channel')).toBe('denied');
  });

  it('reports nothing for a user without rules', () => {
    const rows = capabilityTable(buildAbility([]));
    expect(rows.every((row) => reportedActions.every((action) => row[action] === 'denied'))).toBe(true);
  });
});
