import Avatar from '@mui/material/Avatar';
import { initialsOf, personAvatarColours } from '../../shared/ui/person-avatar';

/**
 * The signed-in user's picture, or their initials in their own colour (the one the chat and the
 * boards give them too); decorative (their name is said beside it).
 */
export const UserAvatar = ({
  userId,
  name,
  src,
  size,
}: {
  userId: string;
  name: string;
  src: string | undefined;
  size: number;
}) => (
  <Avatar src={src} alt="" sx={{ ...personAvatarColours(userId), width: size, height: size, fontSize: size * 0.4 }}>
    {initialsOf(name)}
  </Avatar>
);
