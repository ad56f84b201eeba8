import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CreditView } from '@orbit/functions/referrals/contract';
import { formatMoney } from '../../../shared/i18n/money-format';

const figures = ['earned', 'applied', 'available'] as const;

/** A person's credit per currency: earned by referrals, applied to invoices, and what is left for the next one. */
export const CreditSummary = ({ credits }: { readonly credits: readonly CreditView[] }) => {
  const { t, i18n } = useTranslation();
  if (credits.length === 0) return <Typography color="text.secondary">{t('referrals.credit.empty')}</Typography>;
  return (
    <Stack spacing={2}>
      {credits.map((credit) => (
        <Box
          key={credit.currency}
          component="dl"
          data-testid="referral-credit"
          data-currency={credit.currency}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}
        >
          {figures.map((figure) => (
            <Box key={figure} sx={{ m: 0 }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`referrals.credit.${figure}`)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`credit-${figure}`}>
                {formatMoney(credit[figure], credit.currency, i18n.language)}
              </Typography>
            </Box>
          ))}
        </Box>
      ))}
      <Typography variant="body2" color="text.secondary">
        {t('referrals.credit.note')}
      </Typography>
    </Stack>
  );
};
