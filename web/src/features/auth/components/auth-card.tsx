import type { ReactNode } from 'react';
import { DocumentTitle, plainStyles as styles } from '../../../shared/ui/plain/plain';

interface AuthCardProps {
  readonly title: string;
  readonly heading: string;
  readonly subtitle?: string;
  readonly children: ReactNode;
}

/** The card every signed-out page sits in, with its own heading and document title. */
export const AuthCard = ({ title, heading, subtitle, children }: AuthCardProps) => (
  <section aria-labelledby="auth-heading" className={styles.card}>
    <DocumentTitle title={title} />
    <h1 id="auth-heading" className={styles.heading}>
      {heading}
    </h1>
    {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : <div className={styles.subtitle} />}
    {children}
  </section>
);
