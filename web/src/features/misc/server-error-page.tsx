import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useText } from '../../shared/i18n/translate';
import { PlainButton, plainStyles as styles } from '../../shared/ui/plain/plain';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

/**
 * The router's error boundary: anything a page throws ends here, titled exactly
 * "Server Error - 500" (docs/product.md#errors). It stands alone (no shell, no component library), so it still
 * works when the shell is what failed, and it never shows the error's details to the user. A 404
 * thrown on purpose (a path parameter no page has, routes.tsx) is the not-found page instead.
 */
export const ServerErrorPage = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main-content" className={styles.main} style={{ minHeight: '100dvh' }}>
        <NotFoundPage />
      </main>
    );
  }
  return <FailurePage error={error} />;
};

const FailurePage = ({ error }: { error: unknown }) => {
  const { t } = useText();
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
