import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  forgotPasswordRequest,
  resetPasswordRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@orbit/functions/auth/contract';
import { isApiError, type ApiError } from '../../../shared/api/api-error';
import { FormTextField, PasswordField } from '../../../shared/ui/form-text-field';
import { useRequestPasswordResetCode, useResetPassword } from '../api/password-recovery';
import { AuthCard } from './auth-card';
import { translateMessage } from './error-messages';

type Step =
  { readonly name: 'request' } | { readonly name: 'reset'; readonly phone: string } | { readonly name: 'done' };

const failureKey = (error: ApiError): ParseKeys => (error.code === 'network' ? 'errors.network' : 'errors.generic');

const RequestCodeForm = ({ onSent }: { onSent: (phone: string) => void }) => {
  const { t, i18n } = useTranslation();
  const requestCode = useRequestPasswordResetCode();
  const [formError, setFormError] = useState<ParseKeys | null>(null);
  const { control, handleSubmit, formState } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { phone: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await requestCode.mutateAsync(values);
      onSent(values.phone);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFormError(failureKey(error));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-label={t('auth.forgotPassword.title')}>
      {formError ? <Alert severity="error">{t(formError)}</Alert> : null}
      <FormTextField
        control={control}
        name="phone"
        label={t('auth.fields.phone')}
        hint={t('auth.fields.phoneHint')}
        type="tel"
        autoComplete="username"
        autoFocus
        required
        translateError={() => translateMessage(i18n, t, 'validation.required')}
        slotProps={{ htmlInput: { inputMode: 'tel', dir: 'ltr' } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.forgotPassword.sendingCode') : t('auth.forgotPassword.sendCode')}
      </Button>
    </Stack>
  );
};

const resetValidationKey: Record<keyof ResetPasswordRequest, ParseKeys> = {
  phone: 'validation.phone',
  code: 'validation.code',
  password: 'validation.password',
};

const ResetPasswordForm = ({
  phone,
  onDone,
  onChangePhone,
}: {
  phone: string;
  onDone: () => void;
  onChangePhone: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const resetPassword = useResetPassword();
  const requestCode = useRequestPasswordResetCode();
  const [formError, setFormError] = useState<ParseKeys | null>(null);
  const [resent, setResent] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<ResetPasswordRequest>({
    resolver: zodResolver(resetPasswordRequest),
    defaultValues: { phone, code: '', password: '' },
  });
  const translateField = (field: keyof ResetPasswordRequest) => (message: string) =>
    translateMessage(i18n, t, i18n.exists(message) ? message : resetValidationKey[field]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPassword.mutateAsync(values);
      onDone();
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.fieldError('code') || error.status === 429) {
        setError('code', { type: 'server', message: 'auth.errors.invalidCode' }, { shouldFocus: true });
      } else if (error.fieldError('password')) {
        setError('password', { type: 'server', message: 'validation.password' }, { shouldFocus: true });
      } else {
        setFormError(failureKey(error));
      }
    }
  });

  const resend = async () => {
    setFormError(null);
    try {
      await requestCode.mutateAsync({ phone });
      setResent(true);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFormError(failureKey(error));
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={2.5}
      aria-label={t('auth.forgotPassword.resetHeading')}
    >
      <Alert severity="info" role="status">
        {t('auth.forgotPassword.codeSent', { phone: `\u2066${phone}\u2069` })}
      </Alert>
      {formError ? <Alert severity="error">{t(formError)}</Alert> : null}
      <FormTextField
        control={control}
        name="code"
        label={t('auth.fields.code')}
        hint={t('auth.fields.codeHint')}
        autoComplete="one-time-code"
        autoFocus
        required
        translateError={translateField('code')}
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, dir: 'ltr' } }}
      />
      <PasswordField
        control={control}
        name="password"
        label={t('auth.fields.newPassword')}
        hint={t('auth.fields.passwordHint')}
        autoComplete="new-password"
        required
        translateError={translateField('password')}
      />
      <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.forgotPassword.resetSubmitting') : t('auth.forgotPassword.resetSubmit')}
      </Button>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button variant="text" onClick={() => void resend()} disabled={requestCode.isPending || resent}>
          {t('auth.forgotPassword.resendCode')}
        </Button>
        <Button variant="text" onClick={onChangePhone}>
          {t('auth.forgotPassword.changePhone')}
        </Button>
      </Stack>
    </Stack>
  );
};

/**
 * Password recovery in two steps on one page: the phone gets a 6-digit code, then the code and a
 * new password set it. Success revokes every session, so the user signs in again.
 */
export const ForgotPasswordPage = () => {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ name: 'request' });

  const heading =
    step.name === 'done'
      ? t('auth.forgotPassword.doneHeading')
      : step.name === 'reset'
        ? t('auth.forgotPassword.resetHeading')
        : t('auth.forgotPassword.heading');

  return (
    <AuthCard
      title={t('auth.forgotPassword.title')}
      heading={heading}
      subtitle={step.name === 'request' ? t('auth.forgotPassword.subtitle') : undefined}
    >
      {step.name === 'request' ? <RequestCodeForm onSent={(phone) => setStep({ name: 'reset', phone })} /> : null}
      {step.name === 'reset' ? (
        <ResetPasswordForm
          phone={step.phone}
          onDone={() => setStep({ name: 'done' })}
          onChangePhone={() => setStep({ name: 'request' })}
        />
      ) : null}
      {step.name === 'done' ? (
        <Stack spacing={3}>
          <Alert severity="success" role="status">
            {t('auth.forgotPassword.done')}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {t('auth.forgotPassword.backToSignIn')}
          </Button>
        </Stack>
      ) : null}
      {step.name !== 'done' ? (
        <Stack sx={{ mt: 3, alignItems: 'center' }}>
          <Link component={RouterLink} to="/login" variant="body2">
            {t('auth.forgotPassword.backToSignIn')}
          </Link>
        </Stack>
      ) : null}
    </AuthCard>
  );
};
