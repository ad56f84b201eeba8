import { lazy, Suspense, useId, useState, type ComponentProps } from 'react';
import { OutlinedFieldFrame } from '../../../shared/ui/list-fields';

const loadPicker = () => import('./person-picker');
const PersonPicker = lazy(() => loadPicker().then((module) => ({ default: module.PersonPicker })));

type PersonFilterProps = Omit<ComponentProps<typeof PersonPicker>, 'autoFocus' | 'openOnFocus'>;

/**
 * A list filter by person. The searchable picker (MUI Autocomplete with its popup)
 * downloads when someone reaches for the field (hover starts the download, focus swaps it in,
 * focused; a click also opens its list, a Tab does not), not with the list page every visitor
 * opens. Until then a read-only native field of the same size and look shows the current choice
 * under the same label (no MUI input components: they would bring the input machinery along).
 */
export const PersonFilter = (props: PersonFilterProps) => {
  const [active, setActive] = useState(false);
  const [clicked, setClicked] = useState(false);
  const id = useId();
  const placeholder = (
    <OutlinedFieldFrame
      id={id}
      label={props.label}
      raised={Boolean(props.value)}
      size={props.size ?? 'medium'}
      sx={{ width: '100%' }}
    >
      <input
        id={id}
        name={props.name}
        value={props.value?.fullName ?? ''}
        readOnly
        disabled={props.disabled}
        role="combobox"
        aria-expanded={false}
        onPointerEnter={() => void loadPicker()}
        onPointerDown={() => setClicked(true)}
        onFocus={() => setActive(true)}
      />
    </OutlinedFieldFrame>
  );
  if (!active) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <PersonPicker {...props} autoFocus openOnFocus={clicked} />
    </Suspense>
  );
};
