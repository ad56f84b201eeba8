import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PersonRef } from '@orbit/functions/projects/contract';
import { usePeople } from '../api/projects';

interface BaseProps {
  readonly role: 'client' | 'staff';
  readonly label: string;
  readonly helperText?: string;
  readonly error?: boolean;
  readonly size?: 'small' | 'medium';
  readonly name?: string;
  readonly disabled?: boolean;
  readonly onBlur?: () => void;
  /** Focus the field on mount (PersonFilter swaps it in on focus). */
  readonly autoFocus?: boolean;
  /** Open the list whenever the field gets focus (PersonFilter, when it was clicked). */
  readonly openOnFocus?: boolean;
}

/**
 * Server-side search as you type (names by prefix): the workspace may hold thousands of people.
 * A disabled picker (a read-only form, e.g. a client's view of a task) never asks: the lookup
 * is for those who may pick people, and anyone else would get a 403.
 */
const usePeopleSearch = (role: 'client' | 'staff', enabled: boolean, selectedLabel?: string) => {
  const [input, setInput] = useState('');
  // The input shows the chosen person's name: that is not a search, so list everyone then.
  const term = input === selectedLabel ? '' : input.trim();
  const deferred = useDeferredValue(term);
  const query = usePeople(role, deferred, enabled);
  return { input, setInput, options: query.data?.people ?? [], loading: query.isFetching };
};

const sameId = (option: PersonRef, value: PersonRef) => option.id === value.id;

export const PersonPicker = ({
  role,
  label,
  helperText,
  error,
  size,
  name,
  disabled,
  onBlur,
  autoFocus,
  openOnFocus,
  value,
  onChange,
  extraOptions = [],
}: BaseProps & {
  readonly value: PersonRef | null;
  readonly onChange: (value: PersonRef | null) => void;
  /** Offered before the search results (e.g. the project's client as a task assignee). */
  readonly extraOptions?: readonly PersonRef[];
}) => {
  const { t } = useTranslation();
  const search = usePeopleSearch(role, !disabled, value?.fullName);
  const term = search.input === value?.fullName ? '' : search.input.trim().toLowerCase();
  const options = [
    ...(value ? [value] : []),
    ...extraOptions.filter((option) => option.fullName.toLowerCase().startsWith(term)),
    ...search.options,
  ].filter((option, index, all) => all.findIndex((other) => other.id === option.id) === index);
  return (
    <Autocomplete
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={search.input}
      onInputChange={(_event, next) => search.setInput(next)}
      options={options}
      filterOptions={(options) => options}
      getOptionLabel={(option) => option.fullName}
      isOptionEqualToValue={sameId}
      loading={search.loading}
      noOptionsText={t('projects.picker.noOptions')}
      loadingText={t('projects.picker.loadingOptions')}
      disabled={disabled}
      size={size}
      openOnFocus={openOnFocus}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          helperText={helperText}
          error={error}
          onBlur={onBlur}
          autoFocus={autoFocus}
        />
      )}
    />
  );
};

export const PeoplePicker = ({
  role,
  label,
  helperText,
  error,
  name,
  disabled,
  onBlur,
  value,
  onChange,
}: BaseProps & { readonly value: readonly PersonRef[]; readonly onChange: (value: PersonRef[]) => void }) => {
  const { t } = useTranslation();
  const search = usePeopleSearch(role, !disabled);
  const options = [...value, ...search.options.filter((option) => !value.some((chosen) => chosen.id === option.id))];
  return (
    <Autocomplete
      multiple
      value={[...value]}
      onChange={(_event, next) => onChange(next)}
      inputValue={search.input}
      onInputChange={(_event, next) => search.setInput(next)}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.fullName}
      isOptionEqualToValue={sameId}
      loading={search.loading}
      noOptionsText={t('projects.picker.noOptions')}
      loadingText={t('projects.picker.loadingOptions')}
      disabled={disabled}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} helperText={helperText} error={error} onBlur={onBlur} />
      )}
    />
  );
};
