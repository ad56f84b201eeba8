import {
  useId,
  useState,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
} from 'react';
import { Link as RouterLink, type LinkProps } from 'react-router';
import { useText } from '../../i18n/translate';
import styles from './plain.module.css';

/**
 * Controls for the signed-out pages in plain HTML and CSS. The component library, its styling
 * engine and i18next together weigh more than the sign-in page's whole JavaScript budget
 * (`npm run bench -- web`), so these pages use native elements styled with the same tokens
 * (base.css): the same colours, dark theme, skin and primary colour as the signed-in app,
 * mirrored for Arabic by logical CSS properties. Labels, descriptions and states are the native
 * ones.
 */

const cx = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');

export { styles as plainStyles };

/** The document title: "<page> · Orbit", or exactly `exact` when a title is fixed (docs/product.md#errors). */
export const DocumentTitle = ({ title, exact }: { title?: string; exact?: string }) => {
  const { t } = useText();
  return <title>{exact ?? `${title ?? ''} · ${t('app.titleSuffix')}`}</title>;
};

export interface PlainTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  readonly label: string;
  /** Shown under the field when there is no error. */
  readonly hint?: string;
  readonly error?: string;
  /** A button inside the field's end (e.g. show password). */
  readonly end?: ReactNode;
  readonly inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled input. Its description (aria-describedby) is the error, else the hint, in a polite
 * live region that is always present so a new error is announced.
 */
export const PlainTextField = ({
  label,
  hint,
  error,
  end,
  id,
  inputRef,
  required,
  className,
  ...input
}: PlainTextFieldProps) => {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper`;
  const helper = error ?? hint;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </label>
      <div className={styles.control}>
        <input
          {...input}
          id={inputId}
          ref={inputRef}
          required={required}
          className={cx(styles.input, end ? styles.withEnd : null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={helper ? helperId : undefined}
        />
        {end}
      </div>
      <p id={helperId} className={cx(styles.helper, error ? styles.helperError : null)} aria-live="polite">
        {helper}
      </p>
    </div>
  );
};

const eyeOpen =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const eyeClosed =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';

export const PlainIcon = ({ path }: { path: string }) => (
  <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden focusable="false">
    <path d={path} />
  </svg>
);

/** A password field with a show/hide toggle. */
export const PlainPasswordField = (props: Omit<PlainTextFieldProps, 'type' | 'end'>) => {
  const { t } = useText();
  const [visible, setVisible] = useState(false);
  return (
    <PlainTextField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className={styles.endButton}
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
          aria-pressed={visible}
        >
          <PlainIcon path={visible ? eyeClosed : eyeOpen} />
        </button>
      }
    />
  );
};

export const PlainButton = ({ className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) => (
  <button {...props} type={type} className={cx(styles.button, className)} />
);

export const PlainTextButton = ({ className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement>) => (
  <button {...props} type={type} className={cx(styles.textButton, className)} />
);

/** A router link that looks like the primary button. */
export const PlainButtonLink = ({ className, ...props }: LinkProps) => (
  <RouterLink {...props} className={cx(styles.button, className)} />
);

export const PlainTextLink = ({ className, ...props }: LinkProps) => (
  <RouterLink {...props} className={cx(styles.link, className)} />
);

export const PlainAlert = ({
  severity,
  children,
  role,
}: {
  severity: 'error' | 'info' | 'success';
  children: ReactNode;
  role?: 'alert' | 'status';
}) => (
  <p
    role={role ?? (severity === 'error' ? 'alert' : 'status')}
    className={cx(
      styles.alert,
      severity === 'error' ? styles.alertError : severity === 'info' ? styles.alertInfo : styles.alertSuccess,
    )}
  >
    {children}
  </p>
);

export interface PlainNativeSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly label: string;
  /** Keep the label for screen readers only. */
  readonly hideLabel?: boolean;
}

export const PlainNativeSelect = ({ label, hideLabel, id, className, ...select }: PlainNativeSelectProps) => {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={cx(styles.selectField, className)}>
      <label htmlFor={selectId} className={styles.label} hidden={hideLabel}>
        {label}
      </label>
      <select {...select} id={selectId} className={styles.select} aria-label={hideLabel ? label : undefined} />
    </div>
  );
};
