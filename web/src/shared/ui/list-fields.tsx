import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';
import { pathIcon } from './icons';

/**
 * A list page's toolbar fields: a native `<input>`/`<select>` with a real `<label>`, drawn like
 * MUI's small outlined fields (the label on the border in a notch, a 2 px primary border on
 * focus). Not MUI's TextField, Select or even OutlinedInput/FormControl: those bring the input
 * machinery to the page everyone lands on, for fields that need none of it. A
 * native select is also the better picker on a phone and with assistive technology.
 */

export interface ListOption {
  readonly value: string;
  readonly label: string;
}

type FieldSize = 'small' | 'medium';

const Root = styled('div')<{ ownerState: { readonly size: FieldSize } }>(({ theme, ownerState: { size } }) => {
  const tokens = theme.vars ?? theme;
  const outline = theme.vars
    ? `rgba(${theme.vars.palette.common.onBackgroundChannel} / 0.23)`
    : theme.palette.mode === 'light'
      ? 'rgba(0, 0, 0, 0.23)'
      : 'rgba(255, 255, 255, 0.23)';
  // The label raised onto the border, in the notch the outline leaves for it.
  const raised = { top: -9, fontSize: '0.75em', pointerEvents: 'auto' } as const;
  return {
    ...theme.typography.body1,
    lineHeight: '1.4375em',
    position: 'relative',
    display: 'inline-flex',
    flexDirection: 'column',
    minWidth: 0,
    verticalAlign: 'top',
    color: tokens.palette.text.primary,

    '& > label': {
      position: 'absolute',
      zIndex: 1,
      top: size === 'small' ? 9 : 16,
      insetInlineStart: 14,
      // In the label's own ems: 17.25 px high when raised (12 px), centred on the border.
      lineHeight: '1.4375em',
      maxWidth: 'calc(100% - 28px)',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      color: tokens.palette.text.secondary,
      // Inside the field (an empty field's label) a click goes through to the control.
      pointerEvents: 'none',
      userSelect: 'none',
      transition: theme.transitions.create(['color', 'top', 'font-size'], {
        duration: theme.transitions.duration.shorter,
      }),
      '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
    },
    '&[data-raised="true"] > label, &:focus-within > label': raised,
    '&:focus-within > label': { color: tokens.palette.primary.main },

    '& > .field-box': {
      position: 'relative',
      display: 'flex',
      alignItems: 'center',
      borderRadius: tokens.shape.borderRadius,
      cursor: 'text',
    },
    '& .field-adornment': {
      display: 'flex',
      alignItems: 'center',
      marginInlineStart: 14,
      marginInlineEnd: 8,
      color: tokens.palette.action.active,
    },
    '& input, & select, & .field-control': {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      boxSizing: 'content-box',
      display: 'block',
      width: '100%',
      minWidth: 0,
      height: '1.4375em',
      margin: 0,
      padding: size === 'small' ? '8.5px 14px' : '16.5px 14px',
      border: 0,
      borderRadius: 'inherit',
      background: 'none',
      // The outline below shows focus, as on MUI's fields.
      outline: 0,
      '&:disabled': { color: tokens.palette.text.disabled, WebkitTextFillColor: tokens.palette.text.disabled },
    },
    '& .field-adornment + input': { paddingInlineStart: 0 },
    '& input::placeholder': {
      color: 'currentColor',
      opacity: theme.vars ? theme.vars.opacity.inputPlaceholder : theme.palette.mode === 'light' ? 0.42 : 0.5,
    },
    // An empty field's label stands where the placeholder would: the placeholder waits for focus.
    '&[data-raised="false"]:not(:focus-within) input::placeholder': { opacity: 0 },
    '& input[type="search"]::-webkit-search-decoration': { WebkitAppearance: 'none' },
    '& select, & .field-control': {
      appearance: 'none',
      cursor: 'pointer',
      paddingInlineEnd: 32,
      '& option, & optgroup': { backgroundColor: tokens.palette.background.paper },
    },
    // A button standing in for a select (a menu that loads on first use): its value on one line.
    '& .field-control': {
      textAlign: 'start',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    },
    '& .field-caret': {
      position: 'absolute',
      insetInlineEnd: 7,
      top: 'calc(50% - .5em)',
      fontSize: '1.5rem',
      pointerEvents: 'none',
      color: tokens.palette.action.active,
    },

    '& fieldset': {
      position: 'absolute',
      inset: '-5px 0 0',
      margin: 0,
      padding: '0 8px',
      textAlign: 'start',
      pointerEvents: 'none',
      border: `1px solid ${outline}`,
      borderRadius: 'inherit',
      overflow: 'hidden',
      minWidth: 0,
    },
    '& legend': {
      float: 'unset',
      width: 'auto',
      display: 'block',
      padding: 0,
      height: 11,
      fontSize: '0.75em',
      visibility: 'hidden',
      maxWidth: 0.01,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      transition: theme.transitions.create('max-width', { duration: 50, easing: theme.transitions.easing.easeOut }),
      '& > span': { display: 'inline-block', paddingInline: 5, opacity: 0, visibility: 'visible' },
    },
    '&[data-raised="true"] legend, &:focus-within legend': { maxWidth: '100%' },
    '@media (hover: hover)': {
      '& > .field-box:hover fieldset': { borderColor: tokens.palette.text.primary },
    },
    '&:focus-within fieldset, &:focus-within > .field-box:hover fieldset': {
      borderColor: tokens.palette.primary.main,
      borderWidth: 2,
    },
  };
});

/**
 * An outlined field's frame around a native control whose id is `id`: the label (raised onto the
 * border when `raised`, and whenever the control has focus), an optional icon before the
 * control, the outline with its notch. Without a label (the control names itself, e.g. by
 * aria-label) the outline runs unbroken, as MUI's fields without one.
 */
export const OutlinedFieldFrame = ({
  id,
  label,
  raised = true,
  size = 'small',
  icon,
  end,
  children,
  sx,
}: {
  readonly id: string;
  readonly label?: string;
  readonly raised?: boolean;
  readonly size?: FieldSize;
  readonly icon?: ReactNode;
  /** After the control, over its end (a select's caret). */
  readonly end?: ReactNode;
  readonly children: ReactNode;
  readonly sx?: SxProps<Theme>;
}) => (
  <Root ownerState={{ size }} data-raised={raised} sx={sx}>
    {label === undefined ? null : <label htmlFor={id}>{label}</label>}
    <div className="field-box">
      {icon ? (
        <span className="field-adornment" aria-hidden>
          {icon}
        </span>
      ) : null}
      {children}
      {end}
      <fieldset aria-hidden>
        <legend>{label === undefined ? null : <span>{label}</span>}</legend>
      </fieldset>
    </div>
  </Root>
);

const CaretIcon = pathIcon('M7 10l5 5 5-5z', 'ArrowDropDownIcon');

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
    <OutlinedFieldFrame id={id} label={label} end={<CaretIcon className="field-caret" />} sx={sx}>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </OutlinedFieldFrame>
  );
};

/**
 * A labelled search box in the outlined style; with an icon the label stays raised, as in MUI.
 * `hideLabel` names the box by its label without showing it (the placeholder shows), as a MUI
 * TextField with an aria-label and no label.
 */
export const ListSearchField = ({
  label,
  hideLabel = false,
  placeholder,
  value,
  onChange,
  icon,
  maxLength,
  sx,
}: {
  readonly label: string;
  readonly hideLabel?: boolean;
  readonly placeholder?: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly icon?: ReactNode;
  readonly maxLength?: number;
  readonly sx?: SxProps<Theme>;
}) => {
  const id = useId();
  return (
    <OutlinedFieldFrame
      id={id}
      label={hideLabel ? undefined : label}
      raised={hideLabel || Boolean(icon) || value !== ''}
      icon={icon}
      sx={sx}
    >
      <input
        id={id}
        aria-label={hideLabel ? label : undefined}
        type="search"
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </OutlinedFieldFrame>
  );
};
