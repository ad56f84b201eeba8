import Box from '@mui/material/Box';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appName } from '../../shared/config';
import { loadDeployLinks, type DeployLinks } from '../../shared/deploy-links';
import { boxedWidth, type ShellLayout } from './layout-state';
import { NewTabHint } from './nav-links';

/**
 * A link in the footer's small print: MUI's body2 Link underlined on hover, with the app's
 * keyboard focus ring, without the Link module.
 */
const FooterLink = styled('a')(({ theme }) => ({
  ...theme.typography.body2,
  margin: 0,
  color: (theme.vars ?? theme).palette.primary.main,
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': { outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`, outlineOffset: 2 },
}));

/** The footer (docs/product.md#shell): sticky to the bottom of the window, static after the content, or hidden. */
export const Footer = ({ layout }: { layout: ShellLayout }) => {
  const { t } = useTranslation();
  // A link the deploy did not set is left out rather than pointing at a placeholder.
  const [links, setLinks] = useState<DeployLinks | null>(null);
  useEffect(() => {
    let current = true;
    void loadDeployLinks().then((loaded) => {
      if (current) setLinks(loaded);
    });
    return () => {
      current = false;
    };
  }, []);
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
          {links?.help ? (
            <FooterLink href={links.help} target="_blank" rel="noopener noreferrer">
              {t('shell.footer.help')}
              <NewTabHint text={t('nav.opensInNewTab')} />
            </FooterLink>
          ) : null}
          {links?.contact ? (
            <FooterLink href={links.contact} target="_blank" rel="noopener noreferrer">
              {t('shell.footer.contact')}
              <NewTabHint text={t('nav.opensInNewTab')} />
            </FooterLink>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
};
