import { useText } from '../../shared/i18n/translate';
import { PlainButtonLink } from '../../shared/ui/plain/plain';
import { ErrorPage } from './error-page';

/** docs/product.md#errors: unknown paths show this page, titled exactly "Page Not Found - 404". */
export const NotFoundPage = () => {
  const { t } = useText();
  return (
    <ErrorPage
      documentTitle="Page Not Found - 404"
      status={404}
      heading={t('errors.notFound.heading')}
      message={t('errors.notFound.message')}
      action={<PlainButtonLink to="/">{t('errors.backHome')}</PlainButtonLink>}
    />
  );
};
