import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** Referrals. Its feature ships in a later issue. */
export const ReferralsPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.referrals.title')}
      message={t('areas.referrals.message')}
      description={t('areas.referrals.description')}
    />
  );
};
