import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useEveryReferral } from '../api/referrals';
import { ReferralsTable } from './referrals-table';

/** Every referral (admins), newest first, with who referred whom, a page at a time. */
export const AllReferralsPanel = () => {
  const { t } = useTranslation();
  const pages = useEveryReferral();
  const rows = pages.data?.pages.flatMap((page) => page.referrals) ?? [];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="all-referrals-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="all-referrals-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('referrals.table.headingAll')}
      </Typography>
      {pages.isError ? (
        <LoadFailedAlert actionLabel={t('referrals.common.retry')} onAction={() => void pages.refetch()}>
          {t('referrals.common.loadFailed')}
        </LoadFailedAlert>
      ) : !pages.data ? (
        <SkeletonBlock height={240} />
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{t('referrals.table.emptyAll')}</Typography>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ReferralsTable rows={rows} caption={t('referrals.table.headingAll')} referrers />
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
