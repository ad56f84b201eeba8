import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CreatePlan, PlanView } from '@orbit/functions/plans/contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, signInDemoUsers, startApiStack } from '../support/api-stack';

/**
 * The plans' catalogue (docs/plans.md, "Catalogue"): admins (and staff granted update Plan)
 * create and edit plans from the version read; everyone signed in reads it, clients only the
 * visible plans that are not archived. Bad input is a 400 naming the field, with nothing stored.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let manager: ApiClient;

beforeAll(async () => {
  stack = await startApiStack();
  ({ admin, clientA } = await signInDemoUsers(stack.url));
  manager = new ApiClient(stack.url);
  await manager.signIn(demo.manager.phone, demo.manager.password);
});

afterAll(async () => {
  await stack.stop();
});

type Answer = { plan: PlanView; errors?: Record<string, string[]> };

const planBody = (overrides: Partial<CreatePlan> = {}): CreatePlan => ({
  name: { en: 'Boutique', fr: 'Boutique', ar: 'بوتيك' },
  description: { en: 'A small shop', fr: 'Une petite boutique', ar: 'متجر صغير' },
  currency: 'EUR',
  monthlyPrice: 4900,
  yearlyPrice: 49_000,
  taxRateBps: 2000,
  features: [{ en: 'A shop', fr: 'Une boutique', ar: 'متجر' }],
  limits: { activeProjects: 2, storageBytes: 1_000_000 },
  visible: true,
  archived: false,
  position: 10,
  ...overrides,
});

const create = (body: unknown, as = admin) => as.request<Answer>('POST', '/api/apps/plans', { body });
const list = async (as: ApiClient) => {
  const response = await as.request<{ plans: PlanView[] }>('GET', '/api/apps/plans');
  expect(response.status).toBe(200);
  return response.body.plans;
};

describe('the catalogue', () => {
  it('lists the seeded plans by position, in three languages', async () => {
    const plans = await list(clientA);
    expect(plans.slice(0, 3).map((plan) => [plan.name.en, plan.monthlyPrice, plan.limits.activeProjects])).toEqual([
      ['Starter', 2900, 3],
      ['Growth', 7900, 10],
      ['Scale', 19_900, null],
    ]);
    expect(plans[0]?.features[0]).toEqual({ en: '3 active projects', fr: '3 projets actifs', ar: '3 مشاريع نشطة' });
  });

  it('creates a plan as sent, and everyone reads it', async () => {
    const created = await create(planBody({ name: { en: ' Boutique ', fr: 'Boutique', ar: 'بوتيك' } }));
    expect(created.status).toBe(201);
    expect(created.body.plan).toMatchObject({ ...planBody(), version: 1 });
    expect((await list(clientA)).find((plan) => plan.id === created.body.plan.id)).toEqual(created.body.plan);
  });

  it('refuses bad input with 400 on each field, storing nothing', async () => {
    const before = (await list(admin)).length;
    const bad = await create({
      ...planBody(),
      name: { en: ' ', fr: '', ar: '' },
      currency: 'XYZ',
      monthlyPrice: 12.5,
      yearlyPrice: -1,
      taxRateBps: 10_001,
      limits: { activeProjects: 0, storageBytes: null },
      visible: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(
      ['currency', 'limits.activeProjects', 'monthlyPrice', 'name.en', 'taxRateBps', 'visible', 'yearlyPrice'].sort(),
    );
    expect(bad.body.errors?.['name.en']).toEqual(['Enter the name in English']);
    expect((await create({ name: { en: 'Only a name' } })).status).toBe(400);
    expect(await list(admin)).toHaveLength(before);
  });

  it('edits from the version read; a stale edit is 409 and changes nothing', async () => {
    const { plan } = (await create(planBody())).body;
    const edited = await admin.request<Answer>('PATCH', `/api/apps/plans/${plan.id}`, {
      body: { monthlyPrice: 5900, features: [], version: 1 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.plan).toMatchObject({ monthlyPrice: 5900, features: [], yearlyPrice: 49_000, version: 2 });
    const stale = await admin.request<Answer>('PATCH', `/api/apps/plans/${plan.id}`, {
      body: { monthlyPrice: 1, version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.version).toHaveLength(1);
    const bad = await admin.request<Answer>('PATCH', `/api/apps/plans/${plan.id}`, {
      body: { taxRateBps: -1, version: 2 },
    });
    expect(bad.status).toBe(400);
    expect((await list(admin)).find((candidate) => candidate.id === plan.id)).toEqual(edited.body.plan);
    expect((await admin.request('PATCH', '/api/apps/plans/no-such-plan', { body: { version: 1 } })).status).toBe(404);
  });

  it('shows clients only the visible plans that are not archived; admins see every one', async () => {
    const hidden = (await create(planBody({ visible: false }))).body.plan;
    const archived = (await create(planBody({ archived: true }))).body.plan;
    const clientIds = (await list(clientA)).map((plan) => plan.id);
    expect(clientIds).not.toContain(hidden.id);
    expect(clientIds).not.toContain(archived.id);
    const adminIds = (await list(admin)).map((plan) => plan.id);
    expect(adminIds).toEqual(expect.arrayContaining([hidden.id, archived.id]));
  });

  it('lets a manager with Financial Management edit plans but not create them; clients neither', async () => {
    const { plan } = (await create(planBody())).body;
    expect((await create(planBody(), manager)).status).toBe(403);
    expect((await create(planBody(), clientA)).status).toBe(403);
    const byClient = await clientA.request('PATCH', `/api/apps/plans/${plan.id}`, { body: { version: 1 } });
    expect(byClient.status).toBe(403);
    const byManager = await manager.request<Answer>('PATCH', `/api/apps/plans/${plan.id}`, {
      body: { visible: false, version: 1 },
    });
    expect(byManager.status).toBe(200);
    expect(byManager.body.plan.visible).toBe(false);
  });
});
