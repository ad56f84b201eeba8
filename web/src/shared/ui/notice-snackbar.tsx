import Alert from '@mui/material/Alert';
import { DeferredSnackbar } from './deferred';

/** What a page tells the user after an action: a coloured, dismissible note. */
export interface Notice {
  readonly severity: 'success' | 'error' | 'warning' | 'info';
  readonly text: string;
}

/** Shows a notice at the bottom centre for 5 s (its code loads with the first notice). */
export const NoticeSnackbar = ({ notice, onClose }: { notice: Notice | null; onClose: () => void }) => (
  <DeferredSnackbar
    open={notice !== null}
    autoHideDuration={5000}
    onClose={onClose}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
  >
    {notice ? (
      <Alert severity={notice.severity} onClose={onClose} variant="filled">
        {notice.text}
      </Alert>
    ) : undefined}
  </DeferredSnackbar>
);
