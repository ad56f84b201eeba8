import type { JobRegistry } from '../core/jobs/definition';
import { deliveryJobs } from './delivery-jobs';
import './job-payloads';
import { contactEventJobs } from './contact-events-job';
import { sequenceStepJob } from './sequence-step-job';

/**
 * The mailings' background work (docs/mailings.md), added to the worker's registry
 * (worker/registry.ts). Each part adds its definitions here with one spread line.
 */
export const mailingJobs = {
  ...deliveryJobs,
  ...contactEventJobs,
  'sequence.step': sequenceStepJob,
} satisfies JobRegistry;
