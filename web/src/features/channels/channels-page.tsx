import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** Channels, for admins. Its feature ships in a later issue. */
export const ChannelsPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.channels.title')}
      message={t('areas.channels.message')}
      description={t('areas.channels.description')}
    />
  );
};
