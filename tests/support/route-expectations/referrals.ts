import { everyone, expectation, type MatrixContext, type RouteExpectation, type SignedInRouteKey } from '../matrix';

/**
 * Who may call the referrals' routes (docs/plans.md, "Referrals"): a client reads their own
 * referrals (`referrerId = me`; another's is 404, as for any record of another client); admins,
 * and the manager through the seeded "Financial Management" permission (read Referral), read
 * everyone's; staff without it are told nothing (404) of a person's referrals and refused (403)
 * the lists. Everyone signed in reads the reward rule; only an admin (update Referral) sets it.
 */
const everyReferral = (status: number) => ({
  clientA: 403,
  clientB: 403,
  admin: status,
  manager: status,
  support: 403,
  users: 403,
  restrictedUser: 403,
});

/** The rule's current version, so the admin's save is not stale. */
const ruleVersion = async ({ as }: MatrixContext): Promise<number> => {
  const response = await as('admin').request('GET', '/api/apps/referrals/reward-rule');
  if (response.status !== 200) throw new Error(`fixture: reading the reward rule answered ${response.status}`);
  return (response.body as { rewardRule: { version: number } }).rewardRule.version;
};

export const referralsRouteExpectations = {
  'GET /api/apps/referrals/users/{userId}': expectation({
    request: (_fixture, { users }) => ({ params: { userId: users.clientA.id } }),
    expect: { clientA: 200, clientB: 404, admin: 200, manager: 200, support: 404, users: 404, restrictedUser: 404 },
  }),
  'GET /api/apps/referrals': expectation({ expect: everyReferral(200) }),
  'GET /api/apps/referrals/credits': expectation({ expect: everyReferral(200) }),
  'GET /api/apps/referrals/reward-rule': expectation({ expect: everyone(200) }),
  'PUT /api/apps/referrals/reward-rule': expectation({
    setup: ruleVersion,
    request: (version) => ({ body: { rule: { kind: 'fixed', amount: 2000, currency: 'EUR' }, version } }),
    expect: { clientA: 403, clientB: 403, admin: 200, manager: 403, support: 403, users: 403, restrictedUser: 403 },
    serial: true,
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
