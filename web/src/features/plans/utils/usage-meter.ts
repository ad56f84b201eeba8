import type { UsageMeter } from '@orbit/functions/plans/contract';

/**
 * How full a usage meter is (docs/plans.md, "Limits").
 */

export type MeterLevel = 'unlimited' | 'ok' | 'near' | 'full';

/** From 80 % of a limit a meter warns; at the limit the server refuses more (docs/plans.md, "Limits"). */
export const nearShare = 0.8;

export const meterLevel = ({ used, limit }: UsageMeter): MeterLevel => {
  if (limit === null) return 'unlimited';
  if (used >= limit) return 'full';
  return used >= limit * nearShare ? 'near' : 'ok';
};

/** The bar's fill, 0–100 (a client over a lowered limit shows a full bar). */
export const meterPercent = ({ used, limit }: UsageMeter): number =>
  limit === null || limit <= 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
