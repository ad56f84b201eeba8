import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactField, Profile } from '@orbit/functions/users/contract';
import { emailPattern, phonePattern } from '@orbit/functions/users/requests';
import { isApiError } from '../../../shared/api/api-error';
import { useConfirmContactChange, useStartContactChange } from '../api/users';

/** What a refusal means for the person: the server's status and field, in their language. */
const problemOf = (error: unknown, step: 'send' | 'confirm'): ParseKeys => {
  if (!isApiError(error)) return 'userView.contact.failed';
  if (error.status === 409 && error.fieldError('value')) return 'userView.contact.taken';
  if (error.status === 429 && error.fieldError('currentPassword')) return 'userView.contact.tooManyPasswords';
  if (error.status === 429) return 'userView.contact.tooMany';
  if (error.status === 403) return 'userView.contact.ownerOnly';
  if (error.status === 400 && step === 'confirm') return 'userView.contact.wrongCode';
  if (error.status === 400 && error.fieldError('value') === 'This is already your current one')
    return 'userView.contact.same';
  return 'userView.contact.failed';
};

/** A wrong or missing password is said beside the password field, not above the form. */
const wrongPasswordOf = (error: unknown): boolean =>
  isApiError(error) && error.status === 400 && error.fieldError('currentPassword') !== undefined;

/**
 * Change the sign-in email or phone in two steps: the new value with the current password (an
 * open session alone does not move how the account signs in), a code goes to the new value; then
 * the 6-digit code. Nothing changes until the code is confirmed; the old one is then told, with a
 * link that undoes it (docs/user-view.md).
 */
export const ContactChangeDialog = ({
  user,
  field,
  onClose,
  onChanged,
}: {
  user: Profile;
  field: ContactField;
  onClose: () => void;
  onChanged: (user: Profile) => void;
}) => {
  const { t } = useTranslation();
  const start = useStartContactChange(user.id);
  const confirm = useConfirmContactChange(user.id);
  const [value, setValue] = useState('');
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<ParseKeys | null>(null);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<ParseKeys | null>(null);
  const [problem, setProblem] = useState<ParseKeys | null>(null);
  const isPhone = field === 'phone';

  const send = () => {
    const trimmed = value.trim();
    if (!(isPhone ? phonePattern : emailPattern).test(trimmed)) {
      setInvalid(isPhone ? 'userView.contact.invalidPhone' : 'userView.contact.invalidEmail');
      return;
    }
    setInvalid(null);
    if (!password) {
      setPasswordProblem('userView.contact.passwordRequired');
      return;
    }
    setPasswordProblem(null);
    setProblem(null);
    start.mutate(
      { field, value: trimmed, currentPassword: password },
      {
        onSuccess: (started) => setSentTo(started.value),
        onError: (error) => {
          if (wrongPasswordOf(error)) {
            setSentTo(null);
            setPasswordProblem('userView.contact.wrongPassword');
          } else setProblem(problemOf(error, 'send'));
        },
      },
    );
  };

  const finish = () => {
    if (!/^\d{6}$/.test(code)) {
      setInvalid('userView.contact.invalidCode');
      return;
    }
    setInvalid(null);
    setProblem(null);
    confirm.mutate(
      { field, code },
      {
        onSuccess: ({ user: changed }) => onChanged(changed),
        onError: (error) => setProblem(problemOf(error, 'confirm')),
      },
    );
  };

  const busy = start.isPending || confirm.isPending;
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="contact-change-title" fullWidth maxWidth="xs">
      <DialogTitle id="contact-change-title">
        {isPhone ? t('userView.contact.dialogPhone') : t('userView.contact.dialogEmail')}
      </DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          noValidate
          spacing={2}
          sx={{ pt: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (sentTo) finish();
            else send();
          }}
        >
          {problem ? <Alert severity="error">{t(problem)}</Alert> : null}
          {sentTo ? (
            <>
              <Alert severity="info">{t('userView.contact.sent', { value: sentTo })}</Alert>
              <TextField
                name="code"
                label={t('userView.contact.code')}
                value={code}
                autoFocus
                onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
                error={invalid !== null}
                helperText={invalid ? t(invalid) : undefined}
                slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', dir: 'ltr' } }}
                fullWidth
              />
            </>
          ) : (
            <>
              <TextField
                name="value"
                type={isPhone ? 'tel' : 'email'}
                label={isPhone ? t('userView.contact.newPhone') : t('userView.contact.newEmail')}
                value={value}
                autoFocus
                onChange={(event) => setValue(event.target.value)}
                error={invalid !== null}
                helperText={invalid ? t(invalid) : isPhone ? t('userView.contact.phoneHint') : undefined}
                slotProps={{ htmlInput: { dir: 'ltr', autoComplete: isPhone ? 'tel' : 'email' } }}
                fullWidth
              />
              <TextField
                name="currentPassword"
                type="password"
                label={t('userView.contact.currentPassword')}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={passwordProblem !== null}
                helperText={passwordProblem ? t(passwordProblem) : t('userView.contact.passwordHint')}
                slotProps={{ htmlInput: { autoComplete: 'current-password', maxLength: 128 } }}
                fullWidth
              />
            </>
          )}
          {/* Enter submits the step. */}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('userView.contact.cancel')}
        </Button>
        {sentTo ? (
          <>
            <Button onClick={send} disabled={busy}>
              {t('userView.contact.resend')}
            </Button>
            <Button variant="contained" onClick={finish} disabled={busy}>
              {confirm.isPending ? t('userView.contact.confirming') : t('userView.contact.confirm')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={send} disabled={busy}>
            {start.isPending ? t('userView.contact.sending') : t('userView.contact.send')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
