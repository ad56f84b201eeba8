import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { referralStages, type ReferralAccount } from '@orbit/functions/referrals/contract';
import { useSession } from '../../../shared/session/use-session';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useReferralAccount } from '../api/referrals';
import { CreditSummary } from './credit-summary';
import { ReferralLinkCard } from './referral-link-card';
import { ReferralsTable } from './referrals-table';
import { RuleSummary } from './rule-summary';
import { stageColors } from './stage-tag';

const Section = ({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) => (
  <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
    <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/** How many referrals are at each stage. */
const StageCounts = ({ counts }: { readonly counts: ReferralAccount['counts'] }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2, m: 0 }}>
      {referralStages.map((stage) => (
        <Box
          key={stage}
          sx={{
            m: 0,
            borderInlineStartWidth: 4,
            borderInlineStartStyle: 'solid',
            borderColor: `${stageColors[stage]}.main`,
            paddingInlineStart: 1.5,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`referrals.stages.${stage}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid={`referral-count-${stage}`}>
            {number.format(counts[stage])}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

const AccountView = ({ account }: { readonly account: ReferralAccount }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <ReferralLinkCard code={account.code} linkPath={account.linkPath} />
      <Section id="referral-counts-heading" title={t('referrals.counts.heading')}>
        <StageCounts counts={account.counts} />
      </Section>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: 3 }}>
        <Section id="referral-credit-heading" title={t('referrals.credit.heading')}>
          <CreditSummary credits={account.credits} />
        </Section>
        <Section id="referral-rule-heading" title={t('referrals.rule.heading')}>
          <RuleSummary rule={account.rewardRule.rule} />
        </Section>
      </Box>
      <Section id="referral-list-heading" title={t('referrals.table.heading')}>
        {account.referrals.length === 0 ? (
          <Box data-testid="referrals-empty">
            <Typography sx={{ fontWeight: 500 }}>{t('referrals.table.empty')}</Typography>
            <Typography color="text.secondary">{t('referrals.table.emptyHint')}</Typography>
          </Box>
        ) : (
          <Stack spacing={1.5}>
            <ReferralsTable rows={account.referrals} caption={t('referrals.table.heading')} />
            <Typography variant="body2" color="text.secondary">
              {t('referrals.table.privacy')}
            </Typography>
          </Stack>
        )}
      </Section>
    </Stack>
  );
};

/** The signed-in person's own referrals: their link, the counts, their credit, the rule and each referral. */
export const MyReferralsPanel = () => {
  const { t } = useTranslation();
  const userId = useSession().userData?.id ?? '';
  const account = useReferralAccount(userId);
  if (account.isError) {
    return (
      <LoadFailedAlert actionLabel={t('referrals.common.retry')} onAction={() => void account.refetch()}>
        {t('referrals.common.loadFailed')}
      </LoadFailedAlert>
    );
  }
  if (!account.data) return <SkeletonBlock height={320} />;
  return <AccountView account={account.data.account} />;
};
