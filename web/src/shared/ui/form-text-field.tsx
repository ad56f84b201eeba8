import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  readonly name: FieldPath<T>;
  readonly control: Control<T>;
  /** Shown under the field when there is no error. */
  readonly hint?: string;
  /** Turns an error message (a translation key or server text) into what the user reads. */
  readonly translateError?: (message: string) => string;
};

/**
 * A labelled MUI text field bound to react-hook-form. The input keeps its `name` (stable for
 * tests and password managers) and the helper text shows the field's error, else its hint.
 */
export const FormTextField = <T extends FieldValues>({
  name,
  control,
  hint,
  translateError = (message) => message,
  slotProps,
  ...props
}: FormTextFieldProps<T>) => {
  const { field, fieldState } = useController({ name, control });
  const message = fieldState.error?.message;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(message)}
      helperText={message ? translateError(message) : hint}
      slotProps={{
        ...slotProps,
        formHelperText: { 'aria-live': 'polite', ...(slotProps?.formHelperText as object | undefined) },
      }}
      fullWidth
    />
  );
};
