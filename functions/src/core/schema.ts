import * as v from 'valibot';

/**
 * Building blocks the contracts share (they run in the Lambdas and in the browser alike, so this
 * module imports nothing but valibot).
 */

/**
 * `v.object` (unknown keys are dropped), except that a missing key is reported as its field
 * reports `undefined`: "Message is required", "Choose a client", or valibot's "Invalid type:
 * Expected string but received undefined", instead of the generic "Invalid key: Expected "name"
 * but received undefined". A field's own message then covers a missing value and a wrong one
 * alike. Contracts use this rather than `v.object`.
 */
export const object = /* @__NO_SIDE_EFFECTS__ */ <const TEntries extends v.ObjectEntries>(entries: TEntries) =>
  v.object(entries, (issue) => {
    const item = issue.path?.[0];
    if (item?.type !== 'object' || item.origin !== 'key') return issue.message;
    const field = entries[item.key];
    return (field && v.safeParse(field, undefined).issues?.[0]?.message) ?? issue.message;
  });

/**
 * A number read from a query-string value as `Number()` reads it ('' is 0, '1e2' is 100). NaN
 * and ±Infinity are not numbers: they fail with `message`, and checks after this one do not run.
 */
export const coercedNumber = /* @__NO_SIDE_EFFECTS__ */ (message?: string) =>
  v.pipe(
    v.unknown(),
    v.transform((input) => {
      const value = Number(input);
      return Number.isFinite(value) ? value : Number.NaN;
    }),
    v.number(message),
  );

/** A query's `limit`: a whole number from 1 to `max`, with messages that name the field. */
export const queryLimit = /* @__NO_SIDE_EFFECTS__ */ (max: number) =>
  v.pipe(
    coercedNumber('limit must be a number'),
    v.integer('limit must be a whole number'),
    v.minValue(1, 'limit is at least 1'),
    v.maxValue(max, `limit is at most ${max}`),
  );
