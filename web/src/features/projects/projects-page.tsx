import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** The projects list, everyone's landing page (spec §2). Its feature ships in a later issue. */
export const ProjectsPage = () => {
  const { t } = useTranslation();
  return (
    <ComingSoon
      title={t('areas.projects.title')}
      message={t('areas.projects.message')}
      description={t('areas.projects.description')}
    />
  );
};
