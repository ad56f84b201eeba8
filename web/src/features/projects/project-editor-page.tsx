import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '../../shared/ui/coming-soon';

/** /apps/project-create/:type (create) and /apps/project-create/:type/:id (edit). Ships later. */
export const ProjectEditorPage = () => {
  const { t } = useTranslation();
  const { type = '', id } = useParams();
  return id ? (
    <ComingSoon
      title={t('areas.projectEdit.title')}
      message={t('areas.projectEdit.message', { id })}
      description={t('areas.projectEdit.description')}
    />
  ) : (
    <ComingSoon
      title={t('areas.projectCreate.title')}
      message={t('areas.projectCreate.message', { type })}
      description={t('areas.projectCreate.description')}
    />
  );
};
