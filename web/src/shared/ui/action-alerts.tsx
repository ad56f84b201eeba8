import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { InlineAlert } from './inline-alert';

/**
 * The two alerts that come with a button: "this did not load, retry" and "this changed while you
 * were editing it, reload". Every page words them in its own translations; the shape is one.
 */

interface ActionAlertProps {
  /** The button's text ("Retry", "Reload"). */
  readonly actionLabel: string;
  readonly onAction: () => void;
  readonly children: ReactNode;
}

/** A list or a view that failed to load, with a way to ask again. */
export const LoadFailedAlert = ({ actionLabel, onAction, children }: ActionAlertProps) => (
  <InlineAlert
    severity="error"
    action={
      <Button color="inherit" size="small" onClick={onAction}>
        {actionLabel}
      </Button>
    }
  >
    {children}
  </InlineAlert>
);

/**
 * A save refused because someone else changed the record first (an HTTP 409 on its version):
 * nothing was overwritten, and reloading shows the current version (dropping the user's edits).
 */
export const ConflictAlert = ({ actionLabel, onAction, children }: ActionAlertProps) => (
  <InlineAlert
    severity="warning"
    action={
      <Button color="inherit" size="small" onClick={onAction}>
        {actionLabel}
      </Button>
    }
  >
    {children}
  </InlineAlert>
);
