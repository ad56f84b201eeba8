import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberPageSizes, roles, type Invitation, type Member, type Role } from '@orbit/functions/team/contract';
import { useDebouncedSearch } from '../../shared/hooks/use-debounced-search';
import { useSearchParamState } from '../../shared/hooks/use-search-param-state';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { LoadFailedAlert } from '../../shared/ui/action-alerts';
import { AddIcon, SearchIcon } from '../../shared/ui/icons';
import { ListSearchField, ListSelect } from '../../shared/ui/list-fields';
import { ListToolbar } from '../../shared/ui/list-toolbar';
import { NoticeSnackbar } from '../../shared/ui/notice-snackbar';
import { PageHeader } from '../../shared/ui/page-header';
import { PageTitle } from '../../shared/ui/page-title';
import { useMembers, useResendInvitation, useResetTwoStep, useRevokeInvitation, useSuspension } from './api/team';
import { ConfirmDialog } from './components/confirm-dialog';
import { contactOf, InvitationsSection } from './components/invitations-section';
import { InviteDialog } from './components/invite-dialog';
import { MemberRow, type MemberAction } from './components/member-row';
import { RoleDialog } from './components/role-dialog';
import { teamErrorText } from './components/team-errors';
import { grantableRoles, readTeamState, writeTeamState, type TeamTableState } from './components/team-state';
import { roleLabel } from '../../shared/i18n/role-label';

type Pending =
  | { readonly kind: 'invite' }
  | { readonly kind: 'role'; readonly member: Member }
  | { readonly kind: 'suspend' | 'reactivate' | 'reset-two-step'; readonly member: Member }
  | { readonly kind: 'revoke'; readonly invitation: Invitation };

/**
 * /apps/team (docs/roles.md, "Team and invitations"): everyone who signs in, searchable by name,
 * email or phone and filterable by role (the URL keeps both), with the pending invitations. Each
 * action shows only when the caller's rules allow it; the server checks again.
 */
export const TeamPage = () => {
  const { t, i18n } = useTranslation();
  const ability = useAppAbility();
  const session = useSession();
  const myId = session.userData?.id;
  const myRole = session.userData?.role;
  const [state, change] = useSearchParamState<TeamTableState>(readTeamState, writeTeamState);
  const query = useMembers(state);
  const [draft, setDraft] = useDebouncedSearch(state.q, (q) => change({ q, page: 1 }, { replace: true }));
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const suspension = useSuspension();
  const resetTwoStep = useResetTwoStep();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const can = {
    invite: ability.can('create', 'Team'),
    manage: ability.can('update', 'Team'),
    role: ability.can('update', 'Role'),
    revoke: ability.can('delete', 'Team'),
  };
  const mayGrant: readonly Role[] = grantableRoles(myRole);
  const actionsFor = (member: Member): MemberAction[] => {
    if (member.id === myId) return [];
    // Only an administrator touches an administrator.
    if (member.role === 'admin' && myRole !== 'admin') return [];
    return [
      ...(can.role ? (['role'] as const) : []),
      ...(can.manage ? ([member.status === 'active' ? 'suspend' : 'reactivate'] as const) : []),
      ...(can.manage && member.twoStepEnabled ? (['reset-two-step'] as const) : []),
    ];
  };

  const rows = query.data?.members ?? [];
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / state.itemsPerPage));
  const roleOptions = [
    { value: '', label: t('team.allRoles') },
    ...roles.map((role) => ({ value: role, label: roleLabel(t, role) })),
  ];

  const resendInvitation = async (invitation: Invitation) => {
    try {
      await resend.mutateAsync(invitation.id);
      setNotice(t('team.notices.resent', { contact: contactOf(invitation) }));
    } catch (error) {
      setNotice(teamErrorText(error, t, i18n.language));
    }
  };

  return (
    <Stack component="section" aria-labelledby="page-heading" spacing={3}>
      <PageTitle title={t('team.title')} />
      <PageHeader
        headingId="page-heading"
        title={t('team.title')}
        subtitle={t('team.subtitle')}
        action={
          can.invite ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setPending({ kind: 'invite' })}>
              {t('team.invite')}
            </Button>
          ) : undefined
        }
      />

      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <ListToolbar fetching={query.isFetching} fetchingLabel={t('app.loading')}>
          <ListSearchField
            label={t('team.search')}
            value={draft}
            onChange={setDraft}
            icon={<SearchIcon fontSize="small" />}
            maxLength={100}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
          <ListSelect
            label={t('team.roleFilter')}
            value={state.role ?? ''}
            options={roleOptions}
            onChange={(value) => change({ role: (value || null) as Role | null, page: 1 })}
            sx={{ width: { xs: '100%', sm: 220 } }}
          />
        </ListToolbar>
        {query.isError ? (
          <Box sx={{ m: 2 }}>
            <LoadFailedAlert actionLabel={t('team.table.retry')} onAction={() => void query.refetch()}>
              {t('team.table.loadFailed')}
            </LoadFailedAlert>
          </Box>
        ) : null}
        {/* Scrolls sideways on a phone; the name stays first. */}
        <TableContainer>
          <Table aria-label={t('team.table.label')} aria-busy={query.isFetching} sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('team.columns.member')}</TableCell>
                <TableCell>{t('team.columns.contact')}</TableCell>
                <TableCell>{t('team.columns.role')}</TableCell>
                <TableCell>{t('team.columns.status')}</TableCell>
                <TableCell>{t('team.columns.lastSeen')}</TableCell>
                <TableCell align="right">{t('team.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  isMe={member.id === myId}
                  actions={actionsFor(member)}
                  onAction={(kind, target) => setPending({ kind, member: target })}
                />
              ))}
              {query.isSuccess && rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                    {state.q ? t('team.table.noMatch', { q: state.q }) : t('team.table.empty')}
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={total}
          page={Math.min(state.page, lastPage) - 1}
          rowsPerPage={state.itemsPerPage}
          rowsPerPageOptions={[...memberPageSizes]}
          onPageChange={(_, page) => change({ page: page + 1 })}
          onRowsPerPageChange={(event) => change({ itemsPerPage: Number(event.target.value), page: 1 })}
          labelRowsPerPage={t('team.table.itemsPerPage')}
          labelDisplayedRows={({ from, to, count }) => t('team.table.displayedRows', { from, to, count })}
          getItemAriaLabel={(type) =>
            t(
              type === 'first'
                ? 'team.table.firstPage'
                : type === 'last'
                  ? 'team.table.lastPage'
                  : type === 'next'
                    ? 'team.table.nextPage'
                    : 'team.table.previousPage',
            )
          }
          showFirstButton
          showLastButton
        />
      </Paper>

      <InvitationsSection
        canResend={can.invite}
        canRevoke={can.revoke}
        onResend={(invitation) => void resendInvitation(invitation)}
        onRevoke={(invitation) => setPending({ kind: 'revoke', invitation })}
      />

      {pending?.kind === 'invite' ? (
        <InviteDialog
          roles={mayGrant}
          onClose={() => setPending(null)}
          onInvited={(contact) => {
            setPending(null);
            setNotice(t('team.notices.invited', { contact }));
          }}
        />
      ) : null}
      {pending?.kind === 'role' ? (
        <RoleDialog
          member={pending.member}
          roles={mayGrant}
          onClose={() => setPending(null)}
          onChanged={(member) => {
            setPending(null);
            setNotice(t('team.notices.roleChanged', { name: member.fullName, role: roleLabel(t, member.role) }));
          }}
        />
      ) : null}
      {pending?.kind === 'suspend' || pending?.kind === 'reactivate' ? (
        <ConfirmDialog
          title={t(pending.kind === 'suspend' ? 'team.confirm.suspendTitle' : 'team.confirm.reactivateTitle', {
            name: pending.member.fullName,
          })}
          body={t(pending.kind === 'suspend' ? 'team.confirm.suspendBody' : 'team.confirm.reactivateBody')}
          danger={pending.kind === 'suspend'}
          onConfirm={() => suspension.mutateAsync({ id: pending.member.id, suspend: pending.kind === 'suspend' })}
          onClose={() => setPending(null)}
          onDone={() => {
            setPending(null);
            setNotice(
              t(pending.kind === 'suspend' ? 'team.notices.suspended' : 'team.notices.reactivated', {
                name: pending.member.fullName,
              }),
            );
          }}
        />
      ) : null}
      {pending?.kind === 'reset-two-step' ? (
        <ConfirmDialog
          title={t('team.confirm.resetTitle', { name: pending.member.fullName })}
          body={t('team.confirm.resetBody')}
          danger
          onConfirm={() => resetTwoStep.mutateAsync(pending.member.id)}
          onClose={() => setPending(null)}
          onDone={() => {
            setPending(null);
            setNotice(t('team.notices.twoStepReset', { name: pending.member.fullName }));
          }}
        />
      ) : null}
      {pending?.kind === 'revoke' ? (
        <ConfirmDialog
          title={t('team.confirm.revokeTitle', { contact: contactOf(pending.invitation) })}
          body={t('team.confirm.revokeBody')}
          danger
          onConfirm={() => revoke.mutateAsync(pending.invitation.id)}
          onClose={() => setPending(null)}
          onDone={() => {
            setPending(null);
            setNotice(t('team.notices.revoked'));
          }}
        />
      ) : null}
      <NoticeSnackbar notice={notice ? { severity: 'success', text: notice } : null} onClose={() => setNotice(null)} />
    </Stack>
  );
};
