import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useText } from '../../shared/i18n/translate';
import { PlainButton, plainStyles as styles } from '../../shared/ui/plain/plain';
import { ErrorPage } from './error-page';

/**
 * The router's error boundary: anything a page throws ends here, titled exactly
 * "Server Error - 500" (spec §8). It stands alone (no shell, no component library), so it still
 * works when the shell is what failed, and it never shows the error's details to the user.
 */
export const ServerErrorPage = () => {
  const { t } = useText();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <main id="main-content" className={styles.main} style={{ minHeight: '100dvh' }}>
      <ErrorPage
        documentTitle="Server Error - 500"
        status={500}
        heading={t('errors.serverError.heading')}
        message={t('errors.serverError.message')}
        action={<PlainButton onClick={() => window.location.reload()}>{t('errors.serverError.reload')}</PlainButton>}
      />
    </main>
  );
};
