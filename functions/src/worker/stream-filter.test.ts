import { describe, expect, it } from 'vitest';

import { jobStreamFilter, matchesFilter } from './stream-filter';

const record = (eventName: string, image?: Record<string, { S: string }>) => ({
  eventName,
  dynamodb: { ...(image ? { NewImage: image } : {}) },
});

describe('the worker stream filter (the event source mapping and the local poller)', () => {
  it('lets through new or changed jobs that are queued, and nothing else', () => {
    const queued = { type: { S: 'Job' }, status: { S: 'queued' } };
    expect(matchesFilter(jobStreamFilter, record('INSERT', queued))).toBe(true);
    expect(matchesFilter(jobStreamFilter, record('MODIFY', queued))).toBe(true);
    expect(matchesFilter(jobStreamFilter, record('REMOVE', queued))).toBe(false);
    expect(matchesFilter(jobStreamFilter, record('MODIFY', { ...queued, status: { S: 'running' } }))).toBe(false);
    expect(matchesFilter(jobStreamFilter, record('INSERT', { ...queued, type: { S: 'ChatMessage' } }))).toBe(false);
    expect(matchesFilter(jobStreamFilter, record('INSERT'))).toBe(false);
  });
});
