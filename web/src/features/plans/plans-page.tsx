import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** The workspace's plan. Its feature ships in a later issue. */
export const PlansPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.plans.title')}
      message={t('areas.plans.message')}
      description={t('areas.plans.description')}
    />
  );
};
