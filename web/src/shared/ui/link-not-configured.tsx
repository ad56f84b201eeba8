import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/**
 * /wiki or /telegram when the deploy did not set its destination (shared/deploy-links.ts): say so
 * rather than open a placeholder address.
 */
export const linkNotConfiguredPage = (link: 'wiki' | 'telegram'): ComponentType => {
  const LinkNotConfiguredPage = () => {
    const { t } = useTranslation();
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
          sx={{ p: { xs: 3, md: 6 }, display: 'grid', gap: 1 }}
        >
          <Typography variant="h5" component="p">
            {t('linkNotConfigured.message')}
          </Typography>
          <Typography color="text.secondary">{t('linkNotConfigured.description')}</Typography>
        </Paper>
      </Stack>
    );
  };
  return LinkNotConfiguredPage;
};
