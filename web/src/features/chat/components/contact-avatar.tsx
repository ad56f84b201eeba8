import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import type { ChatContactStatus } from '@orbit/functions/chat/contract';
import { statusColor } from '../utils/status';

/** Shades that keep white initials at 4.5:1 or more, in light and dark themes alike. */
const palette = ['#3949AB', '#00796B', '#BF360C', '#8E24AA', '#1565C0', '#C2185B', '#6D4C41', '#2E7D32'];

const colourFor = (id: string): string => {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length] ?? '#3949AB';
};

export const initialsOf = (fullName: string): string =>
  fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]?.toUpperCase() ?? '')
    .join('');

/** The person's picture (or initials) with a dot in their status colour. */
export const ContactAvatar = ({
  id,
  fullName,
  avatar,
  status,
  size = 40,
}: {
  id: string;
  fullName: string;
  avatar: string | null;
  status?: ChatContactStatus;
  size?: number;
}) => {
  const picture = (
    <Avatar
      src={avatar ?? undefined}
      alt=""
      aria-hidden
      sx={{ width: size, height: size, bgcolor: colourFor(id), fontSize: size * 0.4 }}
    >
      {initialsOf(fullName)}
    </Avatar>
  );
  if (!status) return picture;
  return (
    <Badge
      overlap="circular"
      variant="dot"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{
        '& .MuiBadge-badge': {
          bgcolor: statusColor[status],
          boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
          width: size / 4,
          height: size / 4,
          minWidth: 0,
          borderRadius: '50%',
        },
      }}
    >
      {picture}
    </Badge>
  );
};
