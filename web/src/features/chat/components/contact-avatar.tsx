import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import type { ChatContactStatus } from '@orbit/functions/chat/contract';
import { avatarColourFor, initialsOf } from '../../../shared/ui/person-avatar';
import { statusColor } from './status';

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
      sx={{ width: size, height: size, bgcolor: avatarColourFor(id), fontSize: size * 0.4 }}
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
