import { authorize, can } from '../core/authorize';
import type { PlanRecord } from '../core/billing/records';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import { ulid } from '../core/ids';
import type { CreatePlan, PlanView, UpdatePlan } from './contract';
import { getPlan, listPlanRecords, putPlan } from './plan-repository';

/**
 * The catalogue (docs/plans.md, "Catalogue"): everyone signed in reads it; those who may update
 * plans (admins, staff granted it) see every plan and edit them, the others see the offered ones.
 */

export const toPlanView = (plan: PlanRecord): PlanView => ({ ...plan });

/** May the caller see hidden and archived plans? (Those who may edit them.) */
const seesWholeCatalogue = (caller: Caller) => can(caller.ability, 'update', 'Plan');

export const isOffered = (plan: PlanRecord) => plan.visible && !plan.archived;

export const listPlans = async (caller: Caller): Promise<PlanView[]> => {
  authorize(caller.ability, 'read', 'Plan');
  const plans = await listPlanRecords();
  return (seesWholeCatalogue(caller) ? plans : plans.filter(isOffered)).map(toPlanView);
};

export const createPlan = async (caller: Caller, body: () => CreatePlan, now = new Date()): Promise<PlanView> => {
  authorize(caller.ability, 'create', 'Plan');
  const input = body();
  const at = now.toISOString();
  const plan: PlanRecord = { id: ulid(now.getTime()), ...input, createdAt: at, updatedAt: at, version: 1 };
  await putPlan(plan);
  return toPlanView(plan);
};

/** An edit of the fields sent, from the version read: stale is 409 with the plan as it is. */
export const updatePlan = async (
  caller: Caller,
  planId: string,
  body: () => UpdatePlan,
  now = new Date(),
): Promise<PlanView> => {
  authorize(caller.ability, 'update', 'Plan');
  const input = body();
  const current = await getPlan(planId);
  if (!current) throw new NotFoundError('Plan not found');
  const stale = () => new ConflictError({ version: ['The plan was changed meanwhile'] }, { plan: toPlanView(current) });
  if (input.version !== current.version) throw stale();
  const { version, ...changes } = input;
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const plan: PlanRecord = { ...current, ...defined, updatedAt: now.toISOString(), version: version + 1 };
  try {
    await putPlan(plan, version);
  } catch (error) {
    if (error instanceof ConditionFailed) throw stale();
    throw error;
  }
  return toPlanView(plan);
};
