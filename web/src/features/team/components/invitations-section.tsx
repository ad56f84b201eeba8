import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@orbit/functions/team/contract';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { Tag } from '../../../shared/ui/tag';
import { useInvitations } from '../api/team';
import { roleLabel } from '../../../shared/i18n/role-label';

export interface InvitationsSectionProps {
  readonly canResend: boolean;
  readonly canRevoke: boolean;
  readonly onResend: (invitation: Invitation) => void;
  readonly onRevoke: (invitation: Invitation) => void;
}

export const contactOf = (invitation: Invitation): string => invitation.email ?? invitation.phone ?? '';

/** The pending invitations, newest first, each with its link's state and the actions the caller may take. */
export const InvitationsSection = ({ canResend, canRevoke, onResend, onRevoke }: InvitationsSectionProps) => {
  const { t, i18n } = useTranslation();
  const query = useInvitations(true);
  const invitations = query.data?.invitations ?? [];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <Paper variant="outlined" component="section" aria-labelledby="invitations-heading" sx={{ p: 2 }}>
      <Typography id="invitations-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('team.invitations.title')}
      </Typography>
      {query.isError ? (
        <LoadFailedAlert actionLabel={t('team.table.retry')} onAction={() => void query.refetch()}>
          {t('team.invitations.loadFailed')}
        </LoadFailedAlert>
      ) : null}
      {query.isSuccess && invitations.length === 0 ? (
        <Typography color="text.secondary">{t('team.invitations.empty')}</Typography>
      ) : null}
      <List aria-label={t('team.invitations.label')} disablePadding>
        {invitations.map((invitation) => (
          <ListItem key={invitation.id} divider data-testid="invitation-row" sx={{ px: 0, flexWrap: 'wrap', gap: 1 }}>
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Typography dir="ltr" sx={{ fontWeight: 500, overflowWrap: 'anywhere', textAlign: 'start' }}>
                {contactOf(invitation)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('team.invitations.invitedBy', { name: invitation.invitedBy.fullName })} ·{' '}
                {t('team.invitations.validUntil', { date: date.format(new Date(invitation.validUntil)) })}
              </Typography>
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Tag variant="outlined" color="primary" label={roleLabel(t, invitation.role)} />
              <Tag
                variant="outlined"
                color={invitation.expired ? 'error' : 'warning'}
                label={t(invitation.expired ? 'team.invitations.expired' : 'team.invitations.pending')}
              />
              {canResend ? (
                <Button
                  size="small"
                  onClick={() => onResend(invitation)}
                  aria-label={t('team.invitations.resendLabel', { contact: contactOf(invitation) })}
                >
                  {t('team.invitations.resend')}
                </Button>
              ) : null}
              {canRevoke ? (
                <Button
                  size="small"
                  color="error"
                  onClick={() => onRevoke(invitation)}
                  aria-label={t('team.invitations.revokeLabel', { contact: contactOf(invitation) })}
                >
                  {t('team.invitations.revoke')}
                </Button>
              ) : null}
            </Stack>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
};
