import { useTranslation } from 'react-i18next';
import type { InvoiceView } from '@orbit/functions/plans/invoice-contract';
import { Tag, type TagColor, type TagVariant } from '../../../shared/ui/tag';
import { displayStatusOf, type InvoiceDisplayStatus } from '../utils/invoice-format';

/** Draft is work in progress (dashed), open waits, overdue is late, paid is done, void is out of play. Outlined: its text keeps 4.5:1 in both themes (Tag). */
const looks = {
  draft: { color: 'default', variant: 'dashed' },
  open: { color: 'info', variant: 'outlined' },
  overdue: { color: 'error', variant: 'outlined' },
  paid: { color: 'success', variant: 'outlined' },
  void: { color: 'default', variant: 'outlined' },
} as const satisfies Record<InvoiceDisplayStatus, { color: TagColor; variant: TagVariant }>;

export const InvoiceStatusTag = ({ invoice }: { readonly invoice: Pick<InvoiceView, 'status' | 'overdue'> }) => {
  const { t } = useTranslation();
  const status = displayStatusOf(invoice);
  return (
    <Tag
      label={t(`plans.invoices.status.${status}`)}
      color={looks[status].color}
      variant={looks[status].variant}
      data-testid="invoice-status"
      data-status={status}
    />
  );
};
