import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecipientSuggestion } from '@orbit/functions/email/contract';
import { useRecipientSuggestions } from '../api/email';

/** Good enough to tell a typo from an address; the server decides for good. */
export const looksLikeAddress = (value: string): boolean =>
  /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(value);

const useSettled = (value: string, delayMs: number) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};

/**
 * To, Cc or Bcc: the addresses as chips, suggestions from the workspace (GET …/recipients?q=)
 * as the user types, any address typed in full accepted with Enter, comma or leaving the field.
 */
export const RecipientField = ({
  label,
  value,
  onChange,
  error,
  autoFocus,
  testId,
}: {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  autoFocus?: boolean;
  testId: string;
}) => {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const q = useSettled(input, 200);
  const suggestions = useRecipientSuggestions(q);
  const options = (suggestions.data ?? []).filter((option) => !value.includes(option.address));
  const [typoError, setTypoError] = useState<string | null>(null);

  const commit = (text: string) => {
    const address = text.trim().replace(/[,;]$/, '').trim().toLowerCase();
    if (!address) return;
    if (!looksLikeAddress(address)) {
      setTypoError(t('email.composer.invalidAddress', { address }));
      return;
    }
    setTypoError(null);
    if (!value.includes(address)) onChange([...value, address]);
    setInput('');
  };

  return (
    <Autocomplete<RecipientSuggestion | string, true, false, true>
      multiple
      freeSolo
      filterSelectedOptions
      options={options}
      value={[...value]}
      inputValue={input}
      filterOptions={(list) => list}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.address)}
      isOptionEqualToValue={(option, selected) =>
        (typeof option === 'string' ? option : option.address) ===
        (typeof selected === 'string' ? selected : selected.address)
      }
      onInputChange={(_event, next, reason) => {
        if (reason === 'reset') return;
        if (/[,;]$/.test(next)) commit(next);
        else setInput(next);
      }}
      onChange={(_event, next) => {
        setTypoError(null);
        const addresses = next.map((item) => (typeof item === 'string' ? item.trim().toLowerCase() : item.address));
        const bad = addresses.find((address) => !looksLikeAddress(address));
        if (bad) {
          setTypoError(t('email.composer.invalidAddress', { address: bad }));
          return;
        }
        onChange([...new Set(addresses)]);
        setInput('');
      }}
      renderValue={(selected, getItemProps) =>
        selected.map((item, index) => {
          const address = typeof item === 'string' ? item : item.address;
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={address} {...itemProps} />;
        })
      }
      renderOption={(props, option) => {
        const { key, ...optionProps } = props;
        if (typeof option === 'string')
          return (
            <li key={key} {...optionProps}>
              {option}
            </li>
          );
        return (
          <Box
            component="li"
            key={key}
            {...optionProps}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
          >
            <Typography variant="body2">{option.name}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {option.address}
            </Typography>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          variant="standard"
          label={label}
          autoFocus={autoFocus}
          error={Boolean(error ?? typoError)}
          helperText={error ?? typoError ?? undefined}
          onBlur={() => commit(input)}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
};
