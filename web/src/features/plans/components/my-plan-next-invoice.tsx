import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NextInvoicePreview } from '@orbit/functions/plans/contract';
import { formatMoney, formatPercent } from '../../../shared/i18n/money-format';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { formatBillingDay, formatPeriod, textIn } from '../utils/billing-format';

type Line = NextInvoicePreview['lines'][number];

/** A line in words: the plan and its period, or a plan change's unused or remaining days. */
const useLineWords = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  return (line: Line): { readonly title: string; readonly detail: string } => {
    const plan = textIn(line.planName, language);
    if (line.kind === 'plan') {
      return {
        title: t('plans.subscription.next.planLine', {
          plan,
          interval: t(line.interval === 'year' ? 'plans.subscription.yearlyLower' : 'plans.subscription.monthlyLower'),
        }),
        detail: formatPeriod(line.periodStart, line.periodEnd, language),
      };
    }
    return {
      title: t(`plans.subscription.next.${line.direction}`, { plan }),
      detail: `${t('plans.subscription.next.daysOf', {
        count: line.periodDays,
        days: number.format(line.days),
      })} · ${formatPeriod(line.periodStart, line.periodEnd, language)}`,
    };
  };
};

/**
 * The next invoice as it stands (the server's preview): when it comes, the next period's plan
 * line and any proration of a plan change, the sums, the referral credit it will take and what
 * is left to pay.
 */
export const NextInvoice = ({ preview }: { readonly preview: NextInvoicePreview }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (amount: number) => formatMoney(amount, preview.currency, language);
  const words = useLineWords();
  const prorated = preview.lines.some((line) => line.kind === 'proration');
  const sums: readonly { readonly id: string; readonly label: string; readonly amount: number }[] = [
    { id: 'subtotal', label: t('plans.subscription.next.subtotal'), amount: preview.subtotal },
    {
      id: 'tax',
      label: t('plans.subscription.next.tax', { rate: formatPercent(preview.taxRateBps, language) }),
      amount: preview.tax,
    },
    { id: 'total', label: t('plans.subscription.next.total'), amount: preview.total },
    ...(preview.creditApplied > 0
      ? [{ id: 'credit', label: t('plans.subscription.next.credit'), amount: -preview.creditApplied }]
      : []),
  ];
  return (
    <Stack spacing={2} data-testid="next-invoice">
      <Typography color="text.secondary" data-testid="next-invoice-date">
        {t('plans.subscription.next.date', { date: formatBillingDay(preview.date, language) })}
      </Typography>
      {/* Focusable: at phone width the table may scroll sideways inside it, and keyboards must reach that. */}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={t('plans.subscription.next.linesCaption')}
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small">
          <caption style={visuallyHidden}>{t('plans.subscription.next.linesCaption')}</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('plans.subscription.next.description')}</TableCell>
              <TableCell scope="col" align="right">
                {t('plans.subscription.next.amount')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.lines.map((line, index) => {
              const { title, detail } = words(line);
              return (
                <TableRow
                  key={`${line.kind}-${line.planId}-${index}`}
                  data-testid="next-invoice-line"
                  data-kind={line.kind === 'plan' ? 'plan' : line.direction}
                >
                  <TableCell component="th" scope="row">
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {detail}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {money(line.amount)}
                  </TableCell>
                </TableRow>
              );
            })}
            {sums.map((sum) => (
              <TableRow key={sum.id} data-testid={`next-invoice-${sum.id}`}>
                <TableCell component="th" scope="row" align="right" sx={{ color: 'text.secondary' }}>
                  {sum.label}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(sum.amount)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow data-testid="next-invoice-due">
              <TableCell component="th" scope="row" align="right" sx={{ fontWeight: 700, borderBottom: 0 }}>
                {t('plans.subscription.next.amountDue')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap', borderBottom: 0 }}>
                <span data-testid="next-invoice-amount-due">{money(preview.amountDue)}</span>
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
      {prorated ? (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('plans.subscription.next.prorationNote')}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );
};
