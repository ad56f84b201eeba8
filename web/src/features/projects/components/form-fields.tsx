import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { priorities } from '@orbit/functions/projects/contract';
import { validationKeyOf } from '../utils/validation-key';

/**
 * Fields the project form and the task dialog share. Their validation messages are the
 * contract's English texts, shown translated (project.validation.<key>).
 */

export const useFieldMessage = () => {
  const { t } = useTranslation();
  return (error: { message?: string } | undefined): string | undefined =>
    error?.message ? t(validationKeyOf(error.message)) : undefined;
};

interface FieldProps<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: Path<T>;
  readonly label: string;
  readonly disabled?: boolean;
}

/** A calendar day (YYYY-MM-DD, or null when empty) as the browser's date input. */
export const DateField = <T extends FieldValues>({ control, name, label, disabled }: FieldProps<T>) => {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          type="date"
          label={label}
          value={field.value ?? ''}
          onChange={(event) => field.onChange(event.target.value || null)}
          onBlur={field.onBlur}
          disabled={disabled}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={message(fieldState.error)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
};

/** A priority, from the contract's list, with its translated names. */
export const PriorityField = <T extends FieldValues>({ control, name, label, disabled }: FieldProps<T>) => {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField {...field} select label={label} fullWidth disabled={disabled}>
          {priorities.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {t(`projects.priorities.${priority}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
};

/** A free text of several lines (a project's or a task's description). */
export const MultilineField = <T extends FieldValues>({ control, name, label, disabled }: FieldProps<T>) => {
  const message = useFieldMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          multiline
          minRows={3}
          fullWidth
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={message(fieldState.error)}
        />
      )}
    />
  );
};
