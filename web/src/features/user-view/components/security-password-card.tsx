import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { changePasswordRequest } from '@orbit/functions/auth/security-contract';
import { useText } from '../../../shared/i18n/translate';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useChangePassword } from '../api/security';
import { securityErrorOf } from './security-errors';

type Field = 'currentPassword' | 'newPassword' | 'confirm';

/**
 * Change password (the owner only): the current password, the new one twice. The request's own
 * schema checks it first (the same rules as registration); the server ends the other sessions.
 */
export const SecurityPasswordCard = ({ userId }: { readonly userId: string }) => {
  const text = useText();
  const { t } = text;
  const change = useChangePassword(userId);
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [done, setDone] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    const parsed = v.safeParse(changePasswordRequest, {
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.issues) {
        const field = issue.path?.[0]?.key;
        if (field === 'currentPassword') found.currentPassword = t('userSecurity.errors.passwordRequired');
        if (field === 'newPassword') found.newPassword = t('userSecurity.errors.newPasswordLength');
      }
    }
    if (values.confirm !== values.newPassword) found.confirm = t('userSecurity.password.mismatch');
    setErrors(found);
    if (!parsed.success || found.confirm) return;
    change.mutate(parsed.output, {
      onSuccess: () => {
        setValues({ currentPassword: '', newPassword: '', confirm: '' });
        setDone(true);
      },
      onError: (error) => {
        const { field, message } = securityErrorOf(error, text);
        setErrors(field === 'currentPassword' || field === 'newPassword' ? { [field]: message } : { form: message });
      },
    });
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      name={name}
      type="password"
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
      slotProps={{ formHelperText: { 'aria-live': 'polite' } }}
    />
  );

  return (
    <Card component="section" aria-labelledby="security-password-heading">
      <CardContent>
        <Typography id="security-password-heading" variant="h6" component="h2" gutterBottom>
          {t('userSecurity.password.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('userSecurity.password.intro')}
        </Typography>
        <form noValidate onSubmit={onSubmit} aria-labelledby="security-password-heading">
          <Stack spacing={2}>
            {errors.form ? <InlineAlert severity="error">{errors.form}</InlineAlert> : null}
            {done ? <InlineAlert severity="success">{t('userSecurity.password.changed')}</InlineAlert> : null}
            {/* The account's identifier, for password managers filling the right entry. */}
            <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
            {field('currentPassword', t('userSecurity.password.current'), 'current-password')}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {field('newPassword', t('userSecurity.password.new'), 'new-password')}
              {field('confirm', t('userSecurity.password.confirm'), 'new-password')}
            </Stack>
            <div>
              <Button type="submit" variant="contained" disabled={change.isPending}>
                {change.isPending ? t('userSecurity.password.submitting') : t('userSecurity.password.submit')}
              </Button>
            </div>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
};
