import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  forgotPasswordRequest,
  resetPasswordRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@orbit/functions/auth/contract';
import { isApiError, type ApiError } from '../../../shared/api/api-error';
import { useText, type TranslationKey } from '../../../shared/i18n/translate';
import { FormField } from '../../../shared/ui/plain/form-field';
import {
  PlainAlert,
  PlainButton,
  PlainButtonLink,
  PlainTextButton,
  PlainTextLink,
  plainStyles as styles,
} from '../../../shared/ui/plain/plain';
import { requestPasswordResetCode, resetPassword } from '../api/password-recovery';
import { AuthCard } from './auth-card';
import { translateMessage } from './error-messages';

type Step =
  { readonly name: 'request' } | { readonly name: 'reset'; readonly phone: string } | { readonly name: 'done' };

/**
 * The step survives a reload of this tab (sessionStorage: this tab only, gone when it closes, and
 * the phone stays out of the URL and the history). A code lives 15 minutes, so does the step.
 */
const recoveryStorageKey = 'orbit-password-recovery';
const codeLifetimeMs = 15 * 60 * 1000;

const storedStep = (): Step => {
  try {
    const stored = JSON.parse(sessionStorage.getItem(recoveryStorageKey) ?? 'null') as unknown;
    if (
      typeof stored === 'object' &&
      stored !== null &&
      'phone' in stored &&
      'sentAt' in stored &&
      typeof stored.phone === 'string' &&
      typeof stored.sentAt === 'number' &&
      Date.now() - stored.sentAt < codeLifetimeMs
    ) {
      return { name: 'reset', phone: stored.phone };
    }
  } catch {
    // Unreadable or unavailable storage: start at the first step.
  }
  return { name: 'request' };
};

const storeStep = (step: Step): void => {
  try {
    if (step.name === 'reset') {
      sessionStorage.setItem(recoveryStorageKey, JSON.stringify({ phone: step.phone, sentAt: Date.now() }));
    } else {
      sessionStorage.removeItem(recoveryStorageKey);
    }
  } catch {
    // Without storage a reload starts over, as before.
  }
};

const failureKey = (error: ApiError): TranslationKey =>
  error.code === 'network' ? 'errors.network' : 'errors.generic';

const RequestCodeForm = ({ onSent }: { onSent: (phone: string) => void }) => {
  const text = useText();
  const { t } = text;
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const { control, handleSubmit, formState } = useForm<ForgotPasswordRequest>({
    resolver: standardSchemaResolver(forgotPasswordRequest),
    defaultValues: { phone: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await requestPasswordResetCode(values);
      onSent(values.phone);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFormError(failureKey(error));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className={styles.stack} aria-label={t('auth.forgotPassword.title')}>
      {formError ? <PlainAlert severity="error">{t(formError)}</PlainAlert> : null}
      <FormField
        control={control}
        name="phone"
        label={t('auth.fields.phone')}
        hint={t('auth.fields.phoneHint')}
        type="tel"
        inputMode="tel"
        dir="ltr"
        autoComplete="username"
        autoFocus
        required
        translateError={() => translateMessage(text, 'validation.required')}
      />
      <PlainButton type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.forgotPassword.sendingCode') : t('auth.forgotPassword.sendCode')}
      </PlainButton>
    </form>
  );
};

const resetValidationKey: Record<keyof ResetPasswordRequest, TranslationKey> = {
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
  const text = useText();
  const { t } = text;
  const [formError, setFormError] = useState<TranslationKey | null>(null);
  const [resent, setResent] = useState(false);
  const [resending, setResending] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<ResetPasswordRequest>({
    resolver: standardSchemaResolver(resetPasswordRequest),
    defaultValues: { phone, code: '', password: '' },
  });
  const translateField = (field: keyof ResetPasswordRequest) => (message: string) =>
    translateMessage(text, text.exists(message) ? message : resetValidationKey[field]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPassword(values);
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
    setResending(true);
    try {
      await requestPasswordResetCode({ phone });
      setResent(true);
    } catch (error) {
      if (!isApiError(error)) throw error;
      setFormError(failureKey(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className={styles.stack} aria-label={t('auth.forgotPassword.resetHeading')}>
      <PlainAlert severity="info" role="status">
        {t('auth.forgotPassword.codeSent', { phone: `\u2066${phone}\u2069` })}
      </PlainAlert>
      {formError ? <PlainAlert severity="error">{t(formError)}</PlainAlert> : null}
      <FormField
        control={control}
        name="code"
        label={t('auth.fields.code')}
        hint={t('auth.fields.codeHint')}
        autoComplete="one-time-code"
        autoFocus
        required
        inputMode="numeric"
        maxLength={6}
        dir="ltr"
        translateError={translateField('code')}
      />
      <FormField
        control={control}
        name="password"
        password
        label={t('auth.fields.newPassword')}
        hint={t('auth.fields.passwordHint')}
        autoComplete="new-password"
        required
        translateError={translateField('password')}
      />
      <PlainButton type="submit" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t('auth.forgotPassword.resetSubmitting') : t('auth.forgotPassword.resetSubmit')}
      </PlainButton>
      <div className={styles.row}>
        <PlainTextButton onClick={() => void resend()} disabled={resending || resent}>
          {t('auth.forgotPassword.resendCode')}
        </PlainTextButton>
        <PlainTextButton onClick={onChangePhone}>{t('auth.forgotPassword.changePhone')}</PlainTextButton>
      </div>
    </form>
  );
};

/**
 * Password recovery in two steps on one page: the phone gets a 6-digit code, then the code and a
 * new password set it. Success revokes every session, so the user signs in again.
 */
export const ForgotPasswordPage = () => {
  const { t } = useText();
  const [step, setStepState] = useState<Step>(storedStep);
  const setStep = (next: Step) => {
    storeStep(next);
    setStepState(next);
  };

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
        <div className={styles.stack}>
          <PlainAlert severity="success" role="status">
            {t('auth.forgotPassword.done')}
          </PlainAlert>
          <PlainButtonLink to="/login">{t('auth.forgotPassword.backToSignIn')}</PlainButtonLink>
        </div>
      ) : null}
      {step.name !== 'done' ? (
        <p className={`${styles.center} ${styles.small}`} style={{ marginTop: '1.5rem' }}>
          <PlainTextLink to="/login">{t('auth.forgotPassword.backToSignIn')}</PlainTextLink>
        </p>
      ) : null}
    </AuthCard>
  );
};
