import { labelledRoles } from '../../../shared/i18n/role-label';

/** The roles an audience chooses from: every labelled role, leads included (they are people too). */
export const audienceRoles: readonly string[] = labelledRoles;

/** The server's tag rule (audience-filter.ts `tagSchema`), so a typed tag is kept only when it would pass. */
const tagPattern = /^[\p{L}\p{N}_-]{1,32}$/u;

/** A typed tag, trimmed and lower-cased; null when the server would refuse it. */
export const normaliseTag = (text: string): string | null => {
  const tag = text.trim().toLowerCase();
  return tagPattern.test(tag) ? tag : null;
};

/** Splits a typed list (`vip, trial beta`) into valid tags, duplicates dropped. */
export const parseTags = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .map(normaliseTag)
      .filter((tag): tag is string => tag !== null),
  ),
];
