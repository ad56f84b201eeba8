import type { JobRegistry } from '../../core/jobs/definition';
import { markOutsideFailed, sendOutside } from './send';

/** The email area's outside jobs (docs/email.md, "Delivery"); one spread line in worker/registry.ts. */
export const emailOutsideJobs: JobRegistry = {
  'email.send-outside': {
    delivery: 'at-most-once',
    run: (payload, { now, signal }) => sendOutside(payload, { now, signal }),
    onGiveUp: (payload, job) =>
      markOutsideFailed(
        payload,
        job.status === 'unknown'
          ? 'The send may or may not have gone out: check before sending again'
          : (job.lastError ?? 'The send failed'),
      ),
  },
};
