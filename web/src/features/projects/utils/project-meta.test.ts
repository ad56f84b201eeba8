import { describe, expect, it } from 'vitest';
import { projectMessages } from '@orbit/functions/projects/contract';
import { dueStateOf, formatDay, isolate, localToday } from './project-meta';
import { validationKeyOf } from './validation-key';

describe('dueStateOf', () => {
  const today = '2026-03-10';

  it('tells overdue, today, soon and later apart', () => {
    expect(dueStateOf('2026-03-09', false, today)).toBe('overdue');
    expect(dueStateOf('2026-03-10', false, today)).toBe('today');
    expect(dueStateOf('2026-03-17', false, today)).toBe('soon');
    expect(dueStateOf('2026-03-18', false, today)).toBe('later');
    expect(dueStateOf(null, false, today)).toBe('none');
  });

  it('never calls finished work overdue', () => {
    expect(dueStateOf('2026-01-01', true, today)).toBe('later');
  });
});

describe('dates', () => {
  it('shows a calendar day as that day in every time zone', () => {
    expect(formatDay('2026-03-01', 'en')).toMatch(/Mar 1, 2026/);
    expect(formatDay('2026-03-01', 'fr')).toMatch(/1 mars 2026/);
  });

  it('takes today in local time', () => {
    expect(localToday(new Date(2026, 2, 10, 23, 30))).toBe('2026-03-10');
  });
});

describe('validationKeyOf', () => {
  it('translates every contract message, and anything else generically', () => {
    expect(validationKeyOf(projectMessages.nameLength)).toBe('project.validation.nameLength');
    expect(validationKeyOf(projectMessages.dueBeforeStart)).toBe('project.validation.dueBeforeStart');
    expect(validationKeyOf('Invalid input')).toBe('project.validation.generic');
  });
});

describe('isolate', () => {
  it('wraps user text in first-strong isolates, so it keeps its own direction inside a sentence', () => {
    expect(isolate('!Lovely')).toBe('\u2068!Lovely\u2069');
  });
});
