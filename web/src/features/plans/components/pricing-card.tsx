import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '@orbit/functions/plans/contract';
import { formatMoney, formatPercent } from '../../../shared/i18n/money-format';
import { pathIcon } from '../../../shared/ui/icons';
import { Tag } from '../../../shared/ui/tag';
import { textIn } from '../utils/billing-format';
import { formatBytes } from '../utils/bytes-format';
import { priceOf, yearlySaving, type Interval } from '../utils/pricing-format';

// Material Design "check" (Apache-2.0): each feature's bullet.
const CheckIcon = pathIcon('M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z', 'CheckIcon');

const Limit = ({
  label,
  value,
  testId,
}: {
  readonly label: string;
  readonly value: string;
  readonly testId: string;
}) => (
  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
    <Typography component="dt" variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, textAlign: 'end' }} data-testid={testId}>
      {value}
    </Typography>
  </Box>
);

/**
 * One plan as the pricing page shows it (in the manner of Vuexy's pricing cards): name and
 * description, the price of the chosen interval with the yearly saving, tax, features and limits,
 * then whatever the reader may do with it (`tags` above, `actions` below).
 */
export const PricingCard = ({
  plan,
  interval,
  highlighted,
  tags,
  actions,
}: {
  readonly plan: PlanView;
  readonly interval: Interval;
  /** The client's current plan: framed in the primary colour. */
  readonly highlighted: boolean;
  readonly tags: ReactNode;
  readonly actions: ReactNode;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const name = textIn(plan.name, language);
  const headingId = `pricing-plan-${plan.id}`;
  const saving = interval === 'year' ? yearlySaving(plan) : null;
  const noLimit = t('plans.common.noLimit');
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      data-testid="pricing-card"
      data-plan-id={plan.id}
      sx={{
        p: { xs: 2.5, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        minWidth: 0,
        ...(highlighted
          ? { borderColor: 'primary.main', borderWidth: 2, p: { xs: 'calc(20px - 1px)', sm: '23px' } }
          : {}),
      }}
    >
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', minHeight: 24, justifyContent: 'center' }}>
        {tags}
      </Stack>
      <Box sx={{ textAlign: 'center' }}>
        <Typography id={headingId} variant="h5" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <bdi>{name}</bdi>
        </Typography>
        {/* The agency's own words may fall back to English in a right-to-left page: each text takes its own direction. */}
        <Typography variant="body2" color="text.secondary" dir="auto" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {textIn(plan.description, language)}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography
            component="p"
            sx={{ fontSize: { xs: '2rem', sm: '2.25rem' }, fontWeight: 600, lineHeight: 1.2, color: 'text.primary' }}
            data-testid="pricing-price"
          >
            {formatMoney(priceOf(plan, interval), plan.currency, language)}
          </Typography>
          <Typography component="span" color="text.secondary">
            {interval === 'month' ? t('plans.pricing.card.perMonth') : t('plans.pricing.card.perYear')}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="pricing-tax">
          {plan.taxRateBps > 0
            ? t('plans.pricing.card.tax', { rate: formatPercent(plan.taxRateBps, language) })
            : t('plans.pricing.card.noTax')}
        </Typography>
        {saving !== null ? (
          <Box sx={{ mt: 1 }}>
            <Tag
              color="success"
              variant="outlined"
              label={t('plans.pricing.card.saving', { amount: formatMoney(saving, plan.currency, language) })}
              data-testid="pricing-saving"
            />
          </Box>
        ) : null}
      </Box>
      {plan.features.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('plans.pricing.card.features')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {plan.features.map((feature, index) => (
            <Box
              component="li"
              // Features have no id of their own; their order is the plan's.
              key={index}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
            >
              <CheckIcon fontSize="small" color="success" aria-hidden sx={{ mt: '2px', flexShrink: 0 }} />
              <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {textIn(feature, language)}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
      <Box component="dl" sx={{ m: 0, pt: 2, display: 'grid', gap: 0.75, borderTop: 1, borderColor: 'divider' }}>
        <Limit
          label={t('plans.pricing.card.activeProjects')}
          value={
            plan.limits.activeProjects === null
              ? noLimit
              : new Intl.NumberFormat(language).format(plan.limits.activeProjects)
          }
          testId="pricing-limit-projects"
        />
        <Limit
          label={t('plans.pricing.card.storage')}
          value={plan.limits.storageBytes === null ? noLimit : formatBytes(plan.limits.storageBytes, language)}
          testId="pricing-limit-storage"
        />
      </Box>
      <Stack spacing={1} sx={{ mt: 'auto', pt: 1 }}>
        {actions}
      </Stack>
    </Paper>
  );
};
