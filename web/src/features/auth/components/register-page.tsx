import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { registerRequest, type RegisterRequest } from '@orbit/functions/auth/contract';
import { isApiError } from '../../../shared/api/api-error';
import { inAWhile } from '../../../shared/i18n/retry-after';
import { useText, type TranslationKey } from '../../../shared/i18n/translate';
import { FormField } from '../../../shared/ui/plain/form-field';
import { PlainAlert, PlainButton, PlainTextLink, plainStyles as styles } from '../../../shared/ui/plain/plain';
import { registerAndStore, type RegisterBody } from '../api/register';
import { AuthCard } from './auth-card';
import { translateMessage } from '../utils/error-messages';
import { redirectTargetFrom } from '../utils/redirect-target';

type RegisterField = keyof RegisterRequest;
const registerFields: readonly RegisterField[] = ['fullName', 'phone', 'email', 'password', 'referralCode'];
const isRegisterField = (field: string): field is RegisterField =>
  (registerFields as readonly string[]).includes(field);

/** One translated message per field: the shared schema's rules, said in the user's language. */
const validationKey: Record<RegisterField, TranslationKey> = {
  fullName: 'validation.fullName',
  phone: 'validation.phone',
  email: 'validation.email',
  password: 'validation.password',
  referralCode: 'validation.referralCode',
};

/** The shared registerRequest schema decides; its English messages become translation keys. */
const schemaResolver = standardSchemaResolver(registerRequest);
const resolver: Resolver<RegisterRequest, unknown, RegisterBody> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const errors: FieldErrors<RegisterRequest> = {};
  for (const [field, error] of Object.entries(result.errors)) {
    if (isRegisterField(field) && error) errors[field] = { type: 'validate', message: validationKey[field] };
  }
  return Object.keys(errors).length > 0
    ? { values: {}, errors }
    : { values: result.values as RegisterBody, errors: {} };
};

/** Create a client account (docs/decisions.md: full name, phone, email, password, optional ?ref= code). */
export const RegisterPage = () => {
  const text = useText();
  const { t } = text;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  /** The form's own error: a key, and for too many sign-ups from this network (429) when to try again. */
  const [formError, setFormError] = useState<{ key: TranslationKey; when?: string } | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<RegisterRequest, unknown, RegisterBody>({
    resolver,
    defaultValues: {
      fullName: '',
      phone: '',
      email: '',
      password: '',
      referralCode: searchParams.get('ref') ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await registerAndStore(values);
      await navigate(redirectTargetFrom(searchParams.get('to')), { replace: true });
    } catch (error) {
      if (!isApiError(error)) throw error;
      const fields = Object.keys(error.errors).filter(isRegisterField);
      if ((error.status === 409 || error.status === 400 || error.status === 422) && fields.length > 0) {
        fields.forEach((field, index) => {
          const message =
            error.status === 409 && field === 'phone'
              ? 'auth.errors.phoneTaken'
              : error.status === 409 && field === 'email'
                ? 'auth.errors.emailTaken'
                : // The form already checked the code's shape: the server refuses one nobody has.
                  error.status === 400 && field === 'referralCode'
                  ? 'auth.errors.unknownReferralCode'
                  : validationKey[field];
          setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
        });
      } else if (error.status === 429) {
        const when = inAWhile(error.retryAfterSeconds ?? 60 * 60, text.language);
        setFormError({ key: 'auth.register.throttled', when });
      } else {
        setFormError({ key: error.code === 'network' ? 'errors.network' : 'errors.generic' });
      }
    }
  });

  const translate = (message: string) => translateMessage(text, message);
  const signInSearch = new URLSearchParams(searchParams);
  signInSearch.delete('ref');

  return (
    <AuthCard
      title={t('auth.register.title')}
      heading={t('auth.register.heading')}
      subtitle={t('auth.register.subtitle')}
    >
      <form noValidate onSubmit={onSubmit} className={styles.stack} aria-label={t('auth.register.title')}>
        {formError ? (
          <PlainAlert severity="error">
            {formError.when === undefined ? t(formError.key) : t(formError.key, { when: formError.when })}
          </PlainAlert>
        ) : null}
        <FormField
          control={control}
          name="fullName"
          label={t('auth.fields.fullName')}
          autoComplete="name"
          autoFocus
          required
          translateError={translate}
        />
        <FormField
          control={control}
          name="phone"
          label={t('auth.fields.phone')}
          hint={t('auth.fields.phoneHint')}
          type="tel"
          inputMode="tel"
          dir="ltr"
          autoComplete="tel"
          required
          translateError={translate}
        />
        <FormField
          control={control}
          name="email"
          label={t('auth.fields.email')}
          type="email"
          dir="ltr"
          autoComplete="email"
          required
          translateError={translate}
        />
        <FormField
          control={control}
          name="password"
          password
          label={t('auth.fields.password')}
          hint={t('auth.fields.passwordHint')}
          autoComplete="new-password"
          required
          translateError={translate}
        />
        <FormField
          control={control}
          name="referralCode"
          label={`${t('auth.fields.referralCode')} (${t('form.optional')})`}
          autoComplete="off"
          translateError={translate}
        />
        <PlainButton type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('auth.register.submitting') : t('auth.register.submit')}
        </PlainButton>
        <p className={styles.center}>
          {t('auth.register.haveAccount')}{' '}
          <PlainTextLink
            to={{ pathname: '/login', search: signInSearch.toString() ? `?${signInSearch.toString()}` : '' }}
          >
            {t('auth.register.signIn')}
          </PlainTextLink>
        </p>
      </form>
    </AuthCard>
  );
};
