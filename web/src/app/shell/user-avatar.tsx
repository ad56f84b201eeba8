import Avatar from '@mui/material/Avatar';

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

/** The signed-in user's picture, or their initials; decorative (their name is said beside it). */
export const UserAvatar = ({ name, src, size }: { name: string; src: string | undefined; size: number }) => (
  <Avatar
    src={src}
    alt=""
    sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: size * 0.4 }}
  >
    {initialsOf(name)}
  </Avatar>
);
