import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MoneyCount, PlansOverview } from '@orbit/functions/plans/contract';
import { formatMoney } from '../../../shared/i18n/money-format';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { Tag } from '../../../shared/ui/tag';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { useOverview } from '../api/plans';
import { textIn } from '../utils/billing-format';

const Card = ({
  id,
  title,
  children,
  accent,
  badge,
  action,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
  /** The colour of the card's start edge: overdue money is a warning. */
  readonly accent: 'primary' | 'info' | 'warning';
  readonly badge?: ReactNode;
  readonly action?: ReactNode;
}) => (
  <Paper
    variant="outlined"
    component="section"
    aria-labelledby={`${id}-heading`}
    data-testid={id}
    sx={{
      p: { xs: 2, sm: 2.5 },
      display: 'flex',
      flexDirection: 'column',
      gap: 1,
      minWidth: 0,
      borderInlineStartWidth: 4,
      borderInlineStartColor: `${accent}.main`,
    }}
  >
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography id={`${id}-heading`} variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {badge}
    </Stack>
    <Box sx={{ flexGrow: 1 }}>{children}</Box>
    {action}
  </Paper>
);

/** One line per currency: the count of invoices and what they leave to pay. */
const InvoiceSums = ({ sums, empty }: { readonly sums: readonly MoneyCount[]; readonly empty: string }) => {
  const { t, i18n } = useTranslation();
  if (sums.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <Stack spacing={0.5}>
      {sums.map((sum) => (
        <Box key={sum.currency} data-testid="overview-invoice-sum" data-currency={sum.currency}>
          <Typography variant="h5" component="p" data-testid="overview-amount">
            {formatMoney(sum.amount, sum.currency, i18n.language)}
          </Typography>
          <Typography color="text.secondary" data-testid="overview-count">
            {t('plans.overview.invoices', { count: sum.count })}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
};

const SubscribersTable = ({ overview }: { readonly overview: PlansOverview }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const rows = overview.subscribers;
  const monthly = rows.reduce((sum, row) => sum + row.monthly, 0);
  const yearly = rows.reduce((sum, row) => sum + row.yearly, 0);
  const caption = t('plans.overview.perPlan');
  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('plans.overview.perPlanEmpty')}</Typography>;
  }
  return (
    // Focusable: at phone width the table scrolls sideways inside it, and keyboards must reach that.
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="overview-plans-table">
        <caption style={visuallyHidden}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('plans.overview.plan')}</TableCell>
            <TableCell scope="col" align="right">
              {t('plans.overview.monthly')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('plans.overview.yearly')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('plans.overview.total')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.planId} data-testid="overview-plan-row" data-plan-id={row.planId}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                {textIn(row.planName, i18n.language)}
              </TableCell>
              <TableCell align="right" data-testid="overview-monthly">
                {number.format(row.monthly)}
              </TableCell>
              <TableCell align="right" data-testid="overview-yearly">
                {number.format(row.yearly)}
              </TableCell>
              <TableCell align="right" data-testid="overview-total">
                {number.format(row.monthly + row.yearly)}
              </TableCell>
            </TableRow>
          ))}
          <TableRow data-testid="overview-plans-total">
            <TableCell component="th" scope="row" sx={{ fontWeight: 700, borderBottom: 0 }}>
              {t('plans.overview.allPlans')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, borderBottom: 0 }}>
              {number.format(monthly)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, borderBottom: 0 }}>
              {number.format(yearly)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700, borderBottom: 0 }}>
              {number.format(monthly + yearly)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
};

const OverviewView = ({ overview }: { readonly overview: PlansOverview }) => {
  const { t, i18n } = useTranslation();
  const overdueCount = overview.overdueInvoices.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <Stack spacing={3}>
      <Box
        component="section"
        aria-labelledby="overview-summary-heading"
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}
      >
        <Typography id="overview-summary-heading" component="h2" sx={visuallyHidden}>
          {t('plans.overview.summary')}
        </Typography>
        <Card id="overview-mrr" title={t('plans.overview.mrr')} accent="primary">
          {overview.mrr.length === 0 ? (
            <Typography color="text.secondary">{t('plans.overview.mrrNone')}</Typography>
          ) : (
            <Stack spacing={0.5}>
              {overview.mrr.map((entry) => (
                <Typography
                  key={entry.currency}
                  variant="h5"
                  component="p"
                  data-testid="overview-mrr-amount"
                  data-currency={entry.currency}
                >
                  {formatMoney(entry.amount, entry.currency, i18n.language)}
                </Typography>
              ))}
            </Stack>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('plans.overview.mrrHint')}
          </Typography>
        </Card>
        <Card
          id="overview-open"
          title={t('plans.overview.open')}
          accent="info"
          action={
            <Button
              component={Link}
              to="?tab=invoices&status=open"
              size="small"
              sx={{ alignSelf: 'flex-start' }}
              data-testid="overview-open-link"
            >
              {t('plans.overview.viewOpen')}
            </Button>
          }
        >
          <InvoiceSums sums={overview.openInvoices} empty={t('plans.overview.openNone')} />
        </Card>
        <Card
          id="overview-overdue"
          title={t('plans.overview.overdue')}
          accent={overdueCount > 0 ? 'warning' : 'info'}
          badge={
            overdueCount > 0 ? (
              <Tag label={t('plans.overview.invoices', { count: overdueCount })} color="warning" variant="outlined" />
            ) : null
          }
          action={
            <Button
              component={Link}
              to="?tab=invoices&status=overdue"
              size="small"
              sx={{ alignSelf: 'flex-start' }}
              data-testid="overview-overdue-link"
            >
              {t('plans.overview.viewOverdue')}
            </Button>
          }
        >
          <InvoiceSums sums={overview.overdueInvoices} empty={t('plans.overview.overdueNone')} />
        </Card>
      </Box>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="overview-plans-heading"
        sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}
      >
        <Typography id="overview-plans-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('plans.overview.perPlan')}
        </Typography>
        <SubscribersTable overview={overview} />
      </Paper>
    </Stack>
  );
};

/**
 * The admins' figures (docs/plans.md, "Overview"): monthly recurring revenue per currency, open
 * and overdue invoices (count and amount due per currency, each linking to the invoices tab so
 * filtered) and clients per plan and interval.
 */
export const OverviewPanel = () => {
  const { t } = useTranslation();
  const overview = useOverview();
  if (overview.isError) {
    return (
      <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={() => void overview.refetch()}>
        {t('plans.common.loadFailed')}
      </LoadFailedAlert>
    );
  }
  if (!overview.data) return <SkeletonBlock height={320} />;
  return <OverviewView overview={overview.data.overview} />;
};
