import { defineAreaHandler } from '../core/handler';
import { json, parseBody, parseQuery, pathParam } from '../core/http';
import { referralsHttpRoutes } from '../routes';
import { adminListQuery, saveRewardRuleSchema } from './contract';
import { listEveryCredit, listEveryReferral, readReferralAccount, readRewardRule, saveRewardRule } from './service';

/** The referrals' API (docs/plans.md, "Referrals"): codes, stages, the reward rule, credit. */
export const handler = defineAreaHandler('referrals', referralsHttpRoutes, {
  'GET /api/apps/referrals/users/{userId}': async ({ event, caller }) =>
    json(200, { account: await readReferralAccount(caller, pathParam(event, 'userId')) }),
  'GET /api/apps/referrals': async ({ event, caller }) =>
    json(200, await listEveryReferral(caller, parseQuery(event, adminListQuery))),
  'GET /api/apps/referrals/credits': async ({ event, caller }) =>
    json(200, await listEveryCredit(caller, parseQuery(event, adminListQuery))),
  'GET /api/apps/referrals/reward-rule': async () => json(200, { rewardRule: await readRewardRule() }),
  'PUT /api/apps/referrals/reward-rule': async ({ event, caller }) =>
    json(200, { rewardRule: await saveRewardRule(caller, () => parseBody(event, saveRewardRuleSchema)) }),
});
