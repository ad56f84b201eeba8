/**
 * A cap on requests in flight, with a short queue in front of it. Past the cap, more
 * concurrent work only makes every request slower (one event loop, one store), so a request
 * waits for a slot for a bounded time and is refused quickly, with Retry-After, when the
 * queue is full or its wait runs out: the server keeps its throughput instead of collapsing.
 */

export interface AdmissionLimits {
  /** Requests handled at once. */
  readonly maxInFlight: number;
  /** Requests waiting for a slot; one more is refused at once. */
  readonly maxQueued: number;
  /** How long a request may wait for a slot before it is refused. */
  readonly maxWaitMs: number;
}

/** Gives the slot back; call exactly once. */
export type Release = () => void;

export interface Admission {
  /** A slot (to release when done), or 'overloaded'. `abandoned` fires if the caller goes away. */
  admit(abandoned?: AbortSignal): Promise<Release | 'overloaded'>;
  readonly inFlight: number;
  readonly queued: number;
}

interface Waiter {
  readonly grant: (release: Release | 'overloaded') => void;
  readonly timer: NodeJS.Timeout;
}

export const createAdmission = (limits: AdmissionLimits): Admission => {
  let inFlight = 0;
  const queue: Waiter[] = [];

  const slot = (): Release => {
    inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      const next = queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant(slot());
      }
    };
  };

  const leave = (waiter: Waiter) => {
    const index = queue.indexOf(waiter);
    if (index < 0) return false;
    queue.splice(index, 1);
    clearTimeout(waiter.timer);
    return true;
  };

  return {
    admit(abandoned) {
      if (inFlight < limits.maxInFlight && queue.length === 0) return Promise.resolve(slot());
      if (queue.length >= limits.maxQueued) return Promise.resolve('overloaded');
      return new Promise((resolve) => {
        const waiter: Waiter = {
          grant: resolve,
          timer: setTimeout(() => {
            if (leave(waiter)) resolve('overloaded');
          }, limits.maxWaitMs),
        };
        queue.push(waiter);
        abandoned?.addEventListener('abort', () => {
          if (leave(waiter)) resolve('overloaded');
        });
      });
    },
    get inFlight() {
      return inFlight;
    },
    get queued() {
      return queue.length;
    },
  };
};
