import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Sequence } from '@orbit/functions/mailings/sequence-contract';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useCreateSequence, useSaveSequence, useSequence } from '../api/sequences';
import { SequenceLoadFailed, sequencesPath, sequenceViewPath } from './sequence-bits';
import {
  canAddStep,
  emptyStep,
  formOf,
  requestOf,
  serverErrorsOf,
  triggerStatuses,
  validate,
  type FormErrors,
  type MailingChannel,
  type SequenceForm,
  type StepForm,
  type TriggerType,
} from './sequence-helpers';
import { isApiError } from '../../../shared/api/api-error';
import { ConflictAlert } from '../../../shared/ui/action-alerts';
import { AddIcon, DeleteIcon } from '../../../shared/ui/icons';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';

// The mailings' rich-text editor (Tiptap): it loads with a step's body only, never in a first download.
const MailingEditorBody = lazy(async () => ({
  default: (await import('../components/mailing-editor-body')).MailingEditorBody,
}));

type Outcome = 'conflict' | 'failed' | 'invalid' | null;

const StepFields = ({
  step,
  index,
  count,
  channel,
  errors,
  onChange,
  onRemove,
}: {
  readonly step: StepForm;
  readonly index: number;
  readonly count: number;
  readonly channel: MailingChannel;
  readonly errors: FormErrors;
  readonly onChange: (part: Partial<StepForm>) => void;
  readonly onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const number = index + 1;
  const error = (field: string) => {
    const key = errors[`steps.${index}.${field}`];
    return key ? t(`sequences.errors.${key}`) : undefined;
  };
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, m: 0, minWidth: 0 }}
      data-testid="sequence-step"
    >
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={headingId} variant="subtitle1" component="h3">
            {t('sequences.editor.step', { number })}
          </Typography>
          {count > 1 ? (
            <IconButton aria-label={t('sequences.editor.removeStep', { number })} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          ) : null}
        </Stack>
        <TextField
          type="number"
          label={t(index === 0 ? 'sequences.editor.delayFirst' : 'sequences.editor.delayNext')}
          value={step.delayDays}
          required
          onChange={(event) => onChange({ delayDays: event.target.value })}
          error={Boolean(error('delayDays'))}
          helperText={error('delayDays') ?? t('sequences.editor.delayHint')}
          slotProps={{ htmlInput: { min: 0, max: 365, step: 1, 'data-testid': `sequence-step-delay-${index}` } }}
          sx={{ maxWidth: 320 }}
        />
        {channel === 'email' ? (
          <TextField
            label={t('sequences.editor.subject')}
            value={step.subject}
            required
            onChange={(event) => onChange({ subject: event.target.value })}
            error={Boolean(error('subject'))}
            helperText={error('subject')}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `sequence-step-subject-${index}` } }}
          />
        ) : null}
        <Stack spacing={1}>
          <Suspense fallback={<SkeletonBlock height={200} />}>
            <MailingEditorBody
              initialHtml={step.html}
              onChange={(html) => onChange({ html })}
              label={t('sequences.editor.body', { number })}
              testId={`sequence-step-body-${index}`}
            />
          </Suspense>
          {error('html') ? (
            <Typography color="error" variant="caption" role="alert">
              {error('html')}
            </Typography>
          ) : null}
        </Stack>
      </Stack>
    </Paper>
  );
};

const EditorForm = ({
  sequence,
  onReload,
}: {
  readonly sequence: Sequence | undefined;
  readonly onReload: () => void;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<SequenceForm>(() => formOf(sequence));
  const [errors, setErrors] = useState<FormErrors>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const create = useCreateSequence();
  const save = useSaveSequence();
  const busy = create.isPending || save.isPending;
  const change = (part: Partial<SequenceForm>) => {
    setForm((current) => ({ ...current, ...part }));
    setOutcome(null);
  };
  const changeStep = (index: number, part: Partial<StepForm>) =>
    change({ steps: form.steps.map((step, at) => (at === index ? { ...step, ...part } : step)) });

  const submit = async () => {
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setOutcome('invalid');
      return;
    }
    try {
      const request = requestOf(form);
      const { sequence: saved } = sequence
        ? await save.mutateAsync({ ...request, id: sequence.id, version: sequence.version })
        : await create.mutateAsync(request);
      void navigate(sequenceViewPath(saved.id));
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setOutcome('conflict');
      } else if (isApiError(error) && error.status === 400) {
        setErrors(serverErrorsOf(error.errors, form.triggerType));
        setOutcome('invalid');
      } else {
        setOutcome('failed');
      }
    }
  };

  const fieldError = (path: string) => {
    const key = errors[path];
    return key ? t(`sequences.errors.${key}`) : undefined;
  };
  const title = sequence ? t('sequences.editor.editTitle') : t('sequences.editor.newTitle');
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-labelledby="sequence-editor-heading"
      data-testid="sequence-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Link component={RouterLink} to={sequence ? sequenceViewPath(sequence.id) : sequencesPath}>
        {t('sequences.editor.back')}
      </Link>
      <Typography id="sequence-editor-heading" variant="h5" component="h2">
        {title}
      </Typography>
      {outcome === 'conflict' ? (
        <ConflictAlert actionLabel={t('sequences.editor.reload')} onAction={onReload}>
          {t('sequences.editor.conflict')}
        </ConflictAlert>
      ) : null}
      {outcome === 'invalid' ? <InlineAlert severity="error">{t('sequences.editor.fixErrors')}</InlineAlert> : null}
      {outcome === 'failed' ? <InlineAlert severity="error">{t('sequences.editor.saveFailed')}</InlineAlert> : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <TextField
            label={t('sequences.editor.name')}
            value={form.name}
            required
            onChange={(event) => change({ name: event.target.value })}
            error={Boolean(fieldError('name'))}
            helperText={fieldError('name')}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'sequence-name' } }}
          />
          <TextField
            select
            label={t('sequences.editor.channel')}
            value={form.channel}
            onChange={(event) => change({ channel: event.target.value === 'telegram' ? 'telegram' : 'email' })}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'sequence-channel' } }}
          >
            <option value="email">{t('sequences.channels.email')}</option>
            <option value="telegram">{t('sequences.channels.telegram')}</option>
          </TextField>
          <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2">
              {t('sequences.editor.trigger')}
            </Typography>
            <RadioGroup
              row
              value={form.triggerType}
              onChange={(event) => change({ triggerType: event.target.value as TriggerType })}
            >
              <FormControlLabel
                value="status"
                control={<Radio slotProps={{ input: { 'data-testid': 'sequence-trigger-status' } as object }} />}
                label={t('sequences.editor.triggerStatus')}
              />
              <FormControlLabel
                value="tag"
                control={<Radio slotProps={{ input: { 'data-testid': 'sequence-trigger-tag' } as object }} />}
                label={t('sequences.editor.triggerTag')}
              />
            </RadioGroup>
            {form.triggerType === 'status' ? (
              <TextField
                select
                label={t('sequences.editor.status')}
                value={form.status}
                onChange={(event) => change({ status: event.target.value })}
                error={Boolean(fieldError('trigger'))}
                helperText={fieldError('trigger')}
                slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'sequence-status' } }}
              >
                {triggerStatuses.map((status) => (
                  <option key={status} value={status}>
                    {t(`sequences.statuses.${status}`)}
                  </option>
                ))}
              </TextField>
            ) : (
              <TextField
                label={t('sequences.editor.tag')}
                value={form.tag}
                required
                onChange={(event) => change({ tag: event.target.value })}
                error={Boolean(fieldError('trigger'))}
                helperText={fieldError('trigger') ?? t('sequences.editor.tagHint')}
                slotProps={{ htmlInput: { maxLength: 32, dir: 'auto', 'data-testid': 'sequence-tag' } }}
              />
            )}
          </Stack>
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={form.active}
                  onChange={(event) => change({ active: event.target.checked })}
                  slotProps={{
                    input: { 'aria-describedby': 'sequence-enabled-hint', 'data-testid': 'sequence-active' } as object,
                  }}
                />
              }
              label={t('sequences.editor.enabled')}
            />
            <FormHelperText id="sequence-enabled-hint">{t('sequences.editor.enabledHint')}</FormHelperText>
          </div>
        </Stack>
      </Paper>
      <Typography variant="h6" component="h3">
        {t('sequences.editor.steps')}
      </Typography>
      {fieldError('steps') ? <InlineAlert severity="error">{fieldError('steps')}</InlineAlert> : null}
      {form.steps.map((step, index) => (
        <StepFields
          key={step.key}
          step={step}
          index={index}
          count={form.steps.length}
          channel={form.channel}
          errors={errors}
          onChange={(part) => changeStep(index, part)}
          onRemove={() => change({ steps: form.steps.filter((_, at) => at !== index) })}
        />
      ))}
      <div>
        <Button
          startIcon={<AddIcon />}
          disabled={!canAddStep(form)}
          onClick={() => change({ steps: [...form.steps, emptyStep(1)] })}
          data-testid="sequence-add-step"
        >
          {t('sequences.editor.addStep')}
        </Button>
      </div>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy} data-testid="sequence-save">
          {t('sequences.editor.save')}
        </Button>
        <Button component={RouterLink} to={sequence ? sequenceViewPath(sequence.id) : sequencesPath}>
          {t('sequences.editor.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
};

/** A new sequence (no id) or a saved one's editor, from the version read (a 409 offers theirs). */
export const SequenceEditor = ({ id }: { readonly id: string | undefined }) => {
  const query = useSequence(id);
  // A reload (their version) remounts the form with what the server holds now.
  const [generation, setGeneration] = useState(0);
  if (id && query.isError) return <SequenceLoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (id && !query.data) return <SkeletonBlock height={400} />;
  return (
    <EditorForm
      key={`${query.data?.sequence.id ?? 'new'}:${generation}`}
      sequence={query.data?.sequence}
      onReload={() => void query.refetch().then(() => setGeneration((value) => value + 1))}
    />
  );
};
