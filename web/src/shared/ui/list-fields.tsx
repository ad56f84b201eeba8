import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

/**
 * A list page's toolbar fields, built without TextField and Select: those two bring every input
 * variant and the Menu/Popover/Modal stack (~12 KB gzip) to the page everyone lands on. A native
 * select is also the better picker on a phone and with assistive technology.
 */

export interface ListOption {
  readonly value: string;
  readonly label: string;
}

/** A labelled native select in the outlined style, the label always raised (it always shows a value). */
export const ListSelect = ({
  label,
  value,
  options,
  onChange,
  sx,
}: {
  readonly label: string;
  readonly value: string;
  readonly options: readonly ListOption[];
  readonly onChange: (value: string) => void;
  readonly sx?: SxProps<Theme>;
}) => {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={(event) => onChange(event.target.value)}
        input={<OutlinedInput id={id} label={label} notched />}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
};

/** A labelled search box in the outlined style. */
export const ListSearchField = ({
  label,
  placeholder,
  value,
  onChange,
  icon,
  maxLength,
  sx,
}: {
  readonly label: string;
  readonly placeholder?: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly icon?: ReactNode;
  readonly maxLength?: number;
  readonly sx?: SxProps<Theme>;
}) => {
  const id = useId();
  return (
    <FormControl size="small" sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        type="search"
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputProps={{ maxLength }}
        startAdornment={icon ? <InputAdornment position="start">{icon}</InputAdornment> : undefined}
      />
    </FormControl>
  );
};
