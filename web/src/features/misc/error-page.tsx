import type { ReactNode } from 'react';
import { DocumentTitle, plainStyles as styles } from '../../shared/ui/plain/plain';

interface ErrorPageProps {
  /** The document title, exactly as docs/product.md#errors gives it. */
  readonly documentTitle: string;
  readonly status: number;
  readonly heading: string;
  readonly message: string;
  readonly action: ReactNode;
}

/**
 * The not-found, not-authorized and server-error pages share this shape. Plain HTML and CSS (see
 * shared/ui/plain): the server-error page is the router's error boundary in the entry chunk, and
 * the others sit in the blank layout beside /login.
 */
export const ErrorPage = ({ documentTitle, status, heading, message, action }: ErrorPageProps) => (
  <section aria-labelledby="error-heading" className={styles.errorPage}>
    <DocumentTitle exact={documentTitle} />
    <p aria-hidden className={styles.status}>
      {status}
    </p>
    <h1 id="error-heading" className={styles.heading}>
      {heading}
    </h1>
    <p className={styles.subtitle}>{message}</p>
    <div>{action}</div>
  </section>
);
