import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** Chat (fixed-height layout). Its feature ships in a later issue. */
export const ChatPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.chat.title')}
      message={t('areas.chat.message')}
      description={t('areas.chat.description')}
    />
  );
};
