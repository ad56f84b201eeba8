import { useState } from 'react';
import { deferredOverlay } from './deferred';

/** What a page tells the user after an action: a coloured, dismissible note. */
export interface Notice {
  readonly severity: 'success' | 'error' | 'warning' | 'info';
  readonly text: string;
}

interface NoticeOverlayProps {
  readonly open: boolean;
  readonly notice: Notice | null;
  readonly onClose: () => void;
}

/**
 * Snackbar and Alert load together with the first notice: most visits to a page that may say
 * something never do.
 */
const DeferredNotice = deferredOverlay<NoticeOverlayProps>(async () => {
  const [{ default: Snackbar }, { default: Alert }] = await Promise.all([
    import('@mui/material/Snackbar'),
    import('@mui/material/Alert'),
  ]);
  const NoticeOverlay = ({ open, notice, onClose }: NoticeOverlayProps) => {
    // The last notice stays in the snackbar while it animates out, rather than an empty bar.
    const [shown, setShown] = useState(notice);
    if (notice && notice !== shown) setShown(notice);
    return (
      <Snackbar
        open={open}
        autoHideDuration={5000}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {shown ? (
          <Alert severity={shown.severity} onClose={onClose} variant="filled">
            {shown.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    );
  };
  return { default: NoticeOverlay };
});

/** Shows a notice at the bottom centre for 5 s (its code loads with the first notice). */
export const NoticeSnackbar = ({ notice, onClose }: { notice: Notice | null; onClose: () => void }) => (
  <DeferredNotice open={notice !== null} notice={notice} onClose={onClose} />
);
