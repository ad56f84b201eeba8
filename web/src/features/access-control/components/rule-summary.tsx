import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PermissionRule } from '@orbit/functions/permissions/contract';
import { summaryOf, type GridAction } from '../utils/rule-grid';

/**
 * A permission's rules in one short text for its row: each subject with what may be done to it,
 * "own" marked, e.g. "Projects: view, create · Tasks: view; edit (own)".
 */
export const RuleSummary = ({ rules }: { rules: readonly PermissionRule[] }) => {
  const { t } = useTranslation();
  const entries = summaryOf(rules);
  if (entries.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('permissions.rules.none')}
      </Typography>
    );
  }
  const actions = (list: readonly GridAction[]) =>
    list.map((action) => t(`accessControl.actions.${action}`).toLocaleLowerCase()).join(t('permissions.rules.and'));
  return (
    <Typography variant="body2" color="text.secondary" data-testid="rule-summary" sx={{ minWidth: 200, maxWidth: 420 }}>
      {entries
        .map((entry) => {
          const parts = [
            ...(entry.all.length > 0 ? [actions(entry.all)] : []),
            ...(entry.own.length > 0 ? [t('permissions.rules.ownOnly', { actions: actions(entry.own) })] : []),
          ];
          return t('permissions.rules.entry', {
            subject: t(`accessControl.subjects.${entry.subject}`),
            actions: parts.join(t('permissions.rules.and')),
          });
        })
        .join(' · ')}
    </Typography>
  );
};
