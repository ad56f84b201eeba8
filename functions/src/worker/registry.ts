import { authJobs } from '../auth/jobs';
import { chatJobs } from '../chat/jobs';
import type { JobRegistry } from '../core/jobs/definition';
import { channelJobs } from '../channels/jobs';
import { usersJobs } from '../users/jobs';
import { notificationJobs } from '../notifications/jobs';
import { rulesChangedJobs } from '../core/auth/rules-changed-runner';
import { teamJobs } from '../team/jobs';
import { emailJobs } from '../email/jobs';
import { emailOutsideJobs } from '../email/outside/jobs';
import { mailingJobs } from '../mailings/jobs';
import { integrationJobs } from '../integrations/jobs';
import { planJobs } from '../plans/jobs';
import { referralJobs } from '../referrals/jobs';

/**
 * Every job kind the worker runs, by area. Each area keeps its definitions in its own
 * `jobs.ts` and adds one spread line here (e.g. `...channelJobs`); a kind that is missing here
 * ends dead with a clear error, visible to admins.
 */
export const jobRegistry: JobRegistry = {
  ...channelJobs,
  ...authJobs,
  ...chatJobs,
  ...usersJobs,
  ...notificationJobs,
  ...rulesChangedJobs,
  ...teamJobs,
  ...emailJobs,
  ...emailOutsideJobs,
  ...mailingJobs,
  ...integrationJobs,
  ...planJobs,
  ...referralJobs,
};
