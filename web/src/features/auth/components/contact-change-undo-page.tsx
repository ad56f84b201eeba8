import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { ContactChangeUndone } from '@orbit/functions/users/contract';
import { isApiError } from '../../../shared/api/api-error';
import { useText } from '../../../shared/i18n/translate';
import { PlainAlert, PlainButton, PlainButtonLink, plainStyles as styles } from '../../../shared/ui/plain/plain';
import { undoContactChange } from '../api/contact-change-undo';
import { AuthCard } from './auth-card';

/** The token in the link's fragment (`#token=…`): a fragment reaches no server and no log. */
const tokenOf = (hash: string): string => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/**
 * /contact-change/undo#token=… (public, signed in or not; docs/user-view.md): the link the old
 * email or phone receives when the sign-in one changes. Nothing happens on opening it (mail
 * scanners open links): one button undoes the change, which also signs the account out on every
 * device, this one included.
 */
export const ContactChangeUndoPage = () => {
  const { t } = useText();
  const token = tokenOf(useLocation().hash);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ContactChangeUndone | null>(null);
  const [problem, setProblem] = useState<ParseKeys | null>(token ? null : 'auth.undoContact.invalid');

  const undo = async () => {
    setProblem(null);
    setBusy(true);
    try {
      setOutcome(await undoContactChange(token));
    } catch (error) {
      setProblem(
        isApiError(error) && error.status === 404
          ? 'auth.undoContact.invalid'
          : isApiError(error) && error.code === 'network'
            ? 'errors.network'
            : 'auth.undoContact.failed',
      );
    } finally {
      setBusy(false);
    }
  };

  const invalid = problem === 'auth.undoContact.invalid';
  const done: ParseKeys | null = !outcome
    ? null
    : outcome.restored
      ? outcome.field === 'email'
        ? 'auth.undoContact.doneEmail'
        : 'auth.undoContact.donePhone'
      : 'auth.undoContact.notRestored';

  return (
    <AuthCard
      title={t('auth.undoContact.title')}
      heading={t(
        invalid
          ? 'auth.undoContact.invalidHeading'
          : done
            ? 'auth.undoContact.doneHeading'
            : 'auth.undoContact.heading',
      )}
      subtitle={invalid || done ? undefined : t('auth.undoContact.explain')}
    >
      <div className={styles.stack} data-testid="contact-undo-page">
        {done ? (
          <>
            <PlainAlert severity={outcome?.restored ? 'success' : 'info'}>
              <span data-testid="contact-undo-done">{t(done)}</span>
            </PlainAlert>
            <PlainButtonLink to="/login">{t('auth.undoContact.signIn')}</PlainButtonLink>
          </>
        ) : (
          <>
            {problem ? <PlainAlert severity="error">{t(problem)}</PlainAlert> : null}
            {invalid ? null : (
              <PlainButton onClick={() => void undo()} disabled={busy} data-testid="contact-undo-confirm">
                {busy ? t('auth.undoContact.submitting') : t('auth.undoContact.button')}
              </PlainButton>
            )}
          </>
        )}
      </div>
    </AuthCard>
  );
};
