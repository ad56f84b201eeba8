import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { useEveryCredit } from '../api/referrals';
import { formatMoney } from '../../../shared/i18n/money-format';

const figures = ['earned', 'applied', 'available'] as const;

/** Every credit balance (admins): per person and currency, earned, applied and available. */
export const CreditBalancesPanel = () => {
  const { t, i18n } = useTranslation();
  const pages = useEveryCredit();
  const rows = pages.data?.pages.flatMap((page) => page.credits) ?? [];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="credit-balances-heading"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="credit-balances-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('referrals.balances.heading')}
      </Typography>
      {pages.isError ? (
        <LoadFailedAlert actionLabel={t('referrals.common.retry')} onAction={() => void pages.refetch()}>
          {t('referrals.common.loadFailed')}
        </LoadFailedAlert>
      ) : !pages.data ? (
        <SkeletonBlock height={200} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('referrals.balances.empty')}</Typography>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={t('referrals.balances.heading')}
            sx={{ overflowX: 'auto' }}
          >
            <Table size="small" data-testid="credit-balances-table">
              <caption style={visuallyHidden}>{t('referrals.balances.heading')}</caption>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{t('referrals.balances.person')}</TableCell>
                  <TableCell scope="col">{t('referrals.balances.currency')}</TableCell>
                  {figures.map((figure) => (
                    <TableCell key={figure} scope="col" align="right">
                      {t(`referrals.credit.${figure}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={`${row.userId}#${row.currency}`} data-testid="credit-balance-row">
                    <TableCell component="th" scope="row">
                      <bdi>{row.userName}</bdi>
                    </TableCell>
                    <TableCell>{row.currency}</TableCell>
                    {figures.map((figure) => (
                      <TableCell key={figure} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(row[figure], row.currency, i18n.language)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {pages.hasNextPage ? (
            <Button variant="outlined" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              {t('referrals.common.loadMore')}
            </Button>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
};
