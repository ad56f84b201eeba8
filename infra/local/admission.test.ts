import { afterEach, beforeEach, expect, it, vi } from 'vitest';

import { createAdmission } from './admission';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('runs up to the cap at once, queues a few, refuses the rest at once', async () => {
  const admission = createAdmission({ maxInFlight: 2, maxQueued: 1, maxWaitMs: 1_000 });
  const first = await admission.admit();
  const second = await admission.admit();
  expect([first, second]).not.toContain('overloaded');
  const queued = admission.admit();
  expect(await admission.admit()).toBe('overloaded');
  expect(admission.queued).toBe(1);

  if (typeof first === 'function') first();
  const third = await queued;
  expect(typeof third).toBe('function');
  expect(admission.inFlight).toBe(2);
  if (typeof third === 'function') third();
  if (typeof second === 'function') second();
  expect(admission.inFlight).toBe(0);
});

it('refuses a request that waited too long, and one whose caller went away', async () => {
  const admission = createAdmission({ maxInFlight: 1, maxQueued: 5, maxWaitMs: 1_000 });
  const held = await admission.admit();
  const waiting = admission.admit();
  vi.advanceTimersByTime(1_000);
  expect(await waiting).toBe('overloaded');

  const caller = new AbortController();
  const abandoned = admission.admit(caller.signal);
  caller.abort();
  expect(await abandoned).toBe('overloaded');
  expect(admission.queued).toBe(0);

  // The slot goes to no one who left; releasing twice frees it once.
  if (typeof held === 'function') {
    held();
    held();
  }
  expect(admission.inFlight).toBe(0);
});
