import { describe, expect, it } from 'vitest';
import type { Sequence } from '@orbit/functions/mailings/sequence-contract';
import {
  canAddStep,
  emptyStep,
  errorKeyOf,
  formOf,
  requestOf,
  sendDays,
  serverErrorsOf,
  validate,
} from './sequence-helpers';

const step = (delayDays: number, subject = 'Hi', html = '<p>Hello {{firstName}}</p>') => ({
  delayDays,
  subject,
  html,
  stats: { sent: 0, delivered: 0, failed: 0, optedOut: 0, replies: 0 },
});

const sequence: Sequence = {
  id: '01J0000000000000000000000S',
  name: 'Welcome',
  channel: 'email',
  trigger: { type: 'tag', tag: 'vip' },
  steps: [step(0), step(3, 'Later')],
  active: true,
  enrolments: { total: 4, active: 2 },
  version: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const filled = () => ({
  ...formOf(undefined),
  name: 'Welcome',
  steps: [{ ...emptyStep(1), subject: 'Hello', html: '<p>Welcome, {{firstName | "there"}}</p>' }],
});

describe('the sequence form', () => {
  it('starts a new sequence on a status with one empty step, disabled', () => {
    const form = formOf(undefined);
    expect(form).toMatchObject({
      name: '',
      channel: 'email',
      triggerType: 'status',
      status: 'interest_shown',
      active: false,
    });
    expect(form.steps).toHaveLength(1);
    expect(form.steps[0]).toMatchObject({ delayDays: '0', subject: '', html: '' });
  });

  it('reads a saved sequence back into the request it came from', () => {
    const form = formOf(sequence);
    expect(form).toMatchObject({ triggerType: 'tag', tag: 'vip', active: true });
    expect(requestOf(form)).toEqual({
      name: 'Welcome',
      channel: 'email',
      trigger: { type: 'tag', tag: 'vip' },
      steps: [
        { delayDays: 0, subject: 'Hi', html: '<p>Hello {{firstName}}</p>' },
        { delayDays: 3, subject: 'Later', html: '<p>Hello {{firstName}}</p>' },
      ],
      active: true,
    });
  });

  it('gives each step its own key, so removing one keeps the others', () => {
    const keys = formOf(sequence).steps.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('sends a Telegram step without a subject and a tag in lower case', () => {
    const form = { ...filled(), channel: 'telegram' as const, triggerType: 'tag' as const, tag: ' VIP ' };
    const request = requestOf(form);
    expect(request.trigger).toEqual({ type: 'tag', tag: 'vip' });
    expect(request.steps[0]?.subject).toBe('');
    expect(validate(form)).toEqual({});
  });

  it('accepts a complete form', () => {
    expect(validate(filled())).toEqual({});
  });

  it('names each field that is wrong, by its path', () => {
    const form = {
      ...filled(),
      name: '  ',
      triggerType: 'tag' as const,
      tag: 'not a tag!',
      steps: [{ ...emptyStep(), delayDays: '1.5', subject: '', html: '<p></p>' }],
    };
    expect(validate(form)).toEqual({
      name: 'name',
      trigger: 'tag',
      'steps.0.delayDays': 'delayDays',
      'steps.0.subject': 'subject',
      'steps.0.html': 'html',
    });
  });

  it('refuses a delay beyond a year and an empty list of steps', () => {
    expect(validate({ ...filled(), steps: [{ ...filled().steps[0]!, delayDays: '366' }] })).toEqual({
      'steps.0.delayDays': 'delayDays',
    });
    expect(validate({ ...filled(), steps: [] })).toEqual({ steps: 'steps' });
  });

  it('maps the server’s error paths to the same keys', () => {
    expect(errorKeyOf('trigger.status', 'status')).toBe('status');
    expect(errorKeyOf('steps', 'status')).toBe('steps');
    expect(errorKeyOf('version', 'status')).toBeUndefined();
    expect(
      serverErrorsOf({ name: ['Enter a name'], 'steps.1.html': ['Write the message'], version: ['x'] }, 'status'),
    ).toEqual({ name: 'name', 'steps.1.html': 'html' });
  });

  it('allows at most ten steps', () => {
    const form = filled();
    expect(canAddStep(form)).toBe(true);
    expect(canAddStep({ ...form, steps: Array.from({ length: 10 }, () => emptyStep()) })).toBe(false);
  });

  it('counts each step’s day from the day the person enters', () => {
    expect(sendDays([{ delayDays: 0 }, { delayDays: 3 }, { delayDays: 4 }])).toEqual([0, 3, 7]);
  });
});
