import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { lazy, Suspense, useId, useState, type ComponentProps } from 'react';

const loadPicker = () => import('./person-picker');
const PersonPicker = lazy(() => loadPicker().then((module) => ({ default: module.PersonPicker })));

type PersonFilterProps = Omit<ComponentProps<typeof PersonPicker>, 'autoFocus' | 'openOnFocus'>;

/**
 * A list filter by person. The searchable picker (MUI Autocomplete with its popup, ~10 KB gzip)
 * downloads when someone reaches for the field (hover starts the download, focus swaps it in,
 * focused; a click also opens its list, a Tab does not), not with the list page every visitor
 * opens. Until then a read-only field of the same
 * size shows the current choice under the same label (built without TextField, which would bring
 * Select and its menus along).
 */
export const PersonFilter = (props: PersonFilterProps) => {
  const [active, setActive] = useState(false);
  const [clicked, setClicked] = useState(false);
  const id = useId();
  const placeholder = (
    <FormControl size={props.size} disabled={props.disabled} fullWidth>
      <InputLabel htmlFor={id}>{props.label}</InputLabel>
      <OutlinedInput
        id={id}
        label={props.label}
        name={props.name}
        value={props.value?.fullName ?? ''}
        readOnly
        onPointerEnter={() => void loadPicker()}
        onPointerDown={() => setClicked(true)}
        onFocus={() => setActive(true)}
        inputProps={{ role: 'combobox', 'aria-expanded': false }}
      />
    </FormControl>
  );
  if (!active) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PersonPicker {...props} autoFocus openOnFocus={clicked} />
    </Suspense>
  );
};
