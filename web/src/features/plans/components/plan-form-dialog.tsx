import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  Controller,
  set,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type FieldPath,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { planFeaturesMax, type PlanView } from '@orbit/functions/plans/contract';
import { currencyCodes, type Currency } from '@orbit/functions/referrals/contract';
import { isApiError } from '../../../shared/api/api-error';
import { formatMoney, moneyInput, parseMoney } from '../../../shared/i18n/money-format';
import { ConflictAlert } from '../../../shared/ui/action-alerts';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { AddIcon, DeleteIcon } from '../../../shared/ui/icons';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { catalogueQueryOptions, useCreatePlan, useUpdatePlan } from '../api/plans';
import { textIn } from '../utils/billing-format';
import {
  changedFields,
  formPathOf,
  newPlanValues,
  planFormValues,
  problemOf,
  readPlanForm,
  type PlanFormValues,
} from '../utils/pricing-form';

export type PlanFormMode =
  { readonly kind: 'create'; readonly nextPosition: number } | { readonly kind: 'edit'; readonly plan: PlanView };

type Path = FieldPath<PlanFormValues>;
type Language = 'en' | 'fr' | 'ar';
const languages: readonly Language[] = ['en', 'fr', 'ar'];
const positionMax = 10_000;

/** Every wrong field at once, checked as the API checks it (readPlanForm: the API's own schema). */
const resolver: Resolver<PlanFormValues> = async (values) => {
  const read = readPlanForm(values);
  if ('body' in read) return { values, errors: {} };
  const errors: FieldErrors<PlanFormValues> = {};
  for (const path of read.invalid) set(errors, path, { type: 'validate', message: path });
  return { values: {}, errors };
};

/** The message of a wrong field, in the reader's language; it depends on the field, whatever made it wrong. */
const useFieldMessage = (control: Control<PlanFormValues>) => {
  const { t, i18n } = useTranslation();
  const currency = useWatch({ control, name: 'currency' });
  return (path: string): string => {
    const problem = problemOf(path);
    switch (problem.kind) {
      case 'requiredText':
      case 'optionalText':
        return t(`plans.pricing.form.errors.${problem.kind}`, {
          max: new Intl.NumberFormat(i18n.language).format(problem.max),
        });
      case 'money':
        return t('plans.pricing.form.errors.money', { example: moneyInput(2990, currency) });
      case 'position':
        return t('plans.pricing.form.errors.position', {
          max: new Intl.NumberFormat(i18n.language).format(positionMax),
        });
      default:
        return t(`plans.pricing.form.errors.${problem.kind}`);
    }
  };
};

const Group = ({
  title,
  hint,
  children,
}: {
  readonly title: string;
  readonly hint?: string;
  readonly children: ReactNode;
}) => (
  <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 2 }}>
    <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0, mb: hint ? 0 : 1 }}>
      {title}
    </Typography>
    {hint ? (
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
        {hint}
      </Typography>
    ) : null}
    {children}
  </Box>
);

const columns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } };

/** One text in the three languages: English required, French and Arabic typed in their own direction. */
const TextInLanguages = ({
  control,
  base,
  label,
  message,
  multiline = false,
  testId,
}: {
  readonly control: Control<PlanFormValues>;
  readonly base: 'name' | 'description' | `features.${number}`;
  readonly label: string;
  readonly message: (path: string) => string;
  readonly multiline?: boolean;
  readonly testId: string;
}) => {
  const { t } = useTranslation();
  return (
    <Box sx={columns}>
      {languages.map((language) => {
        const path = `${base}.${language}` as Path;
        return (
          <FormTextField
            key={language}
            control={control}
            name={path}
            label={t('plans.pricing.form.inLanguage', {
              field: label,
              language: t(`plans.pricing.form.languages.${language}`),
            })}
            required={language === 'en'}
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            autoComplete="off"
            translateError={() => message(path)}
            slotProps={{
              htmlInput: {
                dir: language === 'ar' ? 'rtl' : 'ltr',
                lang: language,
                'data-testid': `${testId}-${language}`,
              },
            }}
          />
        );
      })}
    </Box>
  );
};

const Features = ({
  control,
  message,
}: {
  readonly control: Control<PlanFormValues>;
  readonly message: (path: string) => string;
}) => {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'features' });
  return (
    <Group title={t('plans.pricing.form.features')}>
      {fields.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('plans.pricing.form.noFeatures')}
        </Typography>
      ) : null}
      {fields.map((field, index) => {
        const label = t('plans.pricing.form.feature', { number: index + 1 });
        return (
          <Box
            key={field.id}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
            data-testid="plan-form-feature"
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <TextInLanguages
                control={control}
                base={`features.${index}`}
                label={label}
                message={message}
                testId={`plan-feature-${index}`}
              />
            </Box>
            <IconButton
              aria-label={t('plans.pricing.form.removeFeature', { number: index + 1 })}
              onClick={() => remove(index)}
              sx={{ mt: 1 }}
            >
              <DeleteIcon />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          startIcon={<AddIcon />}
          disabled={fields.length >= planFeaturesMax}
          onClick={() => append({ en: '', fr: '', ar: '' })}
          data-testid="plan-form-add-feature"
        >
          {t('plans.pricing.form.addFeature')}
        </Button>
      </Box>
    </Group>
  );
};

type Problem = 'conflict' | 'invalid' | 'failed' | 'network';

/**
 * A plan's form (admins): words in three languages, prices typed as money and sent in minor units,
 * tax as a percentage sent in basis points, limits (storage in gigabytes, sent in bytes; empty is
 * no limit), visibility and order. An edit sends only what changed, with the version read; a
 * stale version says so and offers the plan as it is now.
 */
export const PlanFormDialog = ({
  mode,
  onClose,
  onSaved,
}: {
  readonly mode: PlanFormMode;
  readonly onClose: () => void;
  /** After the server accepted it: the plan as saved, or null when nothing changed. */
  readonly onSaved: (plan: PlanView | null, kind: PlanFormMode['kind']) => void;
}) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  // The plan as last read: a reload after a conflict replaces it, and the next save is from its version.
  const [base, setBase] = useState(mode.kind === 'edit' ? mode.plan : undefined);
  const [problem, setProblem] = useState<Problem | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<PlanFormValues>({
    resolver,
    defaultValues: base ? planFormValues(base) : newPlanValues(mode.kind === 'create' ? mode.nextPosition : 0),
  });
  const message = useFieldMessage(control);
  const currency = useWatch({ control, name: 'currency' });
  const monthly = parseMoney(useWatch({ control, name: 'monthlyPrice' }), currency);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    const read = readPlanForm(values);
    if (!('body' in read)) {
      setProblem('invalid');
      return;
    }
    try {
      if (base) {
        const changes = changedFields(base, read.body);
        if (Object.keys(changes).length === 0) {
          onSaved(null, 'edit');
          return;
        }
        const { plan } = await update.mutateAsync({ id: base.id, ...changes, version: base.version });
        onSaved(plan, 'edit');
      } else {
        const { plan } = await create.mutateAsync(read.body);
        onSaved(plan, 'create');
      }
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409) setProblem('conflict');
      else if (error.status === 400) {
        let shown = false;
        for (const serverPath of Object.keys(error.errors)) {
          const path = formPathOf(serverPath);
          if (!path) continue;
          setError(path as Path, { type: 'server', message: path }, { shouldFocus: !shown });
          shown = true;
        }
        if (!shown) setProblem('invalid');
      } else setProblem(error.code === 'network' ? 'network' : 'failed');
    }
  });

  const reload = async () => {
    if (!base) return;
    const { plans } = await queryClient.fetchQuery({ ...catalogueQueryOptions(), staleTime: 0 });
    const fresh = plans.find((plan) => plan.id === base.id);
    if (!fresh) return;
    setBase(fresh);
    reset(planFormValues(fresh));
    setProblem(null);
  };

  const saving = formState.isSubmitting;
  const title = base
    ? t('plans.pricing.form.editTitle', { plan: textIn(base.name, i18n.language) })
    : t('plans.pricing.form.newTitle');
  const moneyHint = t('plans.pricing.form.priceHint', { currency, example: moneyInput(2990, currency) });

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby="plan-form-title"
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      data-testid="plan-form-dialog"
    >
      <DialogTitle id="plan-form-title">
        <bdi>{title}</bdi>
      </DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ minHeight: 0, flex: '1 1 auto' }}
        data-testid="plan-form"
      >
        <DialogContent dividers sx={{ display: 'grid', gap: 3 }}>
          {problem === 'conflict' ? (
            <ConflictAlert actionLabel={t('plans.pricing.form.reload')} onAction={() => void reload()}>
              {t('plans.common.conflict')}
            </ConflictAlert>
          ) : problem ? (
            <InlineAlert severity="error">
              {problem === 'invalid'
                ? t('plans.pricing.form.invalid')
                : problem === 'network'
                  ? t('plans.common.network')
                  : t('plans.common.failed')}
            </InlineAlert>
          ) : null}
          <Group title={t('plans.pricing.form.words')} hint={t('plans.pricing.form.textHint')}>
            <TextInLanguages
              control={control}
              base="name"
              label={t('plans.pricing.form.name')}
              message={message}
              testId="plan-name"
            />
            <TextInLanguages
              control={control}
              base="description"
              label={t('plans.pricing.form.description')}
              message={message}
              multiline
              testId="plan-description"
            />
          </Group>
          <Group title={t('plans.pricing.form.pricing')}>
            <Box
              sx={{
                ...columns,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
              }}
            >
              <Controller
                control={control}
                name="currency"
                render={({ field, fieldState }) => (
                  <TextField
                    select
                    {...field}
                    onChange={(event) => field.onChange(event.target.value as Currency)}
                    label={t('plans.pricing.form.currency')}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error ? message('currency') : undefined}
                    slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'plan-currency' } }}
                  >
                    {currencyCodes.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </TextField>
                )}
              />
              <FormTextField
                control={control}
                name="monthlyPrice"
                label={t('plans.pricing.form.monthlyPrice')}
                required
                hint={moneyHint}
                translateError={() => message('monthlyPrice')}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'plan-monthly-price' } }}
              />
              <FormTextField
                control={control}
                name="yearlyPrice"
                label={t('plans.pricing.form.yearlyPrice')}
                required
                hint={
                  monthly === null
                    ? moneyHint
                    : t('plans.pricing.form.yearlyHint', { amount: formatMoney(monthly * 12, currency, i18n.language) })
                }
                translateError={() => message('yearlyPrice')}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'plan-yearly-price' } }}
              />
              <FormTextField
                control={control}
                name="taxRate"
                label={t('plans.pricing.form.taxRate')}
                required
                hint={t('plans.pricing.form.taxHint')}
                translateError={() => message('taxRate')}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'plan-tax-rate' } }}
              />
            </Box>
          </Group>
          <Features control={control} message={message} />
          <Group title={t('plans.pricing.form.limits')}>
            <Box sx={{ ...columns, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
              <FormTextField
                control={control}
                name="activeProjects"
                label={t('plans.pricing.form.activeProjects')}
                hint={t('plans.pricing.form.limitHint')}
                translateError={() => message('activeProjects')}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'plan-active-projects' } }}
              />
              <FormTextField
                control={control}
                name="storageGb"
                label={t('plans.pricing.form.storage')}
                hint={t('plans.pricing.form.limitHint')}
                translateError={() => message('storageGb')}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'plan-storage' } }}
              />
            </Box>
          </Group>
          <Group title={t('plans.pricing.form.offer')}>
            <Box
              sx={{
                ...columns,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
                alignItems: 'start',
              }}
            >
              <Stack>
                {(['visible', 'archived'] as const).map((flag) => (
                  <Controller
                    key={flag}
                    control={control}
                    name={flag}
                    render={({ field }) => (
                      <FormControlLabel
                        label={t(`plans.pricing.form.${flag}`)}
                        control={
                          <Checkbox
                            name={field.name}
                            checked={field.value}
                            onChange={(_, checked) => field.onChange(checked)}
                            onBlur={field.onBlur}
                            slotProps={{ input: { 'data-testid': `plan-${flag}` } as object }}
                          />
                        }
                      />
                    )}
                  />
                ))}
              </Stack>
              <FormTextField
                control={control}
                name="position"
                label={t('plans.pricing.form.position')}
                required
                hint={t('plans.pricing.form.positionHint')}
                translateError={() => message('position')}
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'plan-position' } }}
              />
            </Box>
          </Group>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {t('plans.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving} data-testid="plan-form-save">
            {saving
              ? t('plans.pricing.form.saving')
              : base
                ? t('plans.pricing.form.save')
                : t('plans.pricing.form.create')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
};
