import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorPage } from './error-page';

/**
 * The router's error boundary: anything a page throws ends here, titled exactly
 * "Server Error - 500" (spec §8). It stands alone (no shell), so it still works when the shell
 * is what failed, and it never shows the error's details to the user.
 */
export const ServerErrorPage = () => {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box component="main" id="main-content" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 3 }}>
      <ErrorPage
        documentTitle="Server Error - 500"
        status={500}
        heading={t('errors.serverError.heading')}
        message={t('errors.serverError.message')}
        action={
          <Button variant="contained" size="large" onClick={() => window.location.reload()}>
            {t('errors.serverError.reload')}
          </Button>
        }
      />
    </Box>
  );
};
