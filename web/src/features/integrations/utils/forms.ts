import * as v from 'valibot';

/**
 * The contract's schema run on a form before it is sent: the fields it refuses, by name (the
 * first key of each issue's path). The form shows its own translated words for each field, not
 * the schema's English messages.
 */
export const invalidFields = (schema: v.GenericSchema, input: unknown): ReadonlySet<string> => {
  const result = v.safeParse(schema, input);
  if (result.success) return new Set();
  return new Set(
    result.issues.map((issue) => {
      const key: unknown = issue.path?.[0]?.key;
      return typeof key === 'string' ? key : '';
    }),
  );
};

/** A `datetime-local` input's value (the reader's clock) as an ISO moment, or undefined if it is not one. */
export const isoFromLocalInput = (value: string): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? undefined : moment.toISOString();
};

/** A moment as a `datetime-local` input's value, on the reader's clock, to the minute. */
export const localInputValue = (moment: Date): string => {
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
};
