/**
 * What every avatar of a person shows without a picture, the same everywhere: their initials and
 * one colour per user id (navbar, chat, boards, comments).
 */

/** Shades that keep white initials at 4.5:1 or more, in light and dark themes alike. */
const avatarShades = ['#3949AB', '#00796B', '#BF360C', '#8E24AA', '#1565C0', '#C2185B', '#6D4C41', '#2E7D32'];

/** The person's colour: a stable pick from their id, so one user looks the same on every page. */
export const avatarColourFor = (userId: string): string => {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return avatarShades[hash % avatarShades.length] ?? '#3949AB';
};

/** The `sx` colours of a person's avatar without a picture: their shade, white initials. */
export const personAvatarColours = (userId: string) => ({ bgcolor: avatarColourFor(userId), color: '#FFFFFF' });

/**
 * Up to two initials from the first letters (or digits) of the first two words that have one:
 * "<Script> Sam" is "SS", "Élodie d'Arc" is "ÉD", "محمد علي" is "مع"; "?" when the name has no
 * letter at all. Punctuation and symbols are never an initial.
 */
export const initialsOf = (fullName: string): string => {
  const initials = fullName
    .split(/\s+/)
    .map((word) => /[\p{L}\p{N}]/u.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined)
    .slice(0, 2)
    .map((letter) => letter.toLocaleUpperCase())
    .join('');
  return initials || '?';
};
