import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceLine, InvoiceView } from '@orbit/functions/plans/invoice-contract';
import { formatDay, formatMoney, formatPercent } from '../../../shared/i18n/money-format';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { formatBillingDay, formatPeriod, textIn } from '../utils/billing-format';

/** Label and value pairs (a `<dl>`), two or four to a row as the width allows. */
const Facts = ({ items }: { readonly items: readonly (readonly [string, ReactNode, string])[] }) => (
  <Box
    component="dl"
    sx={{
      display: 'grid',
      gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
      gap: 2,
      m: 0,
    }}
  >
    {items.map(([label, value, testId]) => (
      <Box key={testId} sx={{ minWidth: 0 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
          {value}
        </Typography>
      </Box>
    ))}
  </Box>
);

/** What a line is for, as the PDF says it: the plan and its period, or a plan change's share of days. */
const LineText = ({ line }: { readonly line: InvoiceLine }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const plan = textIn(line.planName, language);
  const period = formatPeriod(line.periodStart, line.periodEnd, language);
  const number = new Intl.NumberFormat(language);
  return line.kind === 'plan' ? (
    <>
      <bdi>{plan}</bdi>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {line.interval === 'month' ? t('plans.common.monthly') : t('plans.common.yearly')} · {period}
      </Typography>
    </>
  ) : (
    <>
      {line.direction === 'unused'
        ? t('plans.invoices.lines.unused', { plan })
        : t('plans.invoices.lines.remaining', { plan })}
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {t('plans.invoices.lines.days', {
          count: line.days,
          days: number.format(line.days),
          total: number.format(line.periodDays),
        })}{' '}
        · {period}
      </Typography>
    </>
  );
};

/**
 * One invoice as the client reads it (the PDF's content, docs/plans.md "Invoice PDF"): who it
 * bills, its dates, its lines, the sums down to the amount due, and how it was paid or when it
 * was voided.
 */
export const InvoiceDetails = ({ invoice }: { readonly invoice: InvoiceView }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (minor: number) => formatMoney(minor, invoice.currency, language);
  const none = t('plans.common.none');
  const sums: (readonly [string, number, string, boolean])[] = [
    [t('plans.invoices.dialog.subtotal'), invoice.subtotal, 'invoice-subtotal', false],
    [
      t('plans.invoices.dialog.tax', { rate: formatPercent(invoice.taxRateBps, language) }),
      invoice.tax,
      'invoice-tax',
      false,
    ],
    [t('plans.invoices.dialog.total'), invoice.total, 'invoice-total', true],
    ...(invoice.creditApplied > 0
      ? [[t('plans.invoices.dialog.credit'), -invoice.creditApplied, 'invoice-credit', false] as const]
      : []),
    [t('plans.invoices.dialog.amountDue'), invoice.amountDue, 'invoice-amount-due', true],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Facts
        items={[
          [
            t('plans.invoices.dialog.billedTo'),
            <>
              <bdi>{invoice.billedTo.fullName}</bdi>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                <bdi>{invoice.billedTo.email}</bdi>
              </Typography>
            </>,
            'invoice-billed-to',
          ],
          [
            t('plans.invoices.dialog.period'),
            formatPeriod(invoice.periodStart, invoice.periodEnd, language),
            'invoice-period',
          ],
          [
            t('plans.invoices.dialog.issued'),
            invoice.issuedAt ? formatDay(invoice.issuedAt, language) : t('plans.invoices.dialog.notIssued'),
            'invoice-issued',
          ],
          [t('plans.invoices.dialog.due'), invoice.dueAt ? formatDay(invoice.dueAt, language) : none, 'invoice-due'],
        ]}
      />
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={t('plans.invoices.dialog.lines')}
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small" data-testid="invoice-lines">
          <caption style={visuallyHidden}>{t('plans.invoices.dialog.lines')}</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col">{t('plans.invoices.dialog.description')}</TableCell>
              <TableCell scope="col" align="right">
                {t('plans.invoices.dialog.amount')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.lines.map((line, index) => (
              <TableRow key={index} data-testid="invoice-line" data-kind={line.kind}>
                <TableCell>
                  <LineText line={line} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                  {money(line.amount)}
                </TableCell>
              </TableRow>
            ))}
            {sums.map(([label, amount, testId, strong]) => (
              <TableRow key={testId}>
                <TableCell component="th" scope="row" align="right" sx={{ fontWeight: strong ? 600 : undefined }}>
                  {label}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ whiteSpace: 'nowrap', fontWeight: strong ? 600 : undefined }}
                  data-testid={testId}
                >
                  {money(amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {invoice.payment ? (
        <Box component="section" aria-labelledby="invoice-payment-heading">
          <Typography id="invoice-payment-heading" variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {t('plans.invoices.dialog.payment')}
          </Typography>
          <Facts
            items={[
              [
                t('plans.invoices.dialog.paidOn'),
                formatBillingDay(invoice.payment.paidOn, language),
                'invoice-paid-on',
              ],
              [
                t('plans.invoices.dialog.method'),
                t(`plans.invoices.methods.${invoice.payment.method}`),
                'invoice-payment-method',
              ],
              [
                t('plans.invoices.dialog.reference'),
                invoice.payment.reference ? <bdi>{invoice.payment.reference}</bdi> : none,
                'invoice-payment-reference',
              ],
            ]}
          />
        </Box>
      ) : null}
      {invoice.status === 'void' && invoice.voidedAt ? (
        <Typography color="text.secondary" data-testid="invoice-voided">
          {t('plans.invoices.dialog.voided', { day: formatDay(invoice.voidedAt, language) })}
        </Typography>
      ) : null}
    </Box>
  );
};
