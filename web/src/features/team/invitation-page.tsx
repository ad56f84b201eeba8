import type { ParseKeys } from 'i18next';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import * as v from 'valibot';
import { acceptInvitationRequest } from '@orbit/functions/auth/contract';
import { isApiError } from '../../shared/api/api-error';
import { useText } from '../../shared/i18n/translate';
import {
  DocumentTitle,
  PlainAlert,
  PlainButton,
  PlainButtonLink,
  PlainPasswordField,
  PlainTextField,
  plainStyles as styles,
} from '../../shared/ui/plain/plain';
import { acceptInvitation, useInvitationPreview } from './api/team';

type Field = 'fullName' | 'password' | 'phone' | 'email';
const fieldMessage: Record<Field, ParseKeys> = {
  fullName: 'team.accept.errors.fullName',
  password: 'team.accept.errors.password',
  phone: 'team.accept.errors.phone',
  email: 'team.accept.errors.email',
};
const isField = (name: string): name is Field => name in fieldMessage;

/**
 * /invitation?token=… (signed out; docs/roles.md, "Team and invitations"): who invites and as
 * what, then a name, a password and the contact the invitation lacks; the new account lands
 * signed in on '/'. A used, revoked or expired link says so, with the way to sign in.
 */
export const InvitationPage = () => {
  // The blank layout's plain translation hook (no i18next provider outside the shell).
  const { t } = useText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { preview, reload } = useInvitationPreview(token);
  const [values, setValues] = useState<Record<Field, string>>({ fullName: '', password: '', phone: '', email: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, ParseKeys>>>({});
  const [problem, setProblem] = useState<ParseKeys | null>(null);
  const [busy, setBusy] = useState(false);

  const invitation = preview.state === 'ready' ? preview.invitation : undefined;
  const needsPhone = invitation ? invitation.phone === null : false;
  const needsEmail = invitation ? invitation.email === null : false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const body = {
      token,
      fullName: values.fullName,
      password: values.password,
      ...(needsPhone ? { phone: values.phone.trim() } : {}),
      ...(needsEmail ? { email: values.email.trim() } : {}),
    };
    const parsed = v.safeParse(acceptInvitationRequest, body);
    if (!parsed.success) {
      const found: Partial<Record<Field, ParseKeys>> = {};
      for (const issue of parsed.issues) {
        const name = String(issue.path?.[0]?.key ?? '');
        if (isField(name)) found[name] = fieldMessage[name];
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await acceptInvitation(parsed.output);
      await navigate('/', { replace: true });
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 410)) {
        reload();
      } else if (isApiError(error) && error.status === 409) {
        setErrors({
          ...(error.fieldError('phone') ? { phone: 'team.accept.errors.phoneTaken' as const } : {}),
          ...(error.fieldError('email') ? { email: 'team.accept.errors.emailTaken' as const } : {}),
        });
      } else if (isApiError(error) && error.status === 400) {
        const found: Partial<Record<Field, ParseKeys>> = {};
        for (const name of Object.keys(error.errors)) if (isField(name)) found[name] = fieldMessage[name];
        setErrors(found);
      } else {
        setProblem(isApiError(error) && error.code === 'network' ? 'errors.network' : 'team.accept.errors.generic');
      }
    } finally {
      setBusy(false);
    }
  };

  const failed = !token || preview.state === 'failed';
  const expired = preview.state === 'failed' && isApiError(preview.error) && preview.error.status === 410;
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <section aria-labelledby="invitation-heading" className={styles.card}>
      <DocumentTitle title={t('team.accept.title')} />
      {failed ? (
        <>
          <h1 id="invitation-heading" className={styles.heading}>
            {t(expired ? 'team.accept.expiredTitle' : 'team.accept.invalidTitle')}
          </h1>
          <PlainAlert severity="error">{t(expired ? 'team.accept.expired' : 'team.accept.invalid')}</PlainAlert>
          <PlainButtonLink to="/login">{t('team.accept.signIn')}</PlainButtonLink>
        </>
      ) : !invitation ? (
        <>
          <h1 id="invitation-heading" className={styles.heading}>
            {t('team.accept.heading')}
          </h1>
          <p className={styles.subtitle} role="status">
            {t('team.accept.loading')}
          </p>
        </>
      ) : (
        <>
          <h1 id="invitation-heading" className={styles.heading}>
            {t('team.accept.heading')}
          </h1>
          <p className={styles.subtitle}>
            {t('team.accept.subtitle', {
              name: invitation.invitedBy,
              role: t(`roles.${invitation.role}`),
            })}
          </p>
          <form noValidate onSubmit={(event) => void submit(event)} className={styles.stack}>
            {problem ? <PlainAlert severity="error">{t(problem)}</PlainAlert> : null}
            {invitation.email ? (
              <PlainTextField label={t('team.accept.email')} value={invitation.email} readOnly dir="ltr" />
            ) : null}
            {invitation.phone ? (
              <PlainTextField label={t('team.accept.phone')} value={invitation.phone} readOnly dir="ltr" />
            ) : null}
            <PlainTextField
              label={t('team.accept.fullName')}
              value={values.fullName}
              onChange={set('fullName')}
              autoComplete="name"
              autoFocus
              required
              error={errors.fullName ? t(errors.fullName) : undefined}
            />
            {needsPhone ? (
              <PlainTextField
                label={t('team.accept.phone')}
                hint={t('team.accept.phoneHint')}
                value={values.phone}
                onChange={set('phone')}
                type="tel"
                inputMode="tel"
                dir="ltr"
                autoComplete="tel"
                required
                error={errors.phone ? t(errors.phone) : undefined}
              />
            ) : null}
            {needsEmail ? (
              <PlainTextField
                label={t('team.accept.email')}
                value={values.email}
                onChange={set('email')}
                type="email"
                dir="ltr"
                autoComplete="email"
                required
                error={errors.email ? t(errors.email) : undefined}
              />
            ) : null}
            <PlainPasswordField
              label={t('team.accept.password')}
              hint={t('team.accept.passwordHint')}
              value={values.password}
              onChange={set('password')}
              autoComplete="new-password"
              required
              error={errors.password ? t(errors.password) : undefined}
            />
            <PlainButton type="submit" disabled={busy}>
              {busy ? t('team.accept.submitting') : t('team.accept.submit')}
            </PlainButton>
          </form>
        </>
      )}
    </section>
  );
};
