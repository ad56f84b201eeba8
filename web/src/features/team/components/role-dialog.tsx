import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { ParseKeys } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member, Role } from '@orbit/functions/team/contract';
import { useChangeRole } from '../api/team';
import { teamErrorKey } from './team-errors';
import { roleLabel } from '../../../shared/i18n/role-label';

export interface RoleDialogProps {
  readonly member: Member;
  readonly roles: readonly Role[];
  readonly onClose: () => void;
  readonly onChanged: (member: Member) => void;
}

/** A new role from the version the list showed: a stale one is refused and the list reloads. */
export const RoleDialog = ({ member, roles, onClose, onChanged }: RoleDialogProps) => {
  const { t } = useTranslation();
  const change = useChangeRole();
  const [role, setRole] = useState<Role>(member.role);
  const [problem, setProblem] = useState<ParseKeys | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      const { member: changed } = await change.mutateAsync({ id: member.id, role, version: member.version });
      onChanged(changed);
    } catch (error) {
      setProblem(teamErrorKey(error));
    }
  };
  const options = roles.includes(member.role) ? roles : [member.role, ...roles];
  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} aria-labelledby="role-title" maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="role-title">{t('team.roleDialog.title', { name: member.fullName })}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {problem ? <Alert severity="warning">{t(problem)}</Alert> : null}
          <TextField
            select
            label={t('team.roleDialog.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            slotProps={{ select: { native: true } }}
          >
            {options.map((option) => (
              <option key={option} value={option}>
                {roleLabel(t, option)}
              </option>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={change.isPending}>
            {t('team.roleDialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={change.isPending || role === member.role}>
            {t('team.roleDialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
