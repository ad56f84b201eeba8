import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** Mailings, for admins. Its feature ships in a later issue. */
export const MailingsPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.mailings.title')}
      message={t('areas.mailings.message')}
      description={t('areas.mailings.description')}
    />
  );
};
