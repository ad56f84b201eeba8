import * as v from 'valibot';

/**
 * Building blocks the contracts share (they run in the Lambdas and in the browser alike, so this
 * module imports nothing but valibot).
 */

/**
 * Characters that show nothing on their own: whitespace, and the zero-width ones (space U+200B,
 * non-joiner U+200C, joiner U+200D, word joiner U+2060, BOM U+FEFF). A text made only of them
 * looks empty, so it counts as empty. JavaScript's `\s` already covers whitespace and U+FEFF.
 */
// An alternation, not a character class: a class holding U+200D reads as a joined sequence.
const invisible = /^(?:\s|\u200B|\u200C|\u200D|\u2060)$/;

/**
 * The text without them at its ends. A loop over the ends, not `(?:…)+$`: a regular expression
 * reads a long blank run inside the text again from each of its characters (40 000 spaces
 * between two letters held the event loop 4 s); this reads each end once.
 */
const trimInvisibleText = (text: string): string => {
  let start = 0;
  let end = text.length;
  while (start < end && invisible.test(text.charAt(start))) start += 1;
  while (end > start && invisible.test(text.charAt(end - 1))) end -= 1;
  return start === 0 && end === text.length ? text : text.slice(start, end);
};

/**
 * `v.trim()` that also drops zero-width characters at both ends, so that a required text's
 * `minLength` sees zero-width-only input as empty. Inside a text they stay (joiners shape
 * Arabic words and emoji sequences). Every contract trims text with this, never `v.trim()`.
 */
export const trimInvisible = /* @__NO_SIDE_EFFECTS__ */ () => v.transform(trimInvisibleText);

/**
 * What a record id may look like: the ULIDs the API issues and the shorter ids of tests and
 * fixtures alike, and never more than fits comfortably in a DynamoDB key (a partition key holds
 * at most 2048 bytes, a sort key 1024: a longer id made the store refuse the request, a 500).
 */
export const maxIdLength = 64;
const idPattern = /^[\w-]+$/;

export const isRecordId = (value: string): boolean => value.length <= maxIdLength && idPattern.test(value);

/**
 * A record id in a body or query: a string of 1–64 letters, digits, `_` or `-`. `message` covers
 * every failure (a wrong type, an empty or malformed id alike).
 */
export const recordId = /* @__NO_SIDE_EFFECTS__ */ (message?: string) =>
  v.pipe(v.string(message), v.check(isRecordId, message));

/**
 * The text of an issue without what the caller sent. valibot's default messages end with the
 * value received ("Invalid type: Expected string but received "<script>…""): reflected back in
 * a 400, that is the caller's content in our answer. This keeps what was expected and drops
 * what was received. Contracts' own messages never pass through here (valibot uses a config's
 * message only where the schema has none).
 */
export const messageWithoutInput = (issue: v.BaseIssue<unknown>): string => {
  const withExpected = ` but received ${issue.received}`;
  if (issue.message.endsWith(withExpected)) return issue.message.slice(0, -withExpected.length);
  const withoutExpected = `: Received ${issue.received}`;
  if (issue.message.endsWith(withoutExpected)) return issue.message.slice(0, -withoutExpected.length);
  return 'Invalid value';
};

/** The parse configuration of every request: default messages never echo the input. */
export const requestParseConfig: v.Config<v.BaseIssue<unknown>> = { message: messageWithoutInput };

/**
 * `v.object` (unknown keys are dropped), except that a missing key is reported as its field
 * reports `undefined`: "Message is required", "Choose a client", or valibot's "Invalid type:
 * Expected string", instead of the generic "Invalid key: Expected "name"". A field's own message
 * then covers a missing value and a wrong one alike. Contracts use this rather than `v.object`.
 * Its messages are its own, so they drop the input themselves (see messageWithoutInput).
 */
export const object = /* @__NO_SIDE_EFFECTS__ */ <const TEntries extends v.ObjectEntries>(entries: TEntries) =>
  v.object(entries, (issue) => {
    const item = issue.path?.[0];
    if (item?.type === 'object' && item.origin === 'key') {
      const field = entries[item.key];
      const fieldMessage = field && v.safeParse(field, undefined, requestParseConfig).issues?.[0]?.message;
      if (fieldMessage) return fieldMessage;
    }
    return messageWithoutInput(issue);
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
