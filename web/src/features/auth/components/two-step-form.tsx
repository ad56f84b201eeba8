import { useRef, useState, type FormEvent } from 'react';
import { twoStepMessages } from '@orbit/functions/auth/messages';
import { isApiError } from '../../../shared/api/api-error';
import { useText } from '../../../shared/i18n/translate';
import { PlainButton, PlainTextButton, PlainTextField, plainStyles as styles } from '../../../shared/ui/plain/plain';
import { completeTwoStepAndStore } from '../api/sign-in';
import { inAWhile } from '../../../shared/i18n/retry-after';

type Method = 'totp' | 'recovery';

/**
 * The second step of a sign-in with two-step verification on (docs/user-view.md): the 6-digit
 * code from the authenticator app (one-time-code autocomplete, so a phone offers it), or a
 * recovery code. Plain React like the rest of the sign-in page.
 */
export const TwoStepForm = ({
  challenge,
  onSignedIn,
  onRestart,
}: {
  readonly challenge: string;
  readonly onSignedIn: () => Promise<void>;
  /** The challenge expired or was used: back to the password. */
  readonly onRestart: (message: string) => void;
}) => {
  const { t, language } = useText();
  const [method, setMethod] = useState<Method>('totp');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const switchMethod = () => {
    setMethod((current) => (current === 'totp' ? 'recovery' : 'totp'));
    setValue('');
    setError(undefined);
    inputRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const entered = value.trim();
    if (method === 'totp' ? !/^\d{6}$/.test(entered) : entered === '') {
      setError(t(method === 'totp' ? 'auth.twoStep.codeRequired' : 'auth.twoStep.recoveryRequired'));
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await completeTwoStepAndStore(
        method === 'totp' ? { challenge, code: entered } : { challenge, recoveryCode: entered },
      );
      await onSignedIn();
    } catch (caught) {
      setSubmitting(false);
      if (!isApiError(caught)) throw caught;
      if (caught.status === 429) {
        const when = inAWhile(caught.retryAfterSeconds ?? 15 * 60, language);
        setError(t('auth.signIn.throttled', { when }));
      } else if (caught.status === 400 && caught.fieldError('challenge') === twoStepMessages.challengeExpired) {
        onRestart(t('auth.twoStep.expired'));
        return;
      } else if (caught.status === 400) {
        setError(t(method === 'totp' ? 'auth.twoStep.wrongCode' : 'auth.twoStep.wrongRecovery'));
      } else {
        setError(t(caught.code === 'network' ? 'errors.network' : 'errors.generic'));
      }
      inputRef.current?.focus();
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className={styles.stack}
      aria-label={t('auth.twoStep.title')}
    >
      <p className={styles.subtitle}>
        {t(method === 'totp' ? 'auth.twoStep.subtitle' : 'auth.twoStep.recoverySubtitle')}
      </p>
      {method === 'totp' ? (
        <PlainTextField
          key="totp"
          label={t('auth.twoStep.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          dir="ltr"
          autoFocus
          inputRef={inputRef}
          value={value}
          onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
          error={error}
        />
      ) : (
        <PlainTextField
          key="recovery"
          label={t('auth.twoStep.recoveryCode')}
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          autoFocus
          inputRef={inputRef}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
        />
      )}
      <PlainButton type="submit" disabled={submitting}>
        {submitting ? t('auth.twoStep.submitting') : t('auth.twoStep.submit')}
      </PlainButton>
      <div className={`${styles.row} ${styles.small}`}>
        <PlainTextButton onClick={() => onRestart('')}>{t('auth.twoStep.back')}</PlainTextButton>
        <PlainTextButton onClick={switchMethod}>
          {t(method === 'totp' ? 'auth.twoStep.useRecovery' : 'auth.twoStep.useCode')}
        </PlainTextButton>
      </div>
    </form>
  );
};
