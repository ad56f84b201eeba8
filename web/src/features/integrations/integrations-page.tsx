import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** Integrations, for admins. Its feature ships in a later issue. */
export const IntegrationsPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.integrations.title')}
      message={t('areas.integrations.message')}
      description={t('areas.integrations.description')}
    />
  );
};
