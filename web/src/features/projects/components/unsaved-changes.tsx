import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Warns before unsaved changes are lost: leaving for another page in the app asks first, and
 * closing or reloading the tab gets the browser's own prompt.
 */
export const UnsavedChangesGuard = ({ when }: { when: boolean }) => {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const open = blocker.state === 'blocked';
  return (
    <Dialog open={open} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-title">
      <DialogTitle id="unsaved-title">{t('project.form.unsavedTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('project.form.unsavedMessage')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          {t('project.form.stay')}
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          {t('project.form.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
