/**
 * Mentions (docs/user-view.md, "Notifications"): `@username` or `@Full Name` of a workspace user,
 * in a chat message or a task comment, matched without regard to case and ending where a word
 * ends. Only people who may see the text are candidates (the chat's recipient; a task's admins
 * and its project's client), so a mention never tells anyone of a text they cannot read.
 */
export interface MentionCandidate {
  readonly id: string;
  readonly fullName: string;
  readonly username?: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` holds `@name`, not followed by another letter or digit. */
const mentions = (text: string, name: string): boolean =>
  name.trim().length > 0 &&
  new RegExp(`(^|[^\\p{L}\\p{N}_])@${escape(name.trim())}(?![\\p{L}\\p{N}_])`, 'iu').test(text);

/** The candidates the text mentions, each once, in the candidates' order. */
export const findMentions = (text: string, candidates: readonly MentionCandidate[]): MentionCandidate[] => {
  if (!text.includes('@')) return [];
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    if (seen.has(candidate.id)) return false;
    const found =
      mentions(text, candidate.fullName) || (candidate.username ? mentions(text, candidate.username) : false);
    if (found) seen.add(candidate.id);
    return found;
  });
};

/** The start of a message or comment, as a notification shows it. */
export const excerptOf = (text: string, max = 140): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};
