/**
 * The top loading bar's timing, exactly as docs/product.md#behaviour and #constants give it: shown while a
 * page load is pending, it starts at 10 (its buffer at 20); every 800 ms it advances by a random 5 to 15, and
 * it holds at 82 while loading lasts; on completion it jumps to 100, then hides and resets after 300 ms.
 * Framework-free so the timing can be tested with fake timers.
 */
export const loadingBarTiming = {
  start: 10,
  buffer: 20,
  stepMs: 800,
  minStep: 5,
  maxStep: 15,
  cap: 82,
  done: 100,
  finishDelayMs: 300,
} as const;

export interface LoadingBarState {
  readonly visible: boolean;
  /** 0–100. */
  readonly value: number;
  /** The lighter bar ahead of the value, 0–100. */
  readonly buffer: number;
}

export const idleLoadingBar: LoadingBarState = {
  visible: false,
  value: loadingBarTiming.start,
  buffer: loadingBarTiming.buffer,
};

export interface LoadingBar {
  /** A page load began (again): restart from 10. */
  start(): void;
  /** The load finished: 100, then hidden and reset 300 ms later. */
  finish(): void;
  readonly state: LoadingBarState;
  dispose(): void;
}

export const createLoadingBar = (
  onChange: (state: LoadingBarState) => void,
  random: () => number = Math.random,
): LoadingBar => {
  const { start, buffer, stepMs, minStep, maxStep, cap, done, finishDelayMs } = loadingBarTiming;
  let state = idleLoadingBar;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let hider: ReturnType<typeof setTimeout> | undefined;

  const set = (next: LoadingBarState) => {
    state = next;
    onChange(next);
  };
  const stopTimers = () => {
    clearInterval(ticker);
    clearTimeout(hider);
    ticker = undefined;
    hider = undefined;
  };

  return {
    start() {
      stopTimers();
      set({ visible: true, value: start, buffer });
      ticker = setInterval(() => {
        const step = minStep + random() * (maxStep - minStep);
        set({
          visible: true,
          value: Math.min(cap, state.value + step),
          // The buffer runs a little ahead of the value, as in the original.
          buffer: Math.min(done, state.buffer + step + 1),
        });
      }, stepMs);
    },
    finish() {
      if (!state.visible || hider !== undefined) return;
      stopTimers();
      set({ visible: true, value: done, buffer: done });
      hider = setTimeout(() => {
        hider = undefined;
        set(idleLoadingBar);
      }, finishDelayMs);
    },
    get state() {
      return state;
    },
    dispose() {
      stopTimers();
    },
  };
};
