import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '@orbit/functions/projects/contract';
import { isApiError } from '../../../shared/api/api-error';
import { useDeleteProject } from '../api/projects';
import { isolate } from '../utils/project-meta';
import { validationKeyOf } from '../utils/validation-key';

/** Deleting is final: the admin types the project's name, and the API checks it again. */
export const DeleteProjectDialog = ({
  project,
  onClose,
  onDeleted,
}: {
  project: Project;
  onClose: () => void;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation();
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteProject();
  const matches = confirm.trim() === project.name;
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-project-title" fullWidth maxWidth="sm">
      <DialogTitle id="delete-project-title">{t('projects.view.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('projects.view.deleteMessage', { name: isolate(project.name) })}
        </DialogContentText>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <TextField
          autoFocus
          fullWidth
          label={t('projects.view.deleteLabel')}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          placeholder={project.name}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('projects.view.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          disabled={!matches || remove.isPending}
          onClick={() =>
            remove.mutate(
              { id: project.id, confirm: confirm.trim() },
              {
                onSuccess: onDeleted,
                onError: (failure) =>
                  setError(
                    isApiError(failure) && failure.fieldError('confirm')
                      ? t(validationKeyOf(failure.fieldError('confirm') ?? ''))
                      : isApiError(failure) && failure.status === 409
                        ? t('projects.view.changedElsewhere')
                        : t('projects.errors.generic'),
                  ),
              },
            )
          }
        >
          {remove.isPending ? t('projects.view.deleting') : t('projects.view.deleteConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
