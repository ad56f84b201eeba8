import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubscriptionSummary } from '@orbit/functions/plans/contract';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { formatBillingDay, textIn } from '../utils/billing-format';
import { subscriptionState, SubscriptionStatusTag } from './subscription-status-tag';

export interface SubscriptionRowActions {
  /** Whether the admin may change subscriptions (update Subscription): the buttons show only then. */
  readonly canUpdate: boolean;
  /** The client whose row has a request on its way (its buttons wait). */
  readonly busyClientId: string | null;
  readonly onApprove: (row: SubscriptionSummary) => void;
  readonly onDecline: (row: SubscriptionSummary) => void;
  readonly onChange: (row: SubscriptionSummary) => void;
}

/**
 * Every client's subscription, by client: the plan and interval, when it renews (or ends), its
 * status, a pending request with approve and decline, and per row a change of plan and a link to
 * the client's invoices. `planName` names a plan by id (requests and scheduled changes carry ids).
 */
export const SubscriptionTable = ({
  rows,
  planName,
  actions,
}: {
  readonly rows: readonly SubscriptionSummary[];
  readonly planName: (planId: string) => string;
  readonly actions: SubscriptionRowActions;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const caption = t('plans.subscription.admin.caption');
  const lower = (interval: SubscriptionSummary['interval']) =>
    t(interval === 'year' ? 'plans.subscription.yearlyLower' : 'plans.subscription.monthlyLower');
  return (
    // Focusable: at phone width the table scrolls sideways inside it, and keyboards must reach that.
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="subscriptions-table">
        <caption style={visuallyHidden}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('plans.subscription.admin.client')}</TableCell>
            <TableCell scope="col">{t('plans.subscription.admin.plan')}</TableCell>
            <TableCell scope="col">{t('plans.subscription.admin.interval')}</TableCell>
            <TableCell scope="col">{t('plans.subscription.admin.renews')}</TableCell>
            <TableCell scope="col">{t('plans.subscription.admin.status')}</TableCell>
            <TableCell scope="col">{t('plans.subscription.admin.request')}</TableCell>
            <TableCell scope="col">{t('plans.subscription.admin.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const nameId = `subscription-${row.clientId}-client`;
            const busy = actions.busyClientId === row.clientId;
            const state = subscriptionState(row);
            return (
              <TableRow key={row.clientId} data-testid="subscription-row" data-client-id={row.clientId}>
                <TableCell component="th" scope="row" id={nameId} sx={{ whiteSpace: 'nowrap' }}>
                  <bdi>{row.clientName}</bdi>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="subscription-plan">
                  {textIn(row.planName, language)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="subscription-interval">
                  {t(row.interval === 'year' ? 'plans.common.yearly' : 'plans.common.monthly')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatBillingDay(row.currentPeriodEnd, language)}
                  {row.scheduledChange && state !== 'canceled' ? (
                    <Typography variant="body2" color="text.secondary" data-testid="subscription-scheduled">
                      {row.scheduledChange.planId === row.planId
                        ? t(`plans.subscription.admin.scheduled.${row.scheduledChange.interval}`, {
                            date: formatBillingDay(row.currentPeriodEnd, language),
                          })
                        : `${planName(row.scheduledChange.planId)} · ${t(
                            `plans.subscription.admin.scheduled.${row.scheduledChange.interval}`,
                            { date: formatBillingDay(row.currentPeriodEnd, language) },
                          )}`}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  <SubscriptionStatusTag state={state} />
                </TableCell>
                <TableCell data-testid="subscription-request">
                  {row.requestedChange ? (
                    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                        {t('plans.subscription.admin.requestValue', {
                          plan: planName(row.requestedChange.planId),
                          interval: lower(row.requestedChange.interval),
                        })}
                      </Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {formatBillingDay(row.requestedChange.requestedAt, language)}
                      </Typography>
                      {actions.canUpdate ? (
                        <Stack direction="row" spacing={1}>
                          <Button
                            size="small"
                            variant="contained"
                            disabled={busy}
                            aria-describedby={nameId}
                            onClick={() => actions.onApprove(row)}
                            data-testid="subscription-approve"
                          >
                            {t('plans.subscription.admin.approve')}
                          </Button>
                          <Button
                            size="small"
                            variant="outlined"
                            disabled={busy}
                            aria-describedby={nameId}
                            onClick={() => actions.onDecline(row)}
                            data-testid="subscription-decline"
                          >
                            {t('plans.subscription.admin.decline')}
                          </Button>
                        </Stack>
                      ) : null}
                    </Stack>
                  ) : (
                    t('plans.common.none')
                  )}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    {actions.canUpdate ? (
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={busy}
                        aria-describedby={nameId}
                        onClick={() => actions.onChange(row)}
                        sx={{ whiteSpace: 'nowrap' }}
                        data-testid="subscription-change"
                      >
                        {t('plans.subscription.admin.change')}
                      </Button>
                    ) : null}
                    <Button
                      size="small"
                      component={Link}
                      to={`?tab=invoices&client=${encodeURIComponent(row.clientId)}`}
                      aria-describedby={nameId}
                      sx={{ whiteSpace: 'nowrap' }}
                      data-testid="subscription-invoices"
                    >
                      {t('plans.subscription.admin.invoices')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
