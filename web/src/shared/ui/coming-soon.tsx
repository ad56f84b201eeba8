import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type comingSoonWords from '../i18n/locales/en/coming-soon';
import { PageTitle } from './page-title';

/** The areas that have a "coming soon" page and its words (the `coming-soon` translation part). */
export type ComingSoonArea = keyof (typeof comingSoonWords)['areas'];

export interface ComingSoonProps {
  /** The page heading and document title. */
  readonly title: string;
  /** One sentence saying the area is coming soon. */
  readonly message: string;
  /** What the area will do. */
  readonly description: string;
}

/** An honest empty state for an area whose feature has not shipped: no sample data, ever. */
export const ComingSoon = ({ title, message, description }: ComingSoonProps) => {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-labelledby="page-heading" spacing={3} sx={{ height: '100%' }}>
      <PageTitle title={title} />
      <Typography id="page-heading" variant="h4" component="h1">
        {title}
      </Typography>
      <Paper
        variant="outlined"
        data-testid="coming-soon"
        sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 2 }}
      >
        <Chip label={t('comingSoon.badge')} color="primary" variant="outlined" />
        <Typography variant="h5" component="p">
          {message}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {description}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 560 }}>
          {t('comingSoon.honesty')}
        </Typography>
      </Paper>
    </Stack>
  );
};

/** The page of an area not built yet, for its route (app/routing/route-table.ts, `comingSoon`). */
export const comingSoonPage = (area: ComingSoonArea): ComponentType => {
  const ComingSoonPage = () => {
    const { t } = useTranslation();
    return (
      <ComingSoon
        title={t(`areas.${area}.title`)}
        message={t(`areas.${area}.message`)}
        description={t(`areas.${area}.description`)}
      />
    );
  };
  return ComingSoonPage;
};
