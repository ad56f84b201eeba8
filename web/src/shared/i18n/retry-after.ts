/**
 * "in 40 seconds", "in 12 minutes", "in 3 hours" in the reader's language, for a 429's
 * Retry-After (the API's rate limits run from a minute to a day).
 */
export const inAWhile = (seconds: number, language: string): string => {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  if (seconds < 60) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * 60 * 60) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
};
