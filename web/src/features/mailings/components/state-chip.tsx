import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { MailingState, RecipientStatus } from '../api/mailing-types';

const stateColor: Record<MailingState, 'default' | 'info' | 'primary' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'primary',
  paused: 'warning',
  sent: 'success',
  cancelled: 'error',
};

/** A mailing's state as a chip (outlined: its text keeps the contrast axe asks for in both themes). */
export const StateChip = ({ state }: { readonly state: MailingState }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={stateColor[state]}
      label={t(`mailings.states.${state}`)}
      data-testid="mailing-state"
      data-state={state}
    />
  );
};

const statusColor: Record<RecipientStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'info',
  delivered: 'success',
  bounced: 'error',
  failed: 'error',
  opted_out: 'warning',
  unknown: 'default',
  cancelled: 'default',
};

export const RecipientStatusChip = ({ status }: { readonly status: RecipientStatus }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor[status]}
      label={t(`mailings.statuses.${status}`)}
      data-testid="recipient-status"
      data-status={status}
    />
  );
};
