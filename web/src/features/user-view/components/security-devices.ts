import Bowser from 'bowser';

/**
 * A session's browser and operating system, read from its stored user agent with `bowser`
 * (MIT; ua-parser-js 2 is AGPL). Parsed here, in the Security and Activity tabs' code, not by
 * the server: the auth function's bundle stays within its 300 KB (docs/decisions.md), and a
 * better parser later describes old sessions better too.
 */
export interface Device {
  /** e.g. "Chrome 131"; empty when the user agent says nothing recognisable. */
  readonly browser: string;
  /** e.g. "Windows 10", "macOS", "Android 14". */
  readonly os: string;
}

const joined = (...parts: (string | undefined)[]): string => parts.filter(Boolean).join(' ');

/** The major version only: "131.0.6778.85" says no more to a person than "131". */
const major = (version: string | undefined): string | undefined => version?.split('.')[0];

export const describeDevice = (userAgent: string | undefined): Device => {
  if (!userAgent) return { browser: '', os: '' };
  const parsed = Bowser.parse(userAgent);
  const os = joined(parsed.os.name, parsed.os.versionName ?? major(parsed.os.version));
  return { browser: joined(parsed.browser.name, major(parsed.browser.version)), os };
};

/** A date and time in the reader's language, e.g. "24 Nov 2026, 06:14". */
export const formatWhen = (iso: string, language: string): string =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
