import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorPage } from './error-page';

/** Spec §8: unknown paths show this page, titled exactly "Page Not Found - 404". */
export const NotFoundPage = () => {
  const { t } = useTranslation();
  return (
    <ErrorPage
      documentTitle="Page Not Found - 404"
      status={404}
      heading={t('errors.notFound.heading')}
      message={t('errors.notFound.message')}
      action={
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('errors.backHome')}
        </Button>
      }
    />
  );
};
