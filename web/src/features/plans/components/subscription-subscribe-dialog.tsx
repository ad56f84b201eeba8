import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionSummary } from '@orbit/functions/plans/contract';
import type { Member } from '@orbit/functions/team/contract';
import { isApiError } from '../../../shared/api/api-error';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useCatalogue, useClientsNamed, useSetSubscription } from '../api/plans';
import { PlanIntervalFields } from './plan-interval-fields';

type Interval = SubscriptionSummary['interval'];
type Problem = 'conflict' | 'failed' | 'network';

/** Clients by name or email as the admin types (the team's member list, searched on the server). */
const ClientPicker = ({
  value,
  onChange,
  error,
}: {
  readonly value: Member | null;
  readonly onChange: (value: Member | null) => void;
  readonly error: string | null;
}) => {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  // The input shows the chosen client's name: that is not a search, so list everyone then.
  const term = useDeferredValue(input === value?.fullName ? '' : input.trim());
  const clients = useClientsNamed(term, true);
  const options = [
    ...(value ? [value] : []),
    ...(clients.data?.members ?? []).filter((member) => member.id !== value?.id),
  ];
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.fullName}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={clients.isFetching}
      noOptionsText={t('plans.subscription.subscribe.noClients')}
      loadingText={t('plans.subscription.subscribe.searching')}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props} data-testid="subscribe-client-option">
          <Box sx={{ minWidth: 0 }}>
            <Typography>
              <bdi>{option.fullName}</bdi>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              <bdi>{option.email}</bdi>
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name="clientId"
          label={t('plans.subscription.subscribe.client')}
          helperText={error ?? t('plans.subscription.subscribe.clientHint')}
          error={error !== null}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'subscribe-client' },
          }}
        />
      )}
    />
  );
};

/**
 * An admin subscribes a client (docs/plans.md, "Subscriptions": PUT without a version): the
 * client, a plan offered to new subscribers (visible, not archived) and the interval. The first
 * period starts today and its invoice is drafted at once. A client who has a subscription already
 * is refused by the server (400 on `version`): the dialog says so.
 */
export const SubscriptionSubscribeDialog = ({
  onClose,
  onSubscribed,
}: {
  readonly onClose: () => void;
  readonly onSubscribed: () => void;
}) => {
  const { t } = useTranslation();
  const catalogue = useCatalogue();
  const save = useSetSubscription();
  const [client, setClient] = useState<Member | null>(null);
  const [chosenPlanId, setPlanId] = useState<string | null>(null);
  const [interval, setInterval] = useState<Interval>('month');
  const [clientError, setClientError] = useState<string | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  const [intervalError, setIntervalError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const offered = (catalogue.data?.plans ?? []).filter((plan) => plan.visible && !plan.archived);
  const planId = chosenPlanId ?? offered[0]?.id ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setIntervalError(null);
    const missingClient = client === null;
    const missingPlan = planId === '';
    setClientError(missingClient ? t('plans.subscription.subscribe.chooseClient') : null);
    setPlanError(missingPlan ? t('plans.subscription.subscribe.choosePlan') : null);
    if (!client || missingPlan) return;
    save.mutate(
      { clientId: client.id, body: { planId, interval } },
      {
        onSuccess: onSubscribed,
        onError: (error) => {
          if (!isApiError(error)) {
            setProblem('failed');
            return;
          }
          if (error.status === 400 && error.fieldError('version')) {
            setClientError(t('plans.subscription.subscribe.alreadySubscribed'));
          } else if (error.status === 404) setClientError(t('plans.subscription.subscribe.notAClient'));
          else if (error.status === 400 && (error.fieldError('planId') || error.fieldError('interval'))) {
            if (error.fieldError('planId')) setPlanError(t('plans.subscription.subscribe.badPlan'));
            if (error.fieldError('interval')) setIntervalError(t('plans.subscription.change.badInterval'));
          } else if (error.status === 409) setProblem('conflict');
          else setProblem(error.code === 'network' ? 'network' : 'failed');
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby="subscribe-title"
      fullWidth
      maxWidth="sm"
      data-testid="subscribe-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="subscribe-title">{t('plans.subscription.subscribe.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {problem ? (
              <InlineAlert severity="error">
                {problem === 'conflict'
                  ? t('plans.subscription.subscribe.alreadySubscribed')
                  : problem === 'network'
                    ? t('plans.common.network')
                    : t('plans.common.failed')}
              </InlineAlert>
            ) : null}
            <ClientPicker
              value={client}
              onChange={(next) => {
                setClient(next);
                setClientError(null);
              }}
              error={clientError}
            />
            {catalogue.isError ? (
              <LoadFailedAlert actionLabel={t('plans.common.retry')} onAction={() => void catalogue.refetch()}>
                {t('plans.common.loadFailed')}
              </LoadFailedAlert>
            ) : !catalogue.data ? (
              <SkeletonBlock height={120} />
            ) : (
              <PlanIntervalFields
                plans={offered}
                planId={planId}
                onPlanChange={(next) => {
                  setPlanId(next);
                  setPlanError(null);
                }}
                planError={planError}
                interval={interval}
                onIntervalChange={(next) => {
                  setInterval(next);
                  setIntervalError(null);
                }}
                intervalError={intervalError}
                testIdPrefix="subscribe"
              />
            )}
            <Typography variant="body2" color="text.secondary">
              {t('plans.subscription.subscribe.rule')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('plans.common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || !catalogue.data}
            data-testid="subscribe-save"
          >
            {save.isPending ? t('plans.subscription.subscribe.saving') : t('plans.subscription.subscribe.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
