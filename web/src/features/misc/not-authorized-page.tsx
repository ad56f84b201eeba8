import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorPage } from './error-page';

/** Spec §8: users without permission land here, titled exactly "Not Authorized - 401". */
export const NotAuthorizedPage = () => {
  const { t } = useTranslation();
  return (
    <ErrorPage
      documentTitle="Not Authorized - 401"
      status={401}
      heading={t('errors.notAuthorized.heading')}
      message={t('errors.notAuthorized.message')}
      action={
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t('errors.backHome')}
        </Button>
      }
    />
  );
};
