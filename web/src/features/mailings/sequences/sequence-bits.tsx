import Chip from '@mui/material/Chip';
import type { SequenceTrigger } from '@orbit/functions/mailings/sequence-contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';

/** The page's views live in the address (`?sequence=<id>`, `&edit=1`, `?sequence=new`), so each can be bookmarked. */
export const sequencesPath = '/apps/mailings/sequences';
export const sequenceViewPath = (id: string) => `${sequencesPath}?sequence=${encodeURIComponent(id)}`;
export const sequenceEditPath = (id: string) => `${sequenceViewPath(id)}&edit=1`;
export const newSequencePath = `${sequencesPath}?sequence=new`;

/** "Enters “Interest shown”" or "Gets the tag “vip”". */
export const TriggerText = ({ trigger }: { readonly trigger: SequenceTrigger }) => {
  const { t } = useTranslation();
  const values = { interpolation: { escapeValue: false } } as const;
  return trigger.type === 'status' ? (
    <>{t('sequences.trigger.status', { status: t(`sequences.statuses.${trigger.status}`), ...values })}</>
  ) : (
    <>{t('sequences.trigger.tag', { tag: trigger.tag, ...values })}</>
  );
};

export const ActiveChip = ({ active }: { readonly active: boolean }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(active ? 'sequences.state.on' : 'sequences.state.off')}
      // Outlined: its text keeps the contrast axe asks for in both themes (as the mailings' chips).
      variant="outlined"
      color={active ? 'success' : 'default'}
      data-testid="sequence-state"
      data-active={active}
    />
  );
};

/** A sequence that could not be read: gone (404) or not loaded, with a retry. */
export const SequenceLoadFailed = ({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) => {
  const { t } = useTranslation();
  return (
    <LoadFailedAlert actionLabel={t('sequences.detail.retry')} onAction={onRetry}>
      {t(isApiError(error) && error.status === 404 ? 'sequences.detail.notFound' : 'sequences.detail.loadFailed')}
    </LoadFailedAlert>
  );
};
