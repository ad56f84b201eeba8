import type { ReactNode } from 'react';
import { InlineAlert } from './inline-alert';
import { ActionButton } from './action-button';

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

const ActionAlert = ({
  severity,
  actionLabel,
  onAction,
  children,
}: ActionAlertProps & { readonly severity: 'error' | 'warning' }) => (
  <InlineAlert
    severity={severity}
    action={
      <ActionButton color="inherit" size="small" onClick={onAction}>
        {actionLabel}
      </ActionButton>
    }
  >
    {children}
  </InlineAlert>
);

/** A list or a view that failed to load, with a way to ask again. */
export const LoadFailedAlert = (props: ActionAlertProps) => <ActionAlert severity="error" {...props} />;

/**
 * A save refused because someone else changed the record first (an HTTP 409 on its version):
 * nothing was overwritten, and reloading shows the current version (dropping the user's edits).
 */
export const ConflictAlert = (props: ActionAlertProps) => <ActionAlert severity="warning" {...props} />;
