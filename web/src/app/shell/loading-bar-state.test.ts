import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, idleLoadingBar, loadingBarTiming, type LoadingBarState } from './loading-bar-state';

describe('loading bar timing (docs/product.md#behaviour, #constants)', () => {
  let states: LoadingBarState[];
  const last = () => states.at(-1);

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has the numbers of docs/product.md#constants', () => {
    expect(loadingBarTiming).toMatchObject({
      start: 10,
      buffer: 20,
      stepMs: 800,
      minStep: 5,
      maxStep: 15,
      cap: 82,
      finishDelayMs: 300,
    });
  });

  it('starts at 10 with the buffer at 20, shown', () => {
    const bar = createLoadingBar((state) => states.push(state));
    bar.start();
    expect(last()).toEqual({ visible: true, value: 10, buffer: 20 });
  });

  it('advances every 800 ms by a random 5 to 15', () => {
    const randoms = [0, 1, 0.5];
    const bar = createLoadingBar(
      (state) => states.push(state),
      () => randoms.shift() ?? 0,
    );
    bar.start();
    vi.advanceTimersByTime(799);
    expect(last()?.value).toBe(10);
    vi.advanceTimersByTime(1);
    expect(last()?.value).toBe(15); // + 5 (random 0)
    vi.advanceTimersByTime(800);
    expect(last()?.value).toBe(30); // + 15 (random 1)
    vi.advanceTimersByTime(800);
    expect(last()?.value).toBe(40); // + 10
    expect(last()?.buffer).toBeGreaterThan(last()?.value ?? 0);
  });

  it('never goes past 82 while loading lasts', () => {
    const bar = createLoadingBar(
      (state) => states.push(state),
      () => 1,
    );
    bar.start();
    vi.advanceTimersByTime(60_000);
    expect(last()?.value).toBe(82);
    expect(Math.max(...states.map((state) => state.value))).toBe(82);
    for (const state of states) expect(state.value).toBeGreaterThanOrEqual(10);
  });

  it('jumps to 100 on completion, then hides and resets after 300 ms', () => {
    const bar = createLoadingBar(
      (state) => states.push(state),
      () => 0.5,
    );
    bar.start();
    vi.advanceTimersByTime(1600);
    bar.finish();
    expect(last()).toEqual({ visible: true, value: 100, buffer: 100 });
    vi.advanceTimersByTime(299);
    expect(last()?.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(last()).toEqual(idleLoadingBar);
    expect(idleLoadingBar).toEqual({ visible: false, value: 10, buffer: 20 });
    // No more ticks after it finished.
    const count = states.length;
    vi.advanceTimersByTime(5000);
    expect(states).toHaveLength(count);
  });

  it('restarts from 10 when a new load starts while finishing', () => {
    const bar = createLoadingBar(
      (state) => states.push(state),
      () => 0.5,
    );
    bar.start();
    bar.finish();
    vi.advanceTimersByTime(100);
    bar.start();
    expect(last()).toEqual({ visible: true, value: 10, buffer: 20 });
    vi.advanceTimersByTime(500);
    expect(last()?.visible).toBe(true);
  });

  it('ignores a completion when nothing was loading', () => {
    const bar = createLoadingBar((state) => states.push(state));
    bar.finish();
    expect(states).toEqual([]);
  });
});
