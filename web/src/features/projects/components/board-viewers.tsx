import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BoardViewer } from '@orbit/functions/projects/contract';
import { initialsOf, personAvatarColours } from '../../../shared/ui/person-avatar';

/** Who else is looking at this board now (live-board frames); nothing when the user is alone. */
export const BoardViewers = ({ viewers }: { viewers: readonly BoardViewer[] }) => {
  const { t } = useTranslation();
  return (
    <Box
      aria-live="polite"
      data-testid="board-viewers"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 32, flexWrap: 'wrap' }}
    >
      {viewers.length > 0 ? (
        <>
          <Typography id="board-viewers-label" variant="body2" color="text.secondary">
            {t('project.live.alsoHere')}
          </Typography>
          <Box
            component="ul"
            aria-labelledby="board-viewers-label"
            sx={{ display: 'flex', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}
          >
            {viewers.map((viewer) => (
              <Tooltip key={viewer.id} title={viewer.fullName}>
                <Box component="li" sx={{ display: 'flex' }}>
                  <Avatar
                    sx={{ ...personAvatarColours(viewer.id), width: 28, height: 28, fontSize: 12 }}
                    aria-hidden="true"
                  >
                    {initialsOf(viewer.fullName)}
                  </Avatar>
                  <Box component="bdi" dir="auto" sx={visuallyHidden}>
                    {viewer.fullName}
                  </Box>
                </Box>
              </Tooltip>
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;
