import { describe, expect, it } from 'vitest';
import { webhookEventTypes } from '@orbit/functions/integrations/webhook-contract';
import { curlExample, eventGroups } from './format';

describe('the webhook form’s event groups', () => {
  it('groups every event once, by what it is about, in the catalogue’s order', () => {
    const groups = eventGroups();
    expect(groups.map((group) => group.group)).toEqual(['message', 'contact', 'project', 'task', 'email', 'mailing']);
    expect(groups.find((group) => group.group === 'contact')?.events).toEqual([
      'contact.created',
      'contact.status_changed',
    ]);
    expect(groups.flatMap((group) => group.events).sort()).toEqual([...webhookEventTypes].sort());
  });
});

describe('the API key hint', () => {
  it('calls an app route with the key as a Bearer token', () => {
    expect(curlExample('https://orbit.example', '$KEY')).toBe(
      'curl -H "Authorization: Bearer $KEY" https://orbit.example/api/apps/projects',
    );
  });
});
