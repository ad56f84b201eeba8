import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { appName, externalLinks } from '../../shared/config';
import { boxedWidth, type ShellLayout } from './layout-state';
import { NewTabHint } from './nav-links';

/** The footer (spec §1): sticky to the bottom of the window, static after the content, or hidden. */
export const Footer = ({ layout }: { layout: ShellLayout }) => {
  const { t } = useTranslation();
  if (layout.footer === 'hidden') return null;
  const sticky = layout.footer === 'sticky';
  return (
    <Box
      component="footer"
      sx={{
        position: sticky ? 'sticky' : 'static',
        bottom: 0,
        zIndex: sticky ? (theme) => theme.zIndex.appBar - 2 : undefined,
        bgcolor: sticky ? 'background.paper' : 'transparent',
        borderTop: sticky ? 1 : 0,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          gap: 1,
          mx: 'auto',
          px: { xs: 2, md: 3 },
          py: 1.5,
          maxWidth: layout.boxed ? boxedWidth : 'none',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('shell.footer.copyright', { year: new Date().getFullYear(), app: appName })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Link href={externalLinks.wiki} target="_blank" rel="noopener noreferrer" variant="body2" underline="hover">
            {t('shell.footer.help')}
            <NewTabHint text={t('nav.opensInNewTab')} />
          </Link>
          <Link
            href={externalLinks.telegram}
            target="_blank"
            rel="noopener noreferrer"
            variant="body2"
            underline="hover"
          >
            {t('shell.footer.contact')}
            <NewTabHint text={t('nav.opensInNewTab')} />
          </Link>
        </Box>
      </Box>
    </Box>
  );
};
