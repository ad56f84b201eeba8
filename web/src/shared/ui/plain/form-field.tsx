import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { PlainPasswordField, PlainTextField, type PlainTextFieldProps } from './plain';

type FormFieldProps<T extends FieldValues> = Omit<
  PlainTextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
> & {
  readonly name: FieldPath<T>;
  readonly control: Control<T>;
  readonly password?: boolean;
  /** Turns an error message (a translation key or server text) into what the user reads. */
  readonly translateError?: (message: string) => string;
};

/**
 * A plain text field bound to react-hook-form (registration and recovery; the sign-in page needs
 * no form library). The input keeps its `name`, stable for tests and password managers.
 */
export const FormField = <T extends FieldValues>({
  name,
  control,
  password,
  translateError = (message) => message,
  ...props
}: FormFieldProps<T>) => {
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error?.message;
  const Field = password ? PlainPasswordField : PlainTextField;
  return (
    <Field
      {...props}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={message ? translateError(message) : undefined}
    />
  );
};
