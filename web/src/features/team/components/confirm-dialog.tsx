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
import { teamErrorKey } from './team-errors';

export interface ConfirmDialogProps {
  readonly title: string;
  readonly body: string;
  readonly danger?: boolean;
  readonly onConfirm: () => Promise<unknown>;
  readonly onClose: () => void;
  readonly onDone: () => void;
}

/** Asks before an action that changes someone's access (suspend, reactivate, reset, revoke). */
export const ConfirmDialog = ({ title, body, danger = false, onConfirm, onClose, onDone }: ConfirmDialogProps) => {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ParseKeys | null>(null);
  const confirm = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await onConfirm();
      onDone();
    } catch (error) {
      setProblem(teamErrorKey(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="team-confirm-title"
      aria-describedby="team-confirm-body"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="team-confirm-title">{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {problem ? <Alert severity="warning">{t(problem)}</Alert> : null}
        <DialogContentText id="team-confirm-body">{body}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          {t('team.confirm.cancel')}
        </Button>
        <Button color={danger ? 'error' : 'primary'} variant="contained" onClick={() => void confirm()} disabled={busy}>
          {t('team.confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
