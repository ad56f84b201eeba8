import { Link as RouterLink, Outlet } from 'react-router';
import { appName } from '../../shared/config';
import { useText } from '../../shared/i18n/translate';
import { PlainLanguageSelect } from '../../shared/ui/plain/language-select';
import { plainStyles as styles } from '../../shared/ui/plain/plain';

/**
 * docs/product.md#routes blank layout: sign-in, registration, recovery and the error pages, without the shell.
 * Plain HTML and CSS with the shell's colours, theme and direction (see shared/ui/plain), so
 * /login downloads neither the component library nor i18next.
 */
export const BlankLayout = () => {
  const { t } = useText();
  return (
    <div className={styles.page}>
      <a href="#main-content" className={styles.skipLink}>
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        <RouterLink to="/" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden>
            {appName.slice(0, 1)}
          </span>
          {appName}
        </RouterLink>
        <PlainLanguageSelect />
      </header>
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
};
