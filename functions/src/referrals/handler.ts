import { defineAreaHandler } from '../core/handler';
import { referralsHttpRoutes } from '../routes';

/** The referrals' API (docs/plans.md, "Referrals"): codes, stages, the reward rule, credit. */
export const handler = defineAreaHandler('referrals', referralsHttpRoutes, {});
