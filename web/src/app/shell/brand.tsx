import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router';
import { appName } from '../../shared/config';

/** The app's mark and name, linking home; `compact` shows the mark only (its name stays readable). */
export const Brand = ({ compact = false }: { compact?: boolean }) => (
  <Box
    component={RouterLink}
    to="/"
    aria-label={compact ? appName : undefined}
    sx={{
      display: 'inline-flex',
      alignItems: 'center',
      gap: 1.25,
      color: 'text.primary',
      textDecoration: 'none',
      fontWeight: 700,
      fontSize: '1.25rem',
      borderRadius: 1,
      flexShrink: 0,
      '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
    }}
  >
    <Box
      component="span"
      aria-hidden
      sx={{
        width: 34,
        height: 34,
        borderRadius: 2,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: '1.05rem',
      }}
    >
      {appName.slice(0, 1)}
    </Box>
    {compact ? null : <span>{appName}</span>}
  </Box>
);
