import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useText } from '../../../shared/i18n/translate';
import {
  PlainAlert,
  PlainButton,
  PlainPasswordField,
  PlainTextField,
  PlainTextLink,
  plainStyles as styles,
} from '../../../shared/ui/plain/plain';
import { isTwoStepDue, signInAndStore } from '../api/sign-in';
import { TwoStepForm } from './two-step-form';
import { AuthCard } from './auth-card';
import { inAWhile } from '../../../shared/i18n/retry-after';
import { keyForServerMessage, translateMessage } from '../utils/error-messages';
import { phoneForSignIn } from '../utils/phone-input';
import { redirectTargetFrom } from '../utils/redirect-target';

interface SignInErrors {
  readonly phone?: string;
  readonly password?: string;
  /** A failure that belongs to no field (network, server). */
  readonly form?: string;
}

/**
 * Sign in with phone and password (docs/product.md#routes, #calls). Validation is the server's
 * (docs/product.md#sign-in): its errors, including the throttling answer, show under the phone field. This
 * page is what /login downloads, so it is plain React: no form library, no query cache, no component library.
 */
export const SignInPage = () => {
  const text = useText();
  const { t, language } = text;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState({ phone: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [submitting, setSubmitting] = useState(false);
  /** Set when the password was right and a code is due (two-step verification on). */
  const [challenge, setChallenge] = useState<string>();
  const phoneRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    // An empty field is caught here: asking the server would only say the pair does not match.
    const missing: SignInErrors = {
      ...(values.phone.trim() === '' ? { phone: 'auth.signIn.phoneRequired' } : {}),
      ...(values.password === '' ? { password: 'auth.signIn.passwordRequired' } : {}),
    };
    if (missing.phone || missing.password) {
      setErrors(missing);
      (missing.phone ? phoneRef.current : passwordRef.current)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const response = await signInAndStore({ phone: phoneForSignIn(values.phone), password: values.password });
      if (isTwoStepDue(response)) {
        setSubmitting(false);
        setChallenge(response.twoStep.challenge);
        return;
      }
      await navigate(redirectTargetFrom(searchParams.get('to')), { replace: true });
    } catch (error) {
      setSubmitting(false);
      if (!isApiError(error)) throw error;
      if (error.status === 429) {
        const when = inAWhile(error.retryAfterSeconds ?? 15 * 60, language);
        setErrors({ phone: t('auth.signIn.throttled', { when }) });
        phoneRef.current?.focus();
      } else if (error.status === 400 && (error.fieldError('phone') || error.fieldError('password'))) {
        setErrors({
          phone: keyForServerMessage(error.fieldError('phone')),
          password: keyForServerMessage(error.fieldError('password')),
        });
        phoneRef.current?.focus();
      } else {
        setErrors({ form: error.code === 'network' ? 'errors.network' : 'errors.generic' });
      }
    }
  };

  const translate = (message: string | undefined) =>
    message === undefined ? undefined : translateMessage(text, message);
  const registerSearch = searchParams.toString();

  if (challenge) {
    return (
      <AuthCard title={t('auth.twoStep.title')} heading={t('auth.twoStep.heading')}>
        <TwoStepForm
          challenge={challenge}
          onSignedIn={async () => {
            await navigate(redirectTargetFrom(searchParams.get('to')), { replace: true });
          }}
          onRestart={(message) => {
            setChallenge(undefined);
            setValues((current) => ({ ...current, password: '' }));
            setErrors(message ? { form: message } : {});
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.signIn.title')} heading={t('auth.signIn.heading')} subtitle={t('auth.signIn.subtitle')}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className={styles.stack}
        aria-label={t('auth.signIn.title')}
      >
        {errors.form ? <PlainAlert severity="error">{translate(errors.form)}</PlainAlert> : null}
        <PlainTextField
          label={t('auth.fields.phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="username"
          autoFocus
          inputRef={phoneRef}
          value={values.phone}
          onChange={(event) => setValues((current) => ({ ...current, phone: event.target.value }))}
          error={translate(errors.phone)}
        />
        <PlainPasswordField
          label={t('auth.fields.password')}
          name="password"
          autoComplete="current-password"
          inputRef={passwordRef}
          value={values.password}
          onChange={(event) => setValues((current) => ({ ...current, password: event.target.value }))}
          error={translate(errors.password)}
        />
        <div className={`${styles.rowEnd} ${styles.small}`}>
          <PlainTextLink to="/forgot-password">{t('auth.signIn.forgotPassword')}</PlainTextLink>
        </div>
        <PlainButton type="submit" disabled={submitting}>
          {submitting ? t('auth.signIn.submitting') : t('auth.signIn.submit')}
        </PlainButton>
        <p className={styles.center}>
          {t('auth.signIn.noAccount')}{' '}
          <PlainTextLink to={{ pathname: '/register', search: registerSearch ? `?${registerSearch}` : '' }}>
            {t('auth.signIn.createAccount')}
          </PlainTextLink>
        </p>
      </form>
    </AuthCard>
  );
};
