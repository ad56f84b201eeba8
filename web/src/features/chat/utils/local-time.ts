/**
 * The browser's date-and-time field speaks local time without a zone ("2026-11-24T09:30"); the
 * API takes instants. These convert between the two in the browser's own time zone.
 */
const pad = (value: number) => String(value).padStart(2, '0');

export const toLocalInput = (at: Date): string =>
  `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant a local date and time names, or undefined when the text is not one. */
export const fromLocalInput = (text: string): Date | undefined => {
  const match = localPattern.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hours, minutes, seconds] = match.map(Number) as number[];
  const at = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hours ?? 0, minutes ?? 0, seconds || 0);
  // 2026-02-31 rolls over into March: not a date someone picked.
  return at.getDate() === day && at.getMonth() === (month ?? 1) - 1 ? at : undefined;
};
