import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import type { ChatContactStatus } from '@orbit/functions/chat/contract';
import { statusColor } from './status';

const palette = ['#5C6BC0', '#26A69A', '#EF6C00', '#AB47BC', '#42A5F5', '#EC407A', '#8D6E63', '#66BB6A'];

const colourFor = (id: string): string => {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length] ?? '#5C6BC0';
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
