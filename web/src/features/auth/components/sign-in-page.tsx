import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { LoginRequest } from '@orbit/functions/auth/contract';
import { isApiError } from '../../../shared/api/api-error';
import { FormTextField, PasswordField } from '../../../shared/ui/form-text-field';
import { useSignIn } from '../api/sign-in';
import { AuthCard } from './auth-card';
import { formatRetryAfter, keyForServerMessage, translateMessage } from './error-messages';
import { redirectTargetFrom } from './redirect-target';

/**
 * Sign in with phone and password (spec §2, §7). Validation is the server's (spec §5): its
 * errors, including the throttling answer, show under the phone field.
 */
export const SignInPage = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<LoginRequest>({
    defaultValues: { phone: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await signIn.mutateAsync(values);
      await navigate(redirectTargetFrom(searchParams.get('to')), { replace: true });
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 429) {
        const when = formatRetryAfter(error.retryAfterSeconds ?? 15 * 60, i18n.language);
        setError('phone', { type: 'server', message: t('auth.signIn.throttled', { when }) }, { shouldFocus: true });
      } else if (error.status === 400 && (error.fieldError('phone') || error.fieldError('password'))) {
        const phone = keyForServerMessage(error.fieldError('phone'));
        const password = keyForServerMessage(error.fieldError('password'));
        if (phone) setError('phone', { type: 'server', message: phone }, { shouldFocus: true });
        if (password) setError('password', { type: 'server', message: password });
      } else {
        setFormError(error.code === 'network' ? 'errors.network' : 'errors.generic');
      }
    }
  });

  const translate = (message: string) => translateMessage(i18n, t, message);

  return (
    <AuthCard title={t('auth.signIn.title')} heading={t('auth.signIn.heading')} subtitle={t('auth.signIn.subtitle')}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('auth.signIn.title')}>
        {formError ? <Alert severity="error">{translate(formError)}</Alert> : null}
        <FormTextField
          control={control}
          name="phone"
          label={t('auth.fields.phone')}
          type="tel"
          autoComplete="username"
          autoFocus
          translateError={translate}
          slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr' } }}
        />
        <PasswordField
          control={control}
          name="password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
          translateError={translate}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('auth.signIn.forgotPassword')}
          </Link>
        </Stack>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.signIn.noAccount')}{' '}
          <Link
            component={RouterLink}
            to={{ pathname: '/register', search: searchParams.toString() ? `?${searchParams.toString()}` : '' }}
          >
            {t('auth.signIn.createAccount')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
};
