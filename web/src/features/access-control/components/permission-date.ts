/**
 * A permission's `createdDate` is stored as English display text in UTC ("14 Apr 2021, 8:43 PM",
 * docs/decisions.md: the list's search matches what is stored). Pages show it as a date in the
 * reader's language and time zone; text that is not in that shape is shown as it is.
 */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const storedShape = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}), (\d{1,2}):(\d{2}) (AM|PM)$/;

export const parsePermissionDate = (text: string): Date | undefined => {
  const match = storedShape.exec(text.trim());
  if (!match) return undefined;
  const [, day, month, year, hour, minute, half] = match;
  const monthIndex = months.indexOf(month ?? '');
  if (monthIndex < 0) return undefined;
  const hours = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
  return new Date(Date.UTC(Number(year), monthIndex, Number(day), hours, Number(minute)));
};

export const formatPermissionDate = (text: string, language: string, timeZone?: string): string => {
  const date = parsePermissionDate(text);
  if (!date) return text;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
};
