/**
 * The live keys' limit (docs/integrations.md, "API keys"): what a create must write to the live
 * keys' item (core/api-key-entities.ts) to add its key without passing the limit. Pure: the
 * repository turns a plan into the transaction's condition.
 */

/** Ended keys a create takes out of the item at most (the update expression stays small). */
export const pruneMax = 20;

export interface LiveKeyPlan {
  /** Ended keys to take out in the same update (each must still be there). */
  readonly prune: readonly string[];
  /**
   * The largest size the item may have before the update: with `prune` gone and the new key in,
   * it then holds at most `max` keys.
   */
  readonly allowedBefore: number;
}

/**
 * How to add a key to `live` (id → validUntil) at `now` with at most `max` keys, taking out the
 * ones that have ended: those past their `validUntil`, and `ended` (keys found revoked or
 * missing). Undefined when there is no room even then.
 */
export const planLiveKeyAdd = (
  live: Readonly<Record<string, string>>,
  now: Date,
  max: number,
  ended: ReadonlySet<string> = new Set(),
): LiveKeyPlan | undefined => {
  const at = now.toISOString();
  const prune = Object.entries(live)
    .filter(([id, validUntil]) => validUntil <= at || ended.has(id))
    .map(([id]) => id)
    .slice(0, pruneMax);
  const size = Object.keys(live).length;
  if (size - prune.length >= max) return undefined;
  return { prune, allowedBefore: max - 1 + prune.length };
};

/** The keys the item still counts at `now` by their own expiry: those a create may need to check. */
export const stillCounted = (live: Readonly<Record<string, string>>, now: Date): string[] => {
  const at = now.toISOString();
  return Object.entries(live)
    .filter(([, validUntil]) => validUntil > at)
    .map(([id]) => id);
};
