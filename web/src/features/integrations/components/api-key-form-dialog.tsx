import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  apiKeyLimits,
  createApiKeySchema,
  type ApiKey,
  type ApiScope,
} from '@orbit/functions/integrations/api-key-contract';
import { isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useCreateApiKey } from '../api/api-keys';
import { dateInputValue, expiresAtFor, expiryPresetDays, latestExpiryDate, type ExpiryChoice } from '../utils/expiry';
import { invalidFields } from '../utils/forms';
import { orderedScopes } from '../utils/scope-grid';
import { ScopeGrid } from './scope-grid';

const dayMs = 24 * 60 * 60 * 1000;

const formFields = ['name', 'scopes', 'expiresAt', 'rateLimitPerMinute'] as const;

/** A new key: name, scopes, expiry and rate limit. The answer's key is shown once by the caller. */
export const ApiKeyFormDialog = ({
  onCreated,
  onClose,
}: {
  readonly onCreated: (answer: { apiKey: ApiKey; key: string }) => void;
  readonly onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const scopesLabelId = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ReadonlySet<ApiScope>>(new Set());
  const [expiry, setExpiry] = useState<ExpiryChoice>(90);
  const [date, setDate] = useState('');
  const [rateLimit, setRateLimit] = useState(String(apiKeyLimits.rateLimitDefault));
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  // The date input's bounds, from when the form opened.
  const [opened] = useState(() => new Date());
  const [problem, setProblem] = useState<'limit' | 'failed' | 'network' | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiresAtFor(expiry, date);
    const body = {
      name,
      scopes: orderedScopes(scopes),
      expiresAt: expiresAt ?? '',
      rateLimitPerMinute: Number(rateLimit === '' ? Number.NaN : rateLimit),
    };
    const fields = new Set(invalidFields(createApiKeySchema, body));
    setInvalid(fields);
    setProblem(null);
    if (fields.size > 0) return;
    try {
      onCreated(await create.mutateAsync(body));
    } catch (error) {
      if (!isApiError(error)) throw error;
      const refused = formFields.filter((field) => error.fieldError(field) !== undefined);
      if (error.status === 400 && refused.length > 0) setInvalid(new Set(refused));
      else if (error.status === 409 || error.status === 422) setProblem('limit');
      else setProblem(error.code === 'network' ? 'network' : 'failed');
    }
  };

  const pending = create.isPending;
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="api-key-form">
        <DialogTitle id={titleId}>{t('integrations.keys.form.title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {problem ? (
            <InlineAlert severity="error">
              {problem === 'limit'
                ? t('integrations.keys.form.limit')
                : problem === 'network'
                  ? t('integrations.common.network')
                  : t('integrations.common.failed')}
            </InlineAlert>
          ) : null}
          <TextField
            label={t('integrations.keys.form.name')}
            name="name"
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={invalid.has('name')}
            helperText={
              invalid.has('name') ? t('integrations.keys.form.nameInvalid') : t('integrations.keys.form.nameHint')
            }
            slotProps={{ htmlInput: { 'data-testid': 'api-key-name' } }}
            fullWidth
          />
          <FormControl component="fieldset" error={invalid.has('scopes')}>
            <FormLabel component="legend" id={scopesLabelId}>
              {t('integrations.keys.form.scopes')}
            </FormLabel>
            <FormHelperText sx={{ mx: 0 }}>
              {invalid.has('scopes')
                ? t('integrations.keys.form.scopesInvalid')
                : t('integrations.keys.form.scopesHint')}
            </FormHelperText>
            <ScopeGrid chosen={scopes} onChange={setScopes} labelledBy={scopesLabelId} />
          </FormControl>
          <FormControl component="fieldset" error={invalid.has('expiresAt')}>
            <FormLabel component="legend">{t('integrations.keys.form.expiry')}</FormLabel>
            <RadioGroup
              row
              value={String(expiry)}
              onChange={(event) => {
                const value = event.target.value;
                setExpiry(value === 'date' ? 'date' : (Number(value) as ExpiryChoice));
              }}
            >
              {expiryPresetDays.map((days) => (
                <FormControlLabel
                  key={days}
                  value={String(days)}
                  control={<Radio />}
                  label={t('integrations.keys.form.days', { count: days })}
                />
              ))}
              <FormControlLabel value="date" control={<Radio />} label={t('integrations.keys.form.onDate')} />
            </RadioGroup>
            {expiry === 'date' ? (
              <TextField
                type="date"
                label={t('integrations.keys.form.date')}
                value={date}
                onChange={(event) => setDate(event.target.value)}
                error={invalid.has('expiresAt')}
                helperText={invalid.has('expiresAt') ? t('integrations.keys.form.dateInvalid') : undefined}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: {
                    min: dateInputValue(new Date(opened.getTime() + dayMs)),
                    max: latestExpiryDate(opened),
                    'data-testid': 'api-key-date',
                  },
                }}
                sx={{ mt: 1, maxWidth: 240 }}
              />
            ) : null}
          </FormControl>
          <TextField
            type="number"
            label={t('integrations.keys.form.rateLimit')}
            value={rateLimit}
            onChange={(event) => setRateLimit(event.target.value)}
            error={invalid.has('rateLimitPerMinute')}
            helperText={invalid.has('rateLimitPerMinute') ? t('integrations.keys.form.rateLimitInvalid') : undefined}
            slotProps={{ htmlInput: { min: apiKeyLimits.rateLimitMin, max: apiKeyLimits.rateLimitMax, step: 1 } }}
            sx={{ maxWidth: 320 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            {t('integrations.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid="api-key-submit">
            {pending ? t('integrations.keys.form.creating') : t('integrations.keys.form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
