import type { JobRegistry } from '../core/jobs/definition';
import { deliverJob } from './delivery-job';
import './job-payloads';

/**
 * The email area's background work (docs/email.md, "Delivery"), added to the worker's registry
 * (worker/registry.ts). `email.send-outside` is defined by the outside part (functions/src/email/outside).
 */
export const emailJobs = {
  'email.deliver': deliverJob,
} satisfies JobRegistry;
