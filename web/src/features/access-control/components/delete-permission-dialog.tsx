import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@orbit/functions/permissions/contract';
import { isApiError } from '../../../shared/api/api-error';
import { useDeletePermission } from '../api/permissions';

export interface DeletePermissionDialogProps {
  readonly permission: Permission;
  readonly onClose: () => void;
  readonly onDeleted: (permission: Permission) => void;
}

/**
 * Deleting asks first, and deletes exactly the version the user saw: if someone changed the
 * permission meanwhile, nothing is deleted and the list reloads to show the change.
 */
export const DeletePermissionDialog = ({ permission, onClose, onDeleted }: DeletePermissionDialogProps) => {
  const { t } = useTranslation();
  const remove = useDeletePermission();
  const [problem, setProblem] = useState<ParseKeys | null>(null);

  const confirm = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync(permission);
      onDeleted(permission);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 404) onDeleted(permission);
      else if (error.status === 409) setProblem('permissions.deleteDialog.changed');
      else setProblem(error.code === 'network' ? 'errors.network' : 'errors.generic');
    }
  };

  const deleting = remove.isPending;
  return (
    <Dialog
      open
      onClose={deleting ? undefined : onClose}
      aria-labelledby="delete-permission-title"
      aria-describedby="delete-permission-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-permission-title">{t('permissions.deleteDialog.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {problem ? <Alert severity="warning">{t(problem)}</Alert> : null}
        <DialogContentText id="delete-permission-message">
          {t('permissions.deleteDialog.message', { name: permission.name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={deleting} autoFocus>
          {t('permissions.dialog.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void confirm()}
          disabled={deleting || problem !== null}
        >
          {deleting ? t('permissions.deleteDialog.deleting') : t('permissions.deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
