import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  invoiceLimits,
  recordedPaymentMethods,
  recordPaymentSchema,
  type InvoiceView,
  type RecordPayment,
} from '@orbit/functions/plans/invoice-contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatMoney } from '../../../shared/i18n/money-format';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useRecordPayment } from '../api/invoices';
import { todayInput } from '../utils/invoice-format';

type Field = keyof RecordPayment;

/** The contract's rules, said in the reader's language: one message per field. */
const messageKey: Record<Field, ParseKeys> = {
  method: 'plans.invoices.payment.errors.method',
  paidOn: 'plans.invoices.payment.errors.paidOn',
  reference: 'plans.invoices.payment.errors.reference',
};

const isField = (path: string): path is Field => path in messageKey;

// The API's own schema checks the form before it is sent; its English messages become ours.
const schemaResolver = standardSchemaResolver(recordPaymentSchema);
const resolver: Resolver<RecordPayment, unknown, RecordPayment> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options as unknown as Parameters<typeof schemaResolver>[2]);
  const errors: FieldErrors<RecordPayment> = {};
  for (const path of Object.keys(result.errors)) {
    if (isField(path)) errors[path] = { type: 'validate', message: messageKey[path] };
  }
  return Object.keys(errors).length > 0
    ? { values: {}, errors }
    : { values: result.values as RecordPayment, errors: {} };
};

/**
 * An admin records that an open invoice was paid (docs/plans.md, "Record a payment"): the whole
 * amount due, how and on which day it arrived, and an optional reference. A 409 means the
 * invoice is no longer open (paid online or voided meanwhile): the dialog says so and reloads it.
 */
export const InvoicePaymentForm = ({
  invoice,
  onRecorded,
  onNoLongerOpen,
  onBack,
}: {
  readonly invoice: InvoiceView;
  readonly onRecorded: (invoice: InvoiceView) => void;
  readonly onNoLongerOpen: () => void;
  readonly onBack: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const record = useRecordPayment();
  const [problem, setProblem] = useState<'failed' | 'network' | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<RecordPayment, unknown, RecordPayment>({
    resolver,
    defaultValues: { method: 'bank_transfer', paidOn: todayInput(), reference: '' },
  });
  const translate = (message: string) => t(message as ParseKeys);

  const onSubmit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      const answer = await record.mutateAsync({ id: invoice.id, body });
      onRecorded(answer.invoice);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409) {
        onNoLongerOpen();
        return;
      }
      const fields = Object.keys(error.errors).filter(isField);
      if (error.status === 400 && fields.length > 0) {
        fields.forEach((field, index) =>
          setError(field, { type: 'server', message: messageKey[field] }, { shouldFocus: index === 0 }),
        );
      } else setProblem(error.code === 'network' ? 'network' : 'failed');
    }
  });

  const saving = formState.isSubmitting;
  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} data-testid="invoice-payment-form">
      <Typography>
        {t('plans.invoices.payment.intro', {
          amount: formatMoney(invoice.amountDue, invoice.currency, i18n.language),
          number: invoice.number ?? '',
        })}
      </Typography>
      {problem ? (
        <InlineAlert severity="error">
          {problem === 'network' ? t('plans.common.network') : t('plans.common.failed')}
        </InlineAlert>
      ) : null}
      <Controller
        control={control}
        name="method"
        render={({ field, fieldState }) => (
          <TextField
            select
            name={field.name}
            label={t('plans.invoices.payment.method')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'payment-method' } }}
            fullWidth
          >
            {recordedPaymentMethods.map((method) => (
              <option key={method} value={method}>
                {t(`plans.invoices.methods.${method}`)}
              </option>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        control={control}
        name="paidOn"
        type="date"
        label={t('plans.invoices.payment.paidOn')}
        required
        translateError={translate}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'payment-paid-on' } }}
      />
      <FormTextField
        control={control}
        name="reference"
        label={t('plans.invoices.payment.reference')}
        hint={t('plans.invoices.payment.referenceHint')}
        autoComplete="off"
        translateError={translate}
        slotProps={{
          htmlInput: { maxLength: invoiceLimits.referenceMaxLength, 'data-testid': 'payment-reference' },
        }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onBack} disabled={saving}>
          {t('plans.invoices.payment.back')}
        </Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="payment-save">
          {saving ? t('plans.invoices.payment.saving') : t('plans.invoices.payment.save')}
        </Button>
      </Stack>
    </Stack>
  );
};
