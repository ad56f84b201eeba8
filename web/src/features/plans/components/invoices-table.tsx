import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { InvoiceView } from '@orbit/functions/plans/invoice-contract';
import { formatDay, formatMoney } from '../../../shared/i18n/money-format';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { formatPeriod } from '../utils/billing-format';
import { InvoiceStatusTag } from './invoice-status-tag';

/**
 * Invoices, one row each: the number (a link that opens the invoice, `?invoice=<id>`), the client
 * (for staff), the period, the issue and due days, the total, what is left to pay (while there is
 * something to pay: a paid or void invoice owes nothing) and the status.
 * A click anywhere on a row opens it too; the link is what keyboards and screen readers use.
 */
export const InvoicesTable = ({
  rows,
  caption,
  showClient,
  searchFor,
}: {
  readonly rows: readonly InvoiceView[];
  readonly caption: string;
  readonly showClient: boolean;
  /** The page's query string with `?invoice=<id>` set: where a row leads. */
  readonly searchFor: (invoiceId: string) => string;
}) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const language = i18n.language;
  const none = t('plans.common.none');
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    // Focusable: at phone width the table scrolls sideways inside it, and keyboards must reach that.
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="invoices-table">
        <caption style={visuallyHidden}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('plans.invoices.table.number')}</TableCell>
            {showClient ? <TableCell scope="col">{t('plans.invoices.table.client')}</TableCell> : null}
            <TableCell scope="col">{t('plans.invoices.table.period')}</TableCell>
            <TableCell scope="col">{t('plans.invoices.table.issued')}</TableCell>
            <TableCell scope="col">{t('plans.invoices.table.due')}</TableCell>
            <TableCell scope="col" align="right">
              {t('plans.invoices.table.total')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('plans.invoices.table.amountDue')}
            </TableCell>
            <TableCell scope="col">{t('plans.invoices.table.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((invoice) => {
            const search = searchFor(invoice.id);
            return (
              <TableRow
                key={invoice.id}
                hover
                data-testid="invoice-row"
                data-invoice-id={invoice.id}
                onClick={(event) => {
                  // The link handles its own click (and a middle or modified click opens a tab).
                  if ((event.target as HTMLElement).closest('a')) return;
                  void navigate({ search });
                }}
                sx={{ cursor: 'pointer' }}
              >
                <TableCell component="th" scope="row" sx={nowrap}>
                  <Link
                    component={RouterLink}
                    to={{ search }}
                    underline="hover"
                    aria-label={
                      invoice.number
                        ? t('plans.invoices.table.open', { number: invoice.number })
                        : t('plans.invoices.table.openDraft', { name: invoice.billedTo.fullName })
                    }
                    data-testid="invoice-link"
                    sx={{ fontWeight: 500 }}
                  >
                    {invoice.number ?? t('plans.invoices.table.draft')}
                  </Link>
                </TableCell>
                {showClient ? (
                  <TableCell sx={nowrap}>
                    <bdi>{invoice.billedTo.fullName}</bdi>
                  </TableCell>
                ) : null}
                <TableCell sx={nowrap}>{formatPeriod(invoice.periodStart, invoice.periodEnd, language)}</TableCell>
                <TableCell sx={nowrap}>{invoice.issuedAt ? formatDay(invoice.issuedAt, language) : none}</TableCell>
                <TableCell sx={nowrap}>{invoice.dueAt ? formatDay(invoice.dueAt, language) : none}</TableCell>
                <TableCell align="right" sx={nowrap}>
                  {formatMoney(invoice.total, invoice.currency, language)}
                </TableCell>
                <TableCell align="right" sx={nowrap} data-testid="invoice-amount-due">
                  {invoice.status === 'open' || invoice.status === 'draft'
                    ? formatMoney(invoice.amountDue, invoice.currency, language)
                    : none}
                </TableCell>
                <TableCell>
                  <InvoiceStatusTag invoice={invoice} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
