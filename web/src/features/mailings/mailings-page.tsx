import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { mailingStates, type MailingState, type MailingSummary } from './api/mailing-types';
import { useMailings } from './api/mailings';
import { MailingsSections } from './components/mailings-sections';
import { StateChip } from './components/state-chip';
import { LoadFailedAlert } from '../../shared/ui/action-alerts';
import { ActionButton } from '../../shared/ui/action-button';
import { EmptyState } from '../../shared/ui/empty-state';
import { AddIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { PageTitle } from '../../shared/ui/page-title';
import { SkeletonBlock } from '../../shared/ui/skeleton-block';

// The contacts' bulk tagging loads only when its section is opened.
const ContactsSection = lazy(async () => ({
  default: (await import('./components/contacts-section')).ContactsSection,
}));

const pageSize = 20;

const readState = (value: string | null): MailingState | undefined => mailingStates.find((state) => state === value);

const when = (mailing: MailingSummary, language: string) =>
  mailing.schedule
    ? new Intl.DateTimeFormat(language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: mailing.schedule.timeZone,
      }).format(new Date(mailing.schedule.at))
    : null;

const MailingsTable = ({ mailings }: { readonly mailings: readonly MailingSummary[] }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('mailings.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('mailings.list.name')}</TableCell>
            <TableCell>{t('mailings.list.state')}</TableCell>
            <TableCell>{t('mailings.list.channel')}</TableCell>
            <TableCell align="right">{t('mailings.list.recipients')}</TableCell>
            <TableCell align="right">{t('mailings.list.sent')}</TableCell>
            <TableCell align="right">{t('mailings.list.delivered')}</TableCell>
            <TableCell align="right">{t('mailings.list.problems')}</TableCell>
            <TableCell>{t('mailings.list.when')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mailings.map((mailing) => (
            <TableRow key={mailing.id} data-testid="mailing-row" data-mailing-id={mailing.id} hover>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={mailing.state === 'draft' ? `/apps/mailings/${mailing.id}/edit` : `/apps/mailings/${mailing.id}`}
                >
                  {mailing.name}
                </Link>
              </TableCell>
              <TableCell>
                <StateChip state={mailing.state} />
              </TableCell>
              <TableCell>{t(`mailings.channels.${mailing.channel}`)}</TableCell>
              <TableCell align="right">{number.format(mailing.totals.recipients)}</TableCell>
              <TableCell align="right">
                {number.format(mailing.totals.sent + mailing.totals.delivered + mailing.totals.bounced)}
              </TableCell>
              <TableCell align="right">{number.format(mailing.totals.delivered)}</TableCell>
              <TableCell align="right">{number.format(mailing.totals.bounced + mailing.totals.failed)}</TableCell>
              <TableCell>{when(mailing, i18n.language) ?? t('mailings.list.notScheduled')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

const MailingsList = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const state = readState(params.get('state'));
  // Cursor pages: the cursors of the pages before this one, so "previous" needs no page numbers.
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const cursor = cursors.at(-1);
  const query = useMailings({ state, cursor, limit: pageSize });
  const choose = (next: MailingState | undefined) => {
    setCursors([]);
    setParams(
      (current) => {
        if (next) current.set('state', next);
        else current.delete('state');
        return current;
      },
      { replace: true },
    );
  };
  const mailings = query.data?.mailings ?? [];
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack
        direction="row"
        role="group"
        aria-label={t('mailings.stateFilter')}
        sx={{ flexWrap: 'wrap', gap: 1, p: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {[undefined, ...mailingStates].map((value) => (
          <Chip
            key={value ?? 'all'}
            label={value ? t(`mailings.states.${value}`) : t('mailings.allStates')}
            color={value === state ? 'primary' : 'default'}
            variant={value === state ? 'filled' : 'outlined'}
            onClick={() => choose(value)}
            aria-pressed={value === state}
            data-testid={`mailings-filter-${value ?? 'all'}`}
          />
        ))}
      </Stack>
      {query.isError ? (
        <Box sx={{ p: 2 }}>
          <LoadFailedAlert actionLabel={t('mailings.list.retry')} onAction={() => void query.refetch()}>
            {t('mailings.list.loadFailed')}
          </LoadFailedAlert>
        </Box>
      ) : query.isPending ? (
        <SkeletonBlock height={240} />
      ) : mailings.length === 0 ? (
        <Box sx={{ p: 2 }}>
          <EmptyState
            testId="mailings-empty"
            title={state ? t('mailings.list.emptyFiltered') : t('mailings.list.empty')}
            description={state ? undefined : t('mailings.list.emptyHint')}
            action={
              state ? undefined : (
                <ActionButton variant="contained" onClick={() => void navigate('/apps/mailings/new')}>
                  {t('mailings.newMailing')}
                </ActionButton>
              )
            }
          />
        </Box>
      ) : (
        <MailingsTable mailings={mailings} />
      )}
      {cursors.length > 0 || query.data?.nextCursor ? (
        <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'flex-end' }}>
          <ActionButton disabled={cursors.length === 0} onClick={() => setCursors((list) => list.slice(0, -1))}>
            {t('mailings.detail.previous')}
          </ActionButton>
          <ActionButton
            disabled={!query.data?.nextCursor}
            onClick={() => {
              const next = query.data?.nextCursor;
              if (next) setCursors((list) => [...list, next]);
            }}
          >
            {t('mailings.detail.next')}
          </ActionButton>
        </Stack>
      ) : null}
    </Paper>
  );
};

/**
 * /apps/mailings: the mailings newest first with their state and totals, filtered by state (in
 * the URL); the contacts' tags section (?view=contacts); a link to the sequences.
 */
export const MailingsPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const contacts = params.get('view') === 'contacts';
  return (
    <Stack component="section" aria-labelledby="mailings-heading" spacing={3} data-testid="mailings-page">
      <PageTitle title={t('mailings.title')} />
      <PageHeader
        headingId="mailings-heading"
        title={t('mailings.title')}
        subtitle={t('mailings.subtitle')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to="/apps/mailings/new"
            data-testid="mailings-new"
          >
            {t('mailings.newMailing')}
          </Button>
        }
      />
      <MailingsSections current={contacts ? 'contacts' : 'mailings'} />
      {contacts ? (
        <Suspense fallback={<SkeletonBlock height={240} />}>
          <ContactsSection />
        </Suspense>
      ) : (
        <MailingsList />
      )}
    </Stack>
  );
};
