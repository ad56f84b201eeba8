import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RewardRule } from '@orbit/functions/referrals/contract';
import { ruleWords } from '../utils/format';

/** The reward rule in a sentence, in the reader's language and currency format. */
export const RuleSummary = ({ rule }: { readonly rule: RewardRule | null }) => {
  const { t, i18n } = useTranslation();
  if (!rule) return <Typography data-testid="referral-rule">{t('referrals.rule.none')}</Typography>;
  const words = ruleWords(rule, i18n.language);
  return (
    <Typography data-testid="referral-rule">
      {words.kind === 'fixed'
        ? t('referrals.rule.fixed', { amount: words.amount })
        : t('referrals.rule.percent', { percent: words.percent, cap: words.cap })}
    </Typography>
  );
};
