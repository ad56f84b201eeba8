/**
 * Storage as it is sold: decimal units (1 GB = 1 000 000 000 bytes, as the server's limit
 * messages say), written by Intl in the reader's language ("900 MB", "900 Mo").
 */

const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

const formats = new Map<string, Intl.NumberFormat>();

const formatOf = (language: string, unit: (typeof units)[number]): Intl.NumberFormat => {
  const key = `${language}|${unit}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      // "0 bytes" rather than the short form's "0 byte"; the larger units are short ("900 MB").
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: 1,
    });
    formats.set(key, format);
  }
  return format;
};

/** A count of bytes in the largest decimal unit that keeps it at 1 or more: 900_000_000 → "900 MB". */
export const formatBytes = (bytes: number, language: string): string => {
  let value = bytes;
  let index = 0;
  // Compare the rounded value (one decimal): 999.96 MB is written "1 GB", not "1,000 MB".
  while (index < units.length - 1 && Math.round(Math.abs(value) * 10) / 10 >= 1000) {
    value /= 1000;
    index += 1;
  }
  return formatOf(language, units[index] ?? 'byte').format(value);
};
