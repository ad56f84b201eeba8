import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { MailingsSections } from '../components/mailings-sections';
import { newSequencePath } from './sequence-bits';
import { AddIcon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageTitle } from '../../../shared/ui/page-title';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';

// Each view loads with its own files, so that the app's entry, which names every route's files for
// preloading, names few for this page (the signed-in first download's budget, `npm run bench -- web`).
const SequenceDetail = lazy(async () => ({ default: (await import('./sequence-detail')).SequenceDetail }));
const SequenceEditor = lazy(async () => ({ default: (await import('./sequence-editor')).SequenceEditor }));
const SequencesList = lazy(async () => ({ default: (await import('./sequences-list')).SequencesList }));

/**
 * /apps/mailings/sequences (docs/mailings.md, "Sequences"): the sequences with their trigger,
 * channel, steps and how many people they hold; one sequence's steps, statistics and people
 * (`?sequence=<id>`); its editor (`&edit=1`, or `?sequence=new`).
 */
export const SequencesPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const selected = params.get('sequence');
  const editing = selected === 'new' || (selected !== null && params.get('edit') === '1');
  return (
    <Stack component="section" aria-labelledby="sequences-heading" spacing={3} data-testid="sequences-page">
      <PageTitle title={t('sequences.title')} />
      <PageHeader
        headingId="sequences-heading"
        title={t('sequences.title')}
        subtitle={t('sequences.subtitle')}
        action={
          selected ? undefined : (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={newSequencePath}
              data-testid="sequences-new"
            >
              {t('sequences.newSequence')}
            </Button>
          )
        }
      />
      <MailingsSections current="sequences" />
      <Box>
        <Suspense fallback={<SkeletonBlock height={400} />}>
          {selected === null ? (
            <SequencesList />
          ) : editing ? (
            <SequenceEditor id={selected === 'new' ? undefined : selected} />
          ) : (
            <SequenceDetail id={selected} />
          )}
        </Suspense>
      </Box>
    </Stack>
  );
};
