import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import type { ParseKeys } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { Role } from '@orbit/functions/team/contract';
import { inviteRequest } from '@orbit/functions/team/requests';
import { useInvite } from '../api/team';
import { teamErrorKey, teamErrorText } from './team-errors';
import { roleLabel } from '../../../shared/i18n/role-label';

export interface InviteDialogProps {
  readonly roles: readonly Role[];
  readonly onClose: () => void;
  readonly onInvited: (contact: string) => void;
}

/** Invite by email or by SMS with a role the caller may give; the shared schema checks the form first. */
export const InviteDialog = ({ roles, onClose, onInvited }: InviteDialogProps) => {
  const { t, i18n } = useTranslation();
  const invite = useInvite();
  const [by, setBy] = useState<'email' | 'phone'>('email');
  const [contact, setContact] = useState('');
  const [role, setRole] = useState<Role>(roles.includes('manager') ? 'manager' : (roles[0] ?? 'client'));
  const [fieldError, setFieldError] = useState<ParseKeys | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setProblem(null);
    const body = { [by]: contact, role };
    if (!v.safeParse(inviteRequest, body).success) {
      setFieldError(by === 'email' ? 'team.errors.email' : 'team.errors.phone');
      return;
    }
    try {
      await invite.mutateAsync(body);
      onInvited(contact.trim());
    } catch (error) {
      const key = teamErrorKey(error);
      if (key === 'team.errors.email' || key === 'team.errors.phone') setFieldError(key);
      else if (key === 'team.errors.emailTaken' || key === 'team.errors.phoneTaken') setFieldError(key);
      else setProblem(teamErrorText(error, t, i18n.language));
    }
  };

  const busy = invite.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="invite-title" maxWidth="xs" fullWidth>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="invite-title">{t('team.inviteDialog.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{t('team.inviteDialog.intro')}</DialogContentText>
          {problem ? <Alert severity="warning">{problem}</Alert> : null}
          <div>
            <FormLabel id="invite-by">{t('team.inviteDialog.by')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="invite-by"
              value={by}
              onChange={(event) => {
                setBy(event.target.value === 'phone' ? 'phone' : 'email');
                setContact('');
                setFieldError(null);
              }}
            >
              <FormControlLabel value="email" control={<Radio />} label={t('team.inviteDialog.byEmail')} />
              <FormControlLabel value="phone" control={<Radio />} label={t('team.inviteDialog.byPhone')} />
            </RadioGroup>
          </div>
          <TextField
            label={t(by === 'email' ? 'team.inviteDialog.email' : 'team.inviteDialog.phone')}
            type={by === 'email' ? 'email' : 'tel'}
            value={contact}
            onChange={(event) => setContact(event.target.value)}
            required
            autoFocus
            error={fieldError !== null}
            helperText={fieldError ? t(fieldError) : by === 'phone' ? t('team.inviteDialog.phoneHint') : ' '}
            slotProps={{ htmlInput: { dir: 'ltr', maxLength: by === 'email' ? 254 : 16 } }}
          />
          <TextField
            select
            label={t('team.inviteDialog.role')}
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            slotProps={{ select: { native: true } }}
          >
            {roles.map((option) => (
              <option key={option} value={option}>
                {roleLabel(t, option)}
              </option>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('team.inviteDialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('team.inviteDialog.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
