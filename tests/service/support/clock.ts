import { vi } from 'vitest';

/**
 * The process clock, under the test's hand. Services read the time where they decide (`new
 * Date()`, `Date.now()`; the job runner through its settings), so in process the clock is
 * injected by faking `Date` alone: timers, sockets and the SDK's own waits keep real time, and
 * nothing here waits for wall-clock time to pass. A throttle's window, a TOTP step, a back-off,
 * a schedule or an expiry is reached by moving the clock past it.
 */
export interface TestClock {
  now(): Date;
  /** Moves the clock forward (a negative amount is refused: time does not run back). */
  advance(ms: number): Date;
  set(at: Date | string): Date;
}

/**
 * Freezes the clock at `start` (by default the real time now, so the seeded workspace, made at
 * the run's start, reads as recent) until the test moves it.
 */
export const useTestClock = (start: Date | string = new Date()): TestClock => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(start) });
  return {
    now: () => new Date(),
    advance(ms) {
      if (ms < 0) throw new Error('the test clock only moves forward');
      vi.setSystemTime(Date.now() + ms);
      return new Date();
    },
    set(at) {
      vi.setSystemTime(new Date(at));
      return new Date();
    },
  };
};

export const seconds = 1_000;
export const minutes = 60 * seconds;
export const hours = 60 * minutes;
export const days = 24 * hours;
