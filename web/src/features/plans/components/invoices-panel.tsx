import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { invoiceStatusFilters, type InvoiceStatusFilter } from '@orbit/functions/plans/invoice-contract';
import { useAppAbility } from '../../../shared/session/use-session';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { NoticeSnackbar, type Notice } from '../../../shared/ui/notice-snackbar';
import { SegmentedControl } from '../../../shared/ui/segmented-control';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { Tag } from '../../../shared/ui/tag';
import { useInvoices, type InvoiceListFilter } from '../api/invoices';
import { InvoiceDialog, type CheckoutReturn } from './invoice-dialog';
import { InvoicesTable } from './invoices-table';

/** The staff's filter, in the order an invoice lives: drafts, open, overdue, then paid and void. */
const statusOrder = ['draft', 'open', 'overdue', 'paid', 'void'] as const satisfies readonly InvoiceStatusFilter[];
const defaultStatus: InvoiceStatusFilter = 'open';

const isStatus = (value: string | null): value is InvoiceStatusFilter =>
  invoiceStatusFilters.some((status) => status === value);

const checkoutOf = (value: string | null): CheckoutReturn => (value === 'done' || value === 'cancelled' ? value : null);

/**
 * The invoices tab (`?tab=invoices`; docs/plans.md, "Invoices"). A client sees their own, newest
 * first. Staff who read every invoice filter them by status (`&status=`, open by default), or see
 * one client's (`&client=<id>`, a link from elsewhere; the server lists by one or the other). An
 * invoice opens in a dialog from `&invoice=<id>`, the link the invoice mail carries, and the
 * payment provider sends the client back there with `&checkout=done|cancelled`.
 */
export const InvoicesPanel = () => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<Notice | null>(null);

  const canManage = ability.can('update', 'Invoice');
  const readsEvery = ability
    .rulesFor('read', 'Invoice')
    .some((rule) => !rule.inverted && rule.conditions === undefined);
  const staffView = readsEvery || canManage;
  const asked = params.get('status');
  const status = isStatus(asked) ? asked : defaultStatus;
  const clientId = staffView ? params.get('client') : null;
  const filter: InvoiceListFilter = !staffView ? {} : clientId ? { clientId } : { status };
  const pages = useInvoices(filter);
  const rows = pages.data?.pages.flatMap((page) => page.invoices) ?? [];
  const invoiceId = params.get('invoice');

  /** The page's query with changes, staying on this tab (a link from a mail may have had no `tab`). */
  const withParams = (changes: Readonly<Record<string, string | null>>): URLSearchParams => {
    const next = new URLSearchParams(params);
    next.set('tab', 'invoices');
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };

  const heading = staffView ? t('plans.invoices.heading') : t('plans.invoices.headingMine');
  const clientName = rows[0]?.billedTo.fullName;
  const emptyText = !staffView
    ? null
    : clientId
      ? t('plans.invoices.empty.client')
      : t(`plans.invoices.empty.${status}`);

  return (
    <Paper variant="outlined" component="section" aria-labelledby="invoices-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="invoices-heading" variant="h6" component="h2">
        {heading}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {staffView ? t('plans.invoices.introStaff') : t('plans.invoices.introMine')}
      </Typography>
      {staffView ? (
        <Stack direction="row" sx={{ mb: 2, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {clientId ? (
            <>
              <Tag
                label={
                  clientName
                    ? t('plans.invoices.filter.client', { name: clientName })
                    : t('plans.invoices.filter.clientUnknown')
                }
                color="primary"
                variant="outlined"
                data-testid="invoices-client-filter"
              />
              <Button
                size="small"
                onClick={() => setParams(withParams({ client: null }))}
                data-testid="invoices-clear-client"
              >
                {t('plans.invoices.filter.clearClient')}
              </Button>
            </>
          ) : (
            <SegmentedControl
              label={t('plans.invoices.filter.label')}
              value={status}
              options={statusOrder.map((value) => ({ value, label: t(`plans.invoices.status.${value}`) }))}
              onChange={(value) => setParams(withParams({ status: value }))}
              sx={{ flexWrap: 'wrap', maxWidth: '100%' }}
            />
          )}
        </Stack>
      ) : null}
      {pages.isError ? (
        <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={() => void pages.refetch()}>
          {t('plans.common.loadFailed')}
        </LoadFailedAlert>
      ) : !pages.data ? (
        <SkeletonBlock height={240} />
      ) : rows.length === 0 ? (
        emptyText ? (
          <Typography color="text.secondary" data-testid="invoices-empty">
            {emptyText}
          </Typography>
        ) : (
          <Stack spacing={0.5} data-testid="invoices-empty">
            <Typography sx={{ fontWeight: 500 }}>{t('plans.invoices.empty.mine')}</Typography>
            <Typography color="text.secondary">{t('plans.invoices.empty.mineHint')}</Typography>
          </Stack>
        )
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <InvoicesTable
            rows={rows}
            caption={heading}
            showClient={staffView}
            searchFor={(id) => `?${withParams({ invoice: id, checkout: null }).toString()}`}
          />
          {pages.hasNextPage ? (
            <Button
              variant="outlined"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
              data-testid="invoices-load-more"
            >
              {t('plans.common.loadMore')}
            </Button>
          ) : null}
        </Stack>
      )}
      {invoiceId ? (
        <InvoiceDialog
          // A new invoice is a new dialog: no mode or message carried over from the last one.
          key={invoiceId}
          invoiceId={invoiceId}
          checkout={checkoutOf(params.get('checkout'))}
          canManage={canManage}
          readsEvery={readsEvery}
          onClose={() => setParams(withParams({ invoice: null, checkout: null }))}
          onNotice={setNotice}
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Paper>
  );
};
