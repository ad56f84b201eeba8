import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvoiceListResponse,
  InvoiceResponse,
  InvoiceStatusFilter,
  RecordPayment,
} from '@orbit/functions/plans/invoice-contract';
import type { CheckoutResponse, PaymentProviderResponse } from '@orbit/functions/payments/contract';
import { apiRequest, queryString } from '../../../shared/api/api-client';
import { downloadFile } from '../../../shared/api/download-file';

/**
 * Invoices (docs/plans.md, "Invoices", "Invoice PDF", "Paying online"): a client's own, an
 * admin's by status or by client; one invoice; the admins' issue, void and recorded payment; the
 * PDF; the online checkout when a provider is configured.
 */

const basePath = '/api/apps/plans/invoices';
const invoicePath = (id: string) => `${basePath}/${encodeURIComponent(id)}`;
const pageSize = 25;

export const invoicesKey = ['invoices'] as const;
const invoiceKey = (id: string) => [...invoicesKey, 'one', id] as const;

/** A list's filter: a client's own (no filter), or an admin's by status or by client. */
export type InvoiceListFilter =
  | { readonly status?: undefined; readonly clientId?: undefined }
  | { readonly status: InvoiceStatusFilter; readonly clientId?: undefined }
  | { readonly status?: undefined; readonly clientId: string };

export const useInvoices = (filter: InvoiceListFilter) =>
  useInfiniteQuery({
    queryKey: [...invoicesKey, 'list', filter],
    queryFn: ({ signal, pageParam }) =>
      apiRequest<InvoiceListResponse>(`${basePath}${queryString({ ...filter, limit: pageSize, cursor: pageParam })}`, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const invoiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: invoiceKey(id),
    queryFn: ({ signal }) => apiRequest<InvoiceResponse>(invoicePath(id), { signal }),
    retry: false,
  });

/** After an admin's action: the invoice as answered, and every list and sum that shows it. */
const useInvoiceAction = <Body>(send: (id: string, body: Body) => Promise<InvoiceResponse>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { readonly id: string; readonly body: Body }) => send(id, body),
    onSuccess: async (answer) => {
      queryClient.setQueryData(invoiceKey(answer.invoice.id), answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [...invoicesKey, 'list'] }),
        // The overview sums open invoices; issuing applies credit that the subscription's preview showed.
        queryClient.invalidateQueries({ queryKey: ['plans'] }),
      ]);
    },
  });
};

/** Draft → open now (update Invoice): the year's next number, credit applied, mailed. */
export const useIssueInvoice = () =>
  useInvoiceAction((id, _body: undefined) =>
    apiRequest<InvoiceResponse>(`${invoicePath(id)}/issue`, { method: 'POST' }),
  );

/** Draft or open → void (update Invoice); an open invoice's credit goes back to the client. */
export const useVoidInvoice = () =>
  useInvoiceAction((id, _body: undefined) =>
    apiRequest<InvoiceResponse>(`${invoicePath(id)}/void`, { method: 'POST' }),
  );

/** Open → paid (update Invoice): the whole amount due, received on a day by a method. */
export const useRecordPayment = () =>
  useInvoiceAction((id, body: RecordPayment) =>
    apiRequest<InvoiceResponse>(`${invoicePath(id)}/payments`, { method: 'POST', body }),
  );

/** Saves the invoice's PDF in a language (the server's default is the client's). */
export const downloadInvoicePdf = (id: string, language?: string) =>
  downloadFile(`${invoicePath(id)}/pdf${queryString({ lang: language })}`);

/** Whether paying online is configured (the "Pay online" button is shown only then). */
export const usePaymentProvider = () =>
  useQuery({
    queryKey: ['payments', 'provider'],
    queryFn: ({ signal }) => apiRequest<PaymentProviderResponse>('/api/payments/provider', { signal }),
    staleTime: Infinity,
  });

/** Opens a checkout session for an open invoice (the client themself) and answers where to go to pay. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (id: string) => apiRequest<CheckoutResponse>(`${invoicePath(id)}/checkout`, { method: 'POST' }),
  });
