import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { AdminReferralView, ReferralView } from '@orbit/functions/referrals/contract';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import { formatDay, formatMoney } from '../../../shared/i18n/money-format';
import { StageTag } from './stage-tag';

/**
 * Referrals, newest first: who (shortened for a referrer, whole for admins, as the server sends
 * them), the stage, when they signed up and first paid, and the credit earned. With `referrers`,
 * who referred each one too (the admins' list).
 */
export const ReferralsTable = ({
  rows,
  caption,
  referrers = false,
}: {
  readonly rows: readonly (ReferralView | AdminReferralView)[];
  readonly caption: string;
  readonly referrers?: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const none = t('referrals.common.none');
  return (
    // Focusable: at phone width the table scrolls sideways inside it, and keyboards must reach that.
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="referrals-table">
        <caption style={visuallyHidden}>{caption}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('referrals.table.name')}</TableCell>
            {referrers ? <TableCell scope="col">{t('referrals.table.referrer')}</TableCell> : null}
            <TableCell scope="col">{t('referrals.table.stage')}</TableCell>
            <TableCell scope="col">{t('referrals.table.registered')}</TableCell>
            <TableCell scope="col">{t('referrals.table.activated')}</TableCell>
            <TableCell scope="col" align="right">
              {t('referrals.table.reward')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${'referrerId' in row ? row.referrerId : ''}${row.referredId}`} data-testid="referral-row">
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <bdi>{row.referredName}</bdi>
              </TableCell>
              {referrers && 'referrerName' in row ? (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <bdi>{row.referrerName}</bdi>
                </TableCell>
              ) : null}
              <TableCell>
                <StageTag stage={row.stage} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.registeredAt, language)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.activatedAt ? formatDay(row.activatedAt, language) : none}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {row.reward !== null && row.rewardCurrency
                  ? formatMoney(row.reward, row.rewardCurrency, language)
                  : none}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
