import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InvoiceView } from '@orbit/functions/plans/invoice-contract';
import { isApiError } from '../../../shared/api/api-error';
import { useSession } from '../../../shared/session/use-session';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import type { Notice } from '../../../shared/ui/notice-snackbar';
import { ProgressBar } from '../../../shared/ui/progress-bar';
import {
  downloadInvoicePdf,
  invoiceQueryOptions,
  invoicesKey,
  useCheckout,
  useIssueInvoice,
  usePaymentProvider,
  useVoidInvoice,
} from '../api/invoices';
import { InvoiceDetails } from './invoice-details';
import { InvoicePaymentForm } from './invoice-payment-form';
import { InvoiceStatusTag } from './invoice-status-tag';

/** Back from the payment provider's page (`?checkout=`), as the checkout session's URLs say. */
export type CheckoutReturn = 'done' | 'cancelled' | null;

/** After paying online the provider's webhook marks the invoice paid: ask every 3 s, for 2 minutes at most. */
const confirmationPollMs = 3_000;
const confirmationPolls = 40;

/** The reader's interface language as one of the invoice languages (English when it is another). */
const languageKey = (language: string): 'en' | 'fr' | 'ar' =>
  language === 'fr' || language === 'ar' ? language : 'en';

type Mode = 'view' | 'pay' | 'void';

/** What the dialog says above the invoice: a refused action's reason, or a failure. */
type Problem = { readonly key: ParseKeys; readonly severity: 'warning' | 'error' };

const failureOf = (error: unknown): Problem => ({
  key: isApiError(error) && error.code === 'network' ? 'plans.common.network' : 'plans.common.failed',
  severity: 'error',
});

/**
 * One invoice (`?invoice=<id>`, the invoice mail's link): its details, its PDF in the client's
 * language (or the reader's), and what may be done with it now: the client pays an open one
 * online when a provider is configured; admins issue a draft, record an open one's payment, or
 * void either after confirming.
 */
export const InvoiceDialog = ({
  invoiceId,
  checkout,
  canManage,
  readsEvery,
  onClose,
  onNotice,
}: {
  readonly invoiceId: string;
  readonly checkout: CheckoutReturn;
  /** May issue, void and record payments (update Invoice). */
  readonly canManage: boolean;
  /** Reads every client's invoices: the agency's side, whose PDF is in the client's language by default. */
  readonly readsEvery: boolean;
  readonly onClose: () => void;
  readonly onNotice: (notice: Notice) => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const me = useSession().userData?.id;
  const invoice = useQuery({
    ...invoiceQueryOptions(invoiceId),
    refetchInterval: (query) =>
      checkout === 'done' &&
      query.state.data?.invoice.status === 'open' &&
      query.state.dataUpdateCount < confirmationPolls
        ? confirmationPollMs
        : false,
  });
  const provider = usePaymentProvider();
  const issue = useIssueInvoice();
  const voiding = useVoidInvoice();
  const pay = useCheckout();
  const [mode, setMode] = useState<Mode>('view');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const shown = invoice.data?.invoice;
  const status = shown?.status;
  // The webhook's payment shows in the list too once the polled invoice turns paid.
  useEffect(() => {
    if (checkout === 'done' && status === 'paid') {
      void queryClient.invalidateQueries({ queryKey: [...invoicesKey, 'list'] });
    }
  }, [checkout, status, queryClient]);

  /** A 409: the invoice is not what the reader saw; show it as it is now and say why nothing happened. */
  const changedMeanwhile = (key: ParseKeys) => {
    setMode('view');
    setProblem({ key, severity: 'warning' });
    void invoice.refetch();
  };

  const act = async (
    run: () => Promise<{ invoice: InvoiceView }>,
    done: (invoice: InvoiceView) => string,
    conflictKey: ParseKeys,
  ) => {
    setProblem(null);
    try {
      const answer = await run();
      setMode('view');
      onNotice({ severity: 'success', text: done(answer.invoice) });
    } catch (error) {
      if (isApiError(error) && error.status === 409) changedMeanwhile(conflictKey);
      else setProblem(failureOf(error));
    }
  };

  const download = async (key: string, pdfLanguage?: string) => {
    setProblem(null);
    setDownloading(key);
    try {
      await downloadInvoicePdf(invoiceId, pdfLanguage);
    } catch {
      setProblem({ key: 'plans.invoices.pdf.failed', severity: 'error' });
    } finally {
      setDownloading(null);
    }
  };

  const payOnline = async () => {
    setProblem(null);
    try {
      const { url } = await pay.mutateAsync(invoiceId);
      window.location.assign(url);
    } catch (error) {
      if (isApiError(error) && error.status === 409) changedMeanwhile('plans.invoices.pay.notOpen');
      else setProblem(failureOf(error));
    }
  };

  const busy = issue.isPending || voiding.isPending || pay.isPending;
  const titleId = 'invoice-dialog-title';
  const title = !shown
    ? t('plans.invoices.heading')
    : mode === 'pay'
      ? t('plans.invoices.payment.title')
      : mode === 'void'
        ? t('plans.invoices.void.title')
        : shown.number
          ? t('plans.invoices.dialog.title', { number: shown.number })
          : t('plans.invoices.dialog.titleDraft');

  const checkoutAlert = (() => {
    if (!shown || mode !== 'view') return null;
    if (checkout === 'cancelled' && shown.status === 'open') {
      return <InlineAlert severity="info">{t('plans.invoices.checkout.cancelled')}</InlineAlert>;
    }
    if (checkout !== 'done') return null;
    if (shown.status === 'paid') {
      return <InlineAlert severity="success">{t('plans.invoices.checkout.confirmed')}</InlineAlert>;
    }
    if (shown.status !== 'open') return null;
    const fetched = queryClient.getQueryState(invoiceQueryOptions(invoiceId).queryKey)?.dataUpdateCount ?? 0;
    const stillPolling = fetched < confirmationPolls;
    return (
      <InlineAlert severity="info">
        {stillPolling ? t('plans.invoices.checkout.done') : t('plans.invoices.checkout.waiting')}
      </InlineAlert>
    );
  })();

  const body = (() => {
    if (invoice.isError) {
      const missing = isApiError(invoice.error) && (invoice.error.status === 404 || invoice.error.status === 403);
      return missing ? (
        <InlineAlert severity="error">{t('plans.invoices.dialog.notFound')}</InlineAlert>
      ) : (
        <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={() => void invoice.refetch()}>
          {t('plans.common.loadFailed')}
        </LoadFailedAlert>
      );
    }
    if (!shown) return <ProgressBar aria-label={t('plans.invoices.dialog.loading')} />;
    if (mode === 'pay') {
      return (
        <InvoicePaymentForm
          invoice={shown}
          onBack={() => setMode('view')}
          onNoLongerOpen={() => changedMeanwhile('plans.invoices.actions.noLongerOpen')}
          onRecorded={(paid) => {
            setMode('view');
            onNotice({
              severity: 'success',
              text: t('plans.invoices.actions.recorded', { number: paid.number ?? '' }),
            });
          }}
        />
      );
    }
    if (mode === 'void') {
      return (
        <Typography data-testid="invoice-void-message">
          {shown.status === 'open'
            ? t('plans.invoices.void.messageOpen', { number: shown.number ?? '' })
            : t('plans.invoices.void.messageDraft')}
        </Typography>
      );
    }
    return <InvoiceDetails invoice={shown} />;
  })();

  // The agency's PDF is in the client's language by default (the server's when none is asked), with the reader's as a second choice.
  const agencySide = readsEvery || canManage;
  const clientLanguage = shown?.billedTo.language;
  const canPayOnline =
    shown?.status === 'open' && shown.clientId === me && provider.data?.online === true && mode === 'view';

  const viewActions = shown ? (
    <>
      {agencySide ? (
        <>
          <Button
            variant="outlined"
            disabled={downloading !== null}
            onClick={() => void download('client')}
            data-testid="invoice-download"
          >
            {downloading === 'client' ? t('plans.invoices.pdf.downloading') : t('plans.invoices.pdf.download')}
          </Button>
          {clientLanguage !== language ? (
            <Button
              disabled={downloading !== null}
              onClick={() => void download('mine', language)}
              data-testid="invoice-download-mine"
            >
              {downloading === 'mine'
                ? t('plans.invoices.pdf.downloading')
                : t('plans.invoices.pdf.downloadIn', {
                    language: t(`plans.invoices.languages.${languageKey(language)}`),
                  })}
            </Button>
          ) : null}
        </>
      ) : (
        <Button
          variant="outlined"
          disabled={downloading !== null}
          onClick={() => void download('mine', language)}
          data-testid="invoice-download"
        >
          {downloading ? t('plans.invoices.pdf.downloading') : t('plans.invoices.pdf.download')}
        </Button>
      )}
      {canPayOnline ? (
        <Button variant="contained" disabled={busy} onClick={() => void payOnline()} data-testid="invoice-pay-online">
          {pay.isPending ? t('plans.invoices.pay.opening') : t('plans.invoices.pay.online')}
        </Button>
      ) : null}
      {canManage && shown.status === 'draft' ? (
        <Button
          variant="contained"
          disabled={busy}
          data-testid="invoice-issue"
          onClick={() =>
            void act(
              () => issue.mutateAsync({ id: shown.id, body: undefined }),
              (issued) => t('plans.invoices.actions.issued', { number: issued.number ?? '' }),
              'plans.invoices.actions.noLongerDraft',
            )
          }
        >
          {issue.isPending ? t('plans.invoices.actions.issuing') : t('plans.invoices.actions.issue')}
        </Button>
      ) : null}
      {canManage && shown.status === 'open' ? (
        <Button
          variant="contained"
          disabled={busy}
          onClick={() => {
            setProblem(null);
            setMode('pay');
          }}
          data-testid="invoice-record-payment"
        >
          {t('plans.invoices.actions.record')}
        </Button>
      ) : null}
      {canManage && (shown.status === 'draft' || shown.status === 'open') ? (
        <Button
          color="error"
          disabled={busy}
          onClick={() => {
            setProblem(null);
            setMode('void');
          }}
          data-testid="invoice-void"
        >
          {t('plans.invoices.actions.void')}
        </Button>
      ) : null}
    </>
  ) : null;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      data-testid="invoice-dialog"
      // Phones get the whole screen: the lines and sums need the width.
      slotProps={{
        paper: {
          sx: { m: { xs: 0, sm: 4 }, width: { xs: '100%' }, maxHeight: { xs: '100%', sm: 'calc(100% - 64px)' } },
        },
      }}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <span data-testid="invoice-dialog-title">{title}</span>
        {shown && mode === 'view' ? <InvoiceStatusTag invoice={shown} /> : null}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5 }}>
        {checkoutAlert}
        {problem ? (
          <InlineAlert severity={problem.severity}>
            <span data-testid="invoice-problem">{t(problem.key)}</span>
          </InlineAlert>
        ) : null}
        {body}
        {agencySide && clientLanguage && mode === 'view' ? (
          <Typography variant="body2" color="text.secondary">
            {t('plans.invoices.pdf.clientLanguage', {
              language: t(`plans.invoices.languages.${clientLanguage}`),
            })}
          </Typography>
        ) : null}
      </DialogContent>
      {mode === 'pay' ? null : (
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          {mode === 'void' && shown ? (
            <>
              <Button onClick={() => setMode('view')} disabled={voiding.isPending}>
                {t('plans.invoices.void.keep')}
              </Button>
              <Button
                color="error"
                variant="contained"
                disabled={voiding.isPending}
                data-testid="invoice-void-confirm"
                onClick={() =>
                  void act(
                    () => voiding.mutateAsync({ id: shown.id, body: undefined }),
                    () => t('plans.invoices.actions.voided'),
                    'plans.invoices.actions.noLongerVoidable',
                  )
                }
              >
                {voiding.isPending ? t('plans.invoices.void.voiding') : t('plans.invoices.void.confirm')}
              </Button>
            </>
          ) : (
            <>
              <Box
                role="group"
                aria-label={t('plans.invoices.dialog.actions')}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, marginInlineEnd: 'auto' }}
              >
                {viewActions}
              </Box>
              <Button onClick={onClose} disabled={busy} data-testid="invoice-dialog-close">
                {t('plans.common.close')}
              </Button>
            </>
          )}
        </DialogActions>
      )}
    </Dialog>
  );
};
