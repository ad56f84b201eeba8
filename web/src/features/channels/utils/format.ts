/** One formatter per language: building an Intl formatter costs far more than using one. */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment (ISO 8601) in the reader's language: date and time, short. */
export const formatWhen = (iso: string, language: string): string => {
  let format = dateTimeFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(language, format);
  }
  return format.format(new Date(iso));
};

/**
 * Wraps user text put into a translated sentence in Unicode isolates (what <bdi> does for
 * markup), so a Latin name does not reorder an Arabic sentence around it.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;
