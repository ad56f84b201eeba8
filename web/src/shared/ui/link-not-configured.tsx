import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { helpLinksSettingsPath, type HelpLinkName } from '../help-links';
import { useAppAbility } from '../session/use-session';
import { PageTitle } from './page-title';

/**
 * /wiki or /telegram before an admin set its destination (shared/help-links.ts): say so rather
 * than open nothing, and show whoever may set it where.
 */
export const linkNotConfiguredPage = (link: HelpLinkName): ComponentType => {
  const LinkNotConfiguredPage = () => {
    const { t } = useTranslation();
    const canSetLinks = useAppAbility().can('update', 'Integration');
    const title = t(`linkNotConfigured.${link}`);
    return (
      <Stack component="section" aria-labelledby="page-heading" spacing={3}>
        <PageTitle title={title} />
        <Typography id="page-heading" variant="h4" component="h1">
          {title}
        </Typography>
        <Paper
          variant="outlined"
          data-testid="link-not-configured"
          sx={{ p: { xs: 3, md: 6 }, display: 'grid', gap: 1, justifyItems: 'start' }}
        >
          <Typography variant="h5" component="p">
            {t('linkNotConfigured.message')}
          </Typography>
          <Typography color="text.secondary">
            {t(canSetLinks ? 'linkNotConfigured.descriptionAdmin' : 'linkNotConfigured.description')}
          </Typography>
          {canSetLinks && (
            <Button component={RouterLink} to={helpLinksSettingsPath} variant="contained" sx={{ mt: 2 }}>
              {t('linkNotConfigured.setUp')}
            </Button>
          )}
        </Paper>
      </Stack>
    );
  };
  return LinkNotConfiguredPage;
};
