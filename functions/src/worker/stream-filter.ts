/**
 * Which stream records reach the worker: new or changed Job items that are queued. The event
 * source mapping in AWS filters with this pattern (infra/lib/worker.ts), and the local stream
 * poller applies the same pattern with `matchesFilter`, so both invoke the handler with the
 * same records. Everything else (every other entity, the worker's own running/done writes) is
 * dropped before an invocation is paid for.
 */
export const jobStreamFilter = {
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { NewImage: { type: { S: ['Job'] }, status: { S: ['queued'] } } },
} as const;

export type FilterPattern = { readonly [key: string]: readonly string[] | FilterPattern };

/**
 * The part of EventBridge/Lambda filter matching that the pattern above uses: a list matches one
 * of its exact values; an object matches field by field.
 */
export const matchesFilter = (pattern: FilterPattern, value: unknown): boolean =>
  Object.entries(pattern).every(([key, expected]) => {
    const actual = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(expected)) return (expected as readonly unknown[]).includes(actual);
    return matchesFilter(expected as FilterPattern, actual);
  });
