import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  editableStatuses,
  projectLimits,
  type EditableStatus,
  type PersonRef,
  type Project,
  type ProjectType,
} from '@orbit/functions/projects/contract';
import { projectFormSchema, type ProjectFormInput, type ProjectFormValues } from '@orbit/functions/projects/requests';
import { isApiError } from '../../../shared/api/api-error';
import { ConflictAlert } from '../../../shared/ui/action-alerts';
import { stageNamesOf } from '../utils/stage-label';
import { PeoplePicker, PersonPicker } from './person-picker';
import { DateField, MultilineField, PriorityField, useFieldMessage } from './form-fields';
import { validationKeyOf } from '../utils/validation-key';
import { UnsavedChangesGuard } from './unsaved-changes';

const currencies: readonly string[] =
  typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('currency')
    : ['AUD', 'CAD', 'CHF', 'EUR', 'GBP', 'JPY', 'MAD', 'SAR', 'AED', 'USD'];

export const emptyFormValues: ProjectFormInput = {
  name: '',
  clientId: '',
  managerIds: [],
  status: 'planning',
  priority: 'medium',
  startDate: null,
  dueDate: null,
  budget: null,
  description: '',
  tags: [],
};

export const formValuesOf = (project: Project): ProjectFormInput => ({
  name: project.name,
  clientId: project.clientId,
  managerIds: project.managers.map((manager) => manager.id),
  status: (project.status === 'archived'
    ? (project.statusBeforeArchive ?? 'planning')
    : project.status) as EditableStatus,
  priority: project.priority,
  startDate: project.startDate,
  dueDate: project.dueDate,
  budget: project.budget,
  description: project.description,
  tags: [...project.tags],
});

const formFields: readonly string[] = Object.keys(emptyFormValues);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" component="fieldset" sx={{ p: { xs: 2, sm: 3 }, m: 0, border: 1, borderColor: 'divider' }}>
    <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, px: 1 }}>
      {title}
    </Typography>
    <Grid container spacing={2}>
      {children}
    </Grid>
  </Paper>
);

export interface Destination {
  readonly to: string;
  readonly notice: string;
}

export interface ProjectFormProps {
  readonly type: ProjectType;
  /** The project being edited (absent when creating). */
  readonly project?: Project;
  readonly submitLabel: string;
  /** Saves; where to go next (the form leaves once it is no longer dirty, so the guard lets it). */
  readonly onSubmit: (values: ProjectFormValues) => Promise<Destination>;
  readonly onCancel: () => void;
  /** Reload after a 409: fetch the current project; the form then shows it. */
  readonly onReload?: () => Promise<Project | undefined>;
}

/**
 * The project form, validated by the same valibot schema the API uses (contract.ts); the API's own
 * 400s land on the same fields, and a 409 offers to reload the current version.
 */
export const ProjectForm = ({ type, project, submitLabel, onSubmit, onCancel, onReload }: ProjectFormProps) => {
  const { t, i18n } = useTranslation();
  const { control, handleSubmit, setError, reset, formState, setValue } = useForm<
    ProjectFormInput,
    unknown,
    ProjectFormValues
  >({
    resolver: standardSchemaResolver(projectFormSchema),
    defaultValues: project ? formValuesOf(project) : emptyFormValues,
    mode: 'onTouched',
  });
  const [client, setClient] = useState<PersonRef | null>(
    project ? { id: project.clientId, fullName: project.clientName } : null,
  );
  const [managers, setManagers] = useState<PersonRef[]>(project ? [...project.managers] : []);
  const [problem, setProblem] = useState<'conflict' | 'error' | string | null>(null);
  const [leaveTo, setLeaveTo] = useState<Destination | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo.to, { state: { notice: leaveTo.notice } });
  }, [leaveTo, navigate]);
  const budget = useWatch({ control, name: 'budget' });

  const message = useFieldMessage();

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      setLeaveTo(await onSubmit(values));
    } catch (error) {
      if (!isApiError(error)) {
        setProblem('error');
        return;
      }
      if (error.status === 409) {
        setProblem('conflict');
        return;
      }
      let placed = false;
      for (const [field, messages] of Object.entries(error.errors)) {
        const root = field.split('.')[0] ?? field;
        if (formFields.includes(root) && messages[0]) {
          setError(field as FieldPath<ProjectFormInput>, { type: 'server', message: messages[0] });
          placed = true;
        }
      }
      if (!placed) setProblem(Object.values(error.errors)[0]?.[0] ?? 'error');
    }
  });

  const reload = async () => {
    const current = await onReload?.();
    if (!current) return;
    reset(formValuesOf(current));
    setClient({ id: current.clientId, fullName: current.clientName });
    setManagers([...current.managers]);
    setProblem(null);
  };

  const stages = stageNamesOf(t, i18n, type).join(' → ');

  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={3}>
      <UnsavedChangesGuard when={formState.isDirty && !leaveTo && !formState.isSubmitting} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={t(`projects.types.${type}`)} color="primary" variant="outlined" />
        <Typography variant="body2" color="text.secondary">
          {t('project.form.stagesHint', { stages })}
        </Typography>
      </Stack>

      {problem === 'conflict' ? (
        <ConflictAlert actionLabel={t('project.form.reload')} onAction={() => void reload()}>
          {t('project.form.conflict')}
        </ConflictAlert>
      ) : problem ? (
        <Alert severity="error">
          {problem === 'error' ? t('projects.errors.generic') : t(validationKeyOf(problem))}
        </Alert>
      ) : null}

      <Section title={t('project.form.details')}>
        <Grid size={12}>
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                label={t('project.form.name')}
                required
                fullWidth
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error)}
                slotProps={{ htmlInput: { maxLength: projectLimits.nameMax + 20 } }}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <TextField {...field} select label={t('project.form.status')} fullWidth>
                {editableStatuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {t(`projects.statuses.${status}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <PriorityField control={control} name="priority" label={t('project.form.priority')} />
        </Grid>
        <Grid size={12}>
          <MultilineField control={control} name="description" label={t('project.form.description')} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="tags"
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                freeSolo
                options={[]}
                value={field.value ?? []}
                onChange={(_event, tags) =>
                  field.onChange([...new Set(tags.map((tag) => String(tag).trim().toLowerCase()).filter(Boolean))])
                }
                onBlur={field.onBlur}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    name="tags"
                    label={t('project.form.tags')}
                    error={Boolean(fieldState.error)}
                    helperText={message(fieldState.error) ?? t('project.form.tagsHint')}
                  />
                )}
              />
            )}
          />
        </Grid>
      </Section>

      <Section title={t('project.form.people')}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="clientId"
            render={({ field, fieldState }) => (
              <PersonPicker
                role="client"
                name="clientId"
                label={`${t('project.form.client')} *`}
                value={client}
                onChange={(person) => {
                  setClient(person);
                  field.onChange(person?.id ?? '');
                }}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error) ?? t('project.form.clientHint')}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="managerIds"
            render={({ field, fieldState }) => (
              <PeoplePicker
                role="staff"
                name="managerIds"
                label={t('project.form.managers')}
                value={managers}
                onChange={(people) => {
                  setManagers(people);
                  field.onChange(people.map((person) => person.id));
                }}
                onBlur={field.onBlur}
                error={Boolean(fieldState.error)}
                helperText={message(fieldState.error) ?? t('project.form.managersHint')}
              />
            )}
          />
        </Grid>
      </Section>

      <Section title={t('project.form.schedule')}>
        {(['startDate', 'dueDate'] as const).map((name) => (
          <Grid key={name} size={{ xs: 12, sm: 6 }}>
            <DateField control={control} name={name} label={t(`project.form.${name}`)} />
          </Grid>
        ))}
        <Grid size={12}>
          <FormControlLabel
            control={
              <Switch
                checked={budget !== null && budget !== undefined}
                onChange={(event) =>
                  setValue('budget', event.target.checked ? { amount: 0, currency: 'USD' } : null, {
                    shouldDirty: true,
                    shouldValidate: true,
                  })
                }
              />
            }
            label={t('project.form.hasBudget')}
          />
        </Grid>
        {budget ? (
          <>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="budget.amount"
                render={({ field, fieldState }) => (
                  <TextField
                    name={field.name}
                    inputRef={field.ref}
                    type="number"
                    label={t('project.form.amount')}
                    value={Number.isFinite(field.value) ? field.value : ''}
                    onChange={(event) =>
                      field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
                    }
                    onBlur={field.onBlur}
                    fullWidth
                    error={Boolean(fieldState.error)}
                    helperText={message(fieldState.error)}
                    slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
                  />
                )}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <Controller
                control={control}
                name="budget.currency"
                render={({ field, fieldState }) => (
                  <Autocomplete
                    options={currencies}
                    value={field.value ?? null}
                    onChange={(_event, value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    autoHighlight
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        name="budget.currency"
                        label={t('project.form.currency')}
                        error={Boolean(fieldState.error)}
                        helperText={message(fieldState.error)}
                      />
                    )}
                  />
                )}
              />
            </Grid>
          </>
        ) : null}
      </Section>

      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('project.form.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t('project.form.saving') : submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
};
