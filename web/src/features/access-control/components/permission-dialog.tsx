import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  allItems,
  createPermissionRequest,
  roleSlugs,
  type CreatePermissionRequest,
  type Permission,
  type PermissionRule,
  type RoleSlug,
} from '@orbit/functions/permissions/contract';
import { isApiError } from '../../../shared/api/api-error';
import { ConflictAlert } from '../../../shared/ui/action-alerts';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { fetchPermissions, useCreatePermission, useUpdatePermission } from '../api/permissions';
import { RulesEditor } from './rules-editor';

type FormValues = { name: string; assignedTo: RoleSlug[]; rules: PermissionRule[] };
type Field = keyof FormValues;

/** The shared contract's rules, said in the user's language: one message per field. */
const validationKey: Record<Field, ParseKeys> = {
  name: 'permissions.validation.name',
  assignedTo: 'permissions.validation.assignedTo',
  rules: 'permissions.validation.rules',
};

const fieldOf = (path: string): Field | undefined =>
  path === 'name'
    ? 'name'
    : path.startsWith('assignedTo')
      ? 'assignedTo'
      : path.startsWith('rules')
        ? 'rules'
        : undefined;

const schemaResolver = standardSchemaResolver(createPermissionRequest);
const resolver: Resolver<FormValues, unknown, FormValues> = async (values, context, options) => {
  const result = await schemaResolver(
    values as CreatePermissionRequest,
    context,
    options as unknown as Parameters<typeof schemaResolver>[2],
  );
  const errors: FieldErrors<FormValues> = {};
  for (const [path, error] of Object.entries(result.errors)) {
    const field = fieldOf(path);
    if (field && error) errors[field] = { type: 'validate', message: validationKey[field] };
  }
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: result.values as FormValues, errors: {} };
};

export type PermissionDialogMode =
  { readonly kind: 'create' } | { readonly kind: 'edit'; readonly permission: Permission };

type Problem =
  | { readonly kind: 'conflict'; readonly current: Permission }
  | { readonly kind: 'gone' }
  | { readonly kind: 'error'; readonly key: ParseKeys };

const valuesOf = (permission: Permission | undefined): FormValues => ({
  name: permission?.name ?? '',
  assignedTo: [...(permission?.assignedTo ?? [])],
  rules: [...(permission?.rules ?? [])],
});

export interface PermissionDialogProps {
  readonly mode: PermissionDialogMode;
  readonly onClose: () => void;
  /** Called with the saved permission once the server accepted it. */
  readonly onSaved: (permission: Permission, kind: PermissionDialogMode['kind']) => void;
}

/** The current version of a permission, read from the (small, bounded) list after a 409. */
const fetchCurrent = async (id: string): Promise<Permission | undefined> =>
  (await fetchPermissions({ itemsPerPage: allItems })).permissions.find((permission) => permission.id === id);

/**
 * Add or edit a permission: a name, the roles it is assigned to and its rules, validated with the API's own
 * schema. An edit carries the version it opened with; when someone else saved first, the dialog
 * says so and offers their version instead of overwriting it.
 */
export const PermissionDialog = ({ mode, onClose, onSaved }: PermissionDialogProps) => {
  const { t } = useTranslation();
  const create = useCreatePermission();
  const update = useUpdatePermission();
  const editing = mode.kind === 'edit' ? mode.permission : undefined;
  const [version, setVersion] = useState(editing?.version ?? 1);
  const [problem, setProblem] = useState<Problem | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useForm<FormValues, unknown, FormValues>({
    resolver,
    defaultValues: valuesOf(editing),
  });

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { permission } = editing
        ? await update.mutateAsync({ id: editing.id, ...values, version })
        : await create.mutateAsync(values);
      onSaved(permission, mode.kind);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409 && error.fieldError('name')) {
        setError('name', { type: 'server', message: 'permissions.validation.duplicate' }, { shouldFocus: true });
      } else if (error.status === 409 && editing && error.fieldError('version')) {
        const current = await fetchCurrent(editing.id).catch(() => undefined);
        setProblem(current ? { kind: 'conflict', current } : { kind: 'gone' });
      } else if (error.status === 404) {
        setProblem({ kind: 'gone' });
      } else if (error.status === 403) {
        // No escalation (docs/roles.md): rules the user does not hold, or the administrator role.
        setProblem({ kind: 'error', key: 'permissions.forbidden' });
      } else if (error.status === 400 && Object.keys(error.errors).some((path) => fieldOf(path))) {
        for (const path of Object.keys(error.errors)) {
          const field = fieldOf(path);
          if (field) setError(field, { type: 'server', message: validationKey[field] });
        }
      } else {
        setProblem({ kind: 'error', key: error.code === 'network' ? 'errors.network' : 'errors.generic' });
      }
    }
  });

  const loadCurrent = (current: Permission) => {
    reset(valuesOf(current));
    setVersion(current.version);
    setProblem(null);
  };

  const titleId = 'permission-dialog-title';
  const saving = formState.isSubmitting;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      // Phones get the whole screen: the rules grid needs the width.
      slotProps={{
        paper: {
          sx: { m: { xs: 0, sm: 4 }, width: { xs: '100%' }, maxHeight: { xs: '100%', sm: 'calc(100% - 64px)' } },
        },
      }}
    >
      <DialogTitle id={titleId}>
        {editing ? t('permissions.dialog.editTitle') : t('permissions.dialog.addTitle')}
      </DialogTitle>
      <Stack component="form" noValidate onSubmit={onSubmit}>
        <DialogContent sx={{ display: 'grid', gap: 3, pt: '8px !important' }}>
          {problem?.kind === 'conflict' ? (
            <ConflictAlert actionLabel={t('permissions.conflict.reload')} onAction={() => loadCurrent(problem.current)}>
              {t('permissions.conflict.message')}
            </ConflictAlert>
          ) : null}
          {problem?.kind === 'gone' ? <Alert severity="error">{t('permissions.conflict.gone')}</Alert> : null}
          {problem?.kind === 'error' ? <Alert severity="error">{t(problem.key)}</Alert> : null}
          <FormTextField
            control={control}
            name="name"
            label={t('permissions.dialog.name')}
            autoFocus
            required
            autoComplete="off"
            translateError={(message) => t(message as ParseKeys)}
          />
          <Controller
            control={control}
            name="assignedTo"
            render={({ field, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                <FormLabel component="legend">{t('permissions.dialog.assignedTo')}</FormLabel>
                <FormGroup row>
                  {roleSlugs.map((role) => (
                    <FormControlLabel
                      key={role}
                      label={t(`permissions.roles.${role}`)}
                      control={
                        <Checkbox
                          name={`assignedTo.${role}`}
                          checked={field.value.includes(role)}
                          onBlur={field.onBlur}
                          onChange={(_, checked) =>
                            field.onChange(
                              checked ? [...field.value, role] : field.value.filter((value) => value !== role),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                <FormHelperText aria-live="polite">
                  {fieldState.error?.message
                    ? t(fieldState.error.message as ParseKeys)
                    : t('permissions.dialog.assignedToHint')}
                </FormHelperText>
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="rules"
            render={({ field, fieldState }) => (
              <RulesEditor
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message ? t(fieldState.error.message as ParseKeys) : undefined}
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {t('permissions.dialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving || problem?.kind === 'gone'}>
            {saving
              ? t('permissions.dialog.saving')
              : editing
                ? t('permissions.dialog.save')
                : t('permissions.dialog.create')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
};
