import type { ParseKeys } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { currentLanguage, setLanguage } from '../../shared/i18n/language-store';
import { useText } from '../../shared/i18n/translate';
import { DocumentTitle, PlainAlert, PlainButton, plainStyles as styles } from '../../shared/ui/plain/plain';
import { unsubscribe, useUnsubscribeLink } from './api/unsubscribe';

/** A value inside a sentence, isolated (U+2068…U+2069) so an address reads left to right in Arabic too. */
const isolate = (value: string) => `\u2068${value}\u2069`;

/**
 * /unsubscribe/:token (public; docs/mailings.md, "Opting out"): the link in every mailing's
 * footer. It says whose mailings stop and to which (masked) address, in the recipient's language
 * (the link's answer carries it; the visitor can still pick another), and one button opts out.
 * A link the server did not sign, or for someone who is gone, says it is not valid. The first
 * download of someone who may never sign in: plain HTML, no component library, no i18next.
 */
export const UnsubscribePage = () => {
  const { t } = useText();
  const { token = '' } = useParams();
  const { link, reload } = useUnsubscribeLink(token);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ParseKeys | null>(null);
  const [invalid, setInvalid] = useState(false);

  // Once per page: the recipient's language, unless it is already the one on screen.
  const languageApplied = useRef(false);
  const view = link.state === 'ready' ? link.view : undefined;
  useEffect(() => {
    if (!view || languageApplied.current) return;
    languageApplied.current = true;
    if (view.language !== currentLanguage()) void setLanguage(view.language, { remember: false });
  }, [view]);

  const confirm = async () => {
    setProblem(null);
    setBusy(true);
    try {
      await unsubscribe(token);
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.status === 404) setInvalid(true);
      else setProblem(isApiError(error) && error.code === 'network' ? 'errors.network' : 'unsubscribe.failed');
    } finally {
      setBusy(false);
    }
  };

  const notValid =
    !token || invalid || (link.state === 'failed' && isApiError(link.error) && link.error.status === 404);
  const values = view ? { workspace: isolate(view.workspace), address: isolate(view.address) } : undefined;

  const [heading, body]: [ParseKeys, ParseKeys | null] = notValid
    ? ['unsubscribe.invalidHeading', 'unsubscribe.invalid']
    : link.state === 'failed'
      ? ['unsubscribe.heading', null]
      : !view
        ? ['unsubscribe.heading', 'unsubscribe.loading']
        : done
          ? ['unsubscribe.doneHeading', 'unsubscribe.done']
          : view.optedOut
            ? ['unsubscribe.alreadyHeading', 'unsubscribe.already']
            : ['unsubscribe.heading', 'unsubscribe.explain'];

  return (
    <section aria-labelledby="unsubscribe-heading" className={styles.card} data-testid="unsubscribe-page">
      <DocumentTitle title={t('unsubscribe.title')} />
      <h1 id="unsubscribe-heading" className={styles.heading}>
        {t(heading)}
      </h1>
      {notValid ? (
        <PlainAlert severity="error">
          <span data-testid="unsubscribe-invalid">{t('unsubscribe.invalid')}</span>
        </PlainAlert>
      ) : link.state === 'failed' ? (
        <div className={styles.stack}>
          <PlainAlert severity="error">
            {t(isApiError(link.error) && link.error.code === 'network' ? 'errors.network' : 'unsubscribe.failed')}
          </PlainAlert>
          <PlainButton onClick={reload}>{t('unsubscribe.retry')}</PlainButton>
        </div>
      ) : !view ? (
        <p className={styles.subtitle} role="status">
          {t('unsubscribe.loading')}
        </p>
      ) : done || view.optedOut ? (
        <PlainAlert severity="success">
          <span data-testid="unsubscribe-done">{body ? t(body, values) : null}</span>
        </PlainAlert>
      ) : (
        <div className={styles.stack}>
          <p className={styles.subtitle}>{t('unsubscribe.explain', values)}</p>
          {problem ? <PlainAlert severity="error">{t(problem)}</PlainAlert> : null}
          <PlainButton onClick={() => void confirm()} disabled={busy} data-testid="unsubscribe-confirm">
            {busy ? t('unsubscribe.submitting') : t('unsubscribe.button')}
          </PlainButton>
          <p className={styles.subtitle}>{t('unsubscribe.note')}</p>
        </div>
      )}
    </section>
  );
};
