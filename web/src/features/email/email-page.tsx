import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/**
 * The mailbox, for /apps/email and /apps/email/:filter|:label (fixed-height layout). Its feature
 * ships in a later issue, which also tells folders (inbox, sent…) from labels (personal…).
 */
export const EmailPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.email.title')}
      message={t('areas.email.message')}
      description={t('areas.email.description')}
    />
  );
};
