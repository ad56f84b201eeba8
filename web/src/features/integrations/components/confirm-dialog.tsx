import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** "Are you sure?" before what cannot be undone (delete, revoke, rotate): Cancel has the focus. */
export const ConfirmDialog = ({
  title,
  message,
  confirmLabel,
  pending,
  danger = false,
  onConfirm,
  onClose,
}: {
  readonly title: string;
  readonly message: string;
  readonly confirmLabel: string;
  readonly pending: boolean;
  readonly danger?: boolean;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} autoFocus>
          {t('integrations.common.cancel')}
        </Button>
        <Button
          color={danger ? 'error' : 'primary'}
          variant="contained"
          onClick={onConfirm}
          disabled={pending}
          data-testid="confirm-action"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
