import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { projectTypes, type Project } from '@orbit/functions/projects/contract';
import { EditIcon } from '../../../shared/ui/icons';
import { ArchiveIcon, RestoreIcon } from './icons';
import { createProjectPath, editProjectPath } from '../utils/paths';
import { stageNamesOf } from '../utils/stage-label';

/**
 * The items of the projects pages' menus, loaded with the menus' first opening
 * (`deferredMenuWithItems`): MenuItem and its list parts are not needed to show the list.
 */

/** The "New project" menu: one item per project type, with its board's stages. */
export const NewProjectMenuItems = ({ onPick }: { onPick: () => void }) => {
  const { t, i18n } = useTranslation();
  return projectTypes.map((type) => (
    <MenuItem key={type} component={RouterLink} to={createProjectPath(type)} onClick={onPick}>
      <ListItemText primary={t(`projects.types.${type}`)} secondary={stageNamesOf(t, i18n, type).join(' → ')} />
    </MenuItem>
  ));
};

/** A project's admin menu: edit (unless archived), archive or restore. */
export const ProjectMenuItems = ({
  project,
  onClose,
  onArchive,
  onRestore,
}: {
  project: Project;
  onClose: () => void;
  onArchive: (project: Project) => void;
  onRestore: (project: Project) => void;
}) => {
  const { t } = useTranslation();
  const archived = project.status === 'archived';
  return (
    <>
      {archived ? null : (
        <MenuItem component={RouterLink} to={editProjectPath(project)} onClick={onClose}>
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          {t('projects.card.edit')}
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          onClose();
          if (archived) onRestore(project);
          else onArchive(project);
        }}
      >
        <ListItemIcon>{archived ? <RestoreIcon fontSize="small" /> : <ArchiveIcon fontSize="small" />}</ListItemIcon>
        {archived ? t('projects.card.restore') : t('projects.card.archive')}
      </MenuItem>
    </>
  );
};
