import { useText } from '../../shared/i18n/translate';
import { PlainButtonLink } from '../../shared/ui/plain/plain';
import { ErrorPage } from './error-page';

/** docs/product.md#errors: users without permission land here, titled exactly "Not Authorized - 401". */
export const NotAuthorizedPage = () => {
  const { t } = useText();
  return (
    <ErrorPage
      documentTitle="Not Authorized - 401"
      status={401}
      heading={t('errors.notAuthorized.heading')}
      message={t('errors.notAuthorized.message')}
      action={<PlainButtonLink to="/">{t('errors.backHome')}</PlainButtonLink>}
    />
  );
};
