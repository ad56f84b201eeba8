import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currencyCodes,
  type Currency,
  type RewardRule,
  type RewardRuleView,
} from '@orbit/functions/referrals/contract';
import { isApiError } from '../../../shared/api/api-error';
import { ConflictAlert, LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { SegmentedControl } from '../../../shared/ui/segmented-control';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useRewardRule, useSaveRewardRule } from '../api/referrals';
import { formatDay, moneyInput, parseMoney, parsePercent } from '../../../shared/i18n/money-format';
import { RuleSummary } from './rule-summary';

interface Draft {
  readonly kind: RewardRule['kind'];
  readonly amount: string;
  readonly percent: string;
  readonly cap: string;
  readonly currency: Currency;
}

type Field = 'amount' | 'percent' | 'cap';

const draftOf = (rule: RewardRule | null): Draft => {
  if (!rule) return { kind: 'fixed', amount: '', percent: '', cap: '', currency: 'EUR' };
  return rule.kind === 'fixed'
    ? { kind: 'fixed', amount: moneyInput(rule.amount, rule.currency), percent: '', cap: '', currency: rule.currency }
    : {
        kind: 'percent',
        amount: '',
        percent: String(rule.percentBps / 100),
        cap: moneyInput(rule.cap, rule.currency),
        currency: rule.currency,
      };
};

/** The rule the draft says, or the fields that do not say a valid one. */
const ruleOf = (draft: Draft): { rule: RewardRule } | { invalid: Set<Field> } => {
  if (draft.kind === 'fixed') {
    const amount = parseMoney(draft.amount, draft.currency);
    return amount ? { rule: { kind: 'fixed', amount, currency: draft.currency } } : { invalid: new Set(['amount']) };
  }
  const percentBps = parsePercent(draft.percent);
  const cap = parseMoney(draft.cap, draft.currency);
  const invalid = new Set<Field>();
  if (!percentBps || percentBps > 10_000) invalid.add('percent');
  if (!cap) invalid.add('cap');
  return invalid.size === 0 && percentBps && cap
    ? { rule: { kind: 'percent', percentBps, cap, currency: draft.currency } }
    : { invalid };
};

const serverFields: Readonly<Record<string, Field>> = {
  'rule.amount': 'amount',
  'rule.percentBps': 'percent',
  'rule.cap': 'cap',
};

const RewardRuleForm = ({
  current,
  onReload,
}: {
  readonly current: RewardRuleView;
  readonly onReload: () => Promise<RewardRuleView | undefined>;
}) => {
  const { t, i18n } = useTranslation();
  const save = useSaveRewardRule();
  const [draft, setDraft] = useState(() => draftOf(current.rule));
  const [invalid, setInvalid] = useState<ReadonlySet<Field>>(new Set());
  const [problem, setProblem] = useState<'conflict' | 'failed' | 'network' | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setSaved(false);
    const read = ruleOf(draft);
    if ('invalid' in read) {
      setInvalid(read.invalid);
      return;
    }
    setInvalid(new Set());
    try {
      await save.mutateAsync({ rule: read.rule, version: current.version });
      setSaved(true);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409) setProblem('conflict');
      else if (error.status === 400) {
        setInvalid(
          new Set(Object.entries(serverFields).flatMap(([name, field]) => (error.fieldError(name) ? [field] : []))),
        );
      } else setProblem(error.code === 'network' ? 'network' : 'failed');
    }
  };

  const field = (name: Field, label: string, hint: string, error: string) => (
    <TextField
      name={name}
      label={label}
      value={draft[name]}
      onChange={(event) => setDraft((was) => ({ ...was, [name]: event.target.value }))}
      error={invalid.has(name)}
      helperText={invalid.has(name) ? error : hint}
      slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': `rule-${name}` } }}
      sx={{ minWidth: 0 }}
    />
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => void submit(event)}
      data-testid="reward-rule-form"
    >
      {problem === 'conflict' ? (
        <ConflictAlert
          actionLabel={t('referrals.common.reload')}
          onAction={() => {
            void onReload().then((reloaded) => {
              if (!reloaded) return;
              setDraft(draftOf(reloaded.rule));
              setProblem(null);
            });
          }}
        >
          {t('referrals.common.conflict')}
        </ConflictAlert>
      ) : problem ? (
        <InlineAlert severity="error">
          {problem === 'network' ? t('referrals.common.network') : t('referrals.common.failed')}
        </InlineAlert>
      ) : saved ? (
        <InlineAlert severity="success">{t('referrals.form.saved')}</InlineAlert>
      ) : null}
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('referrals.form.kind')}
        </Typography>
        <SegmentedControl
          label={t('referrals.form.kind')}
          value={draft.kind}
          options={[
            { value: 'fixed', label: t('referrals.form.fixed') },
            { value: 'percent', label: t('referrals.form.percent') },
          ]}
          onChange={(kind) => setDraft((was) => ({ ...was, kind }))}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        {draft.kind === 'fixed' ? (
          field('amount', t('referrals.form.amount'), t('referrals.form.amountHint'), t('referrals.form.invalidAmount'))
        ) : (
          <>
            {field(
              'percent',
              t('referrals.form.percentage'),
              t('referrals.form.percentageHint'),
              t('referrals.form.invalidPercent'),
            )}
            {field('cap', t('referrals.form.cap'), t('referrals.form.capHint'), t('referrals.form.invalidAmount'))}
          </>
        )}
        <TextField
          select
          name="currency"
          label={t('referrals.form.currency')}
          value={draft.currency}
          onChange={(event) => setDraft((was) => ({ ...was, currency: event.target.value as Currency }))}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'rule-currency' } }}
        >
          {currencyCodes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </TextField>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="reward-rule-save">
          {save.isPending ? t('referrals.form.saving') : t('referrals.form.save')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {current.updatedAt
            ? t('referrals.form.lastSaved', { when: formatDay(current.updatedAt, i18n.language) })
            : t('referrals.form.neverSaved')}
        </Typography>
      </Stack>
    </Stack>
  );
};

/** The reward rule (admins: update Referral): fixed credit, or a percentage of the first paid invoice with a cap. */
export const RewardRulePanel = () => {
  const { t } = useTranslation();
  const rule = useRewardRule();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="reward-rule-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="reward-rule-heading" variant="h6" component="h2">
        {t('referrals.form.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('referrals.form.description')}
      </Typography>
      {rule.isError ? (
        <LoadFailedAlert actionLabel={t('referrals.common.retry')} onAction={() => void rule.refetch()}>
          {t('referrals.common.loadFailed')}
        </LoadFailedAlert>
      ) : rule.data ? (
        <Stack spacing={3}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500 }}>{t('referrals.form.current')}</Typography>
            <RuleSummary rule={rule.data.rewardRule.rule} />
          </Box>
          <RewardRuleForm
            current={rule.data.rewardRule}
            onReload={async () => (await rule.refetch()).data?.rewardRule}
          />
        </Stack>
      ) : (
        <SkeletonBlock height={200} />
      )}
    </Paper>
  );
};
