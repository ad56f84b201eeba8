import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** The signed-in user's profile. Its feature ships in a later issue. */
export const UserViewPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.userView.title')}
      message={t('areas.userView.message')}
      description={t('areas.userView.description')}
    />
  );
};
