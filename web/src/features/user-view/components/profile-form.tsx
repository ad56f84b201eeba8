import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { ParseKeys } from 'i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { profileLanguages, profileLimits, profileStatuses, type Profile } from '@orbit/functions/users/contract';
import { profileFormSchema, type ProfileFormValues } from '@orbit/functions/users/requests';
import { isApiError } from '../../../shared/api/api-error';
import { setLanguage } from '../../../shared/i18n/language-store';
import { ConflictAlert } from '../../../shared/ui/action-alerts';
import { FormTextField } from '../../../shared/ui/form-text-field';
import type { Notice } from '../../../shared/ui/notice-snackbar';
import { profileViewQueryOptions, useUpdateProfile } from '../api/users';

type Field = keyof ProfileFormValues;
const fields: readonly Field[] = ['fullName', 'about', 'status', 'language'];

/** The contract's rules (shared with the API), said in the user's language: one message per field. */
const validationKey: Record<Field, ParseKeys> = {
  fullName: 'userView.validation.fullName',
  about: 'userView.validation.about',
  status: 'userView.validation.status',
  language: 'userView.validation.language',
};

const schemaResolver = standardSchemaResolver(profileFormSchema);
const resolver: Resolver<ProfileFormValues, unknown, ProfileFormValues> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  const errors: FieldErrors<ProfileFormValues> = {};
  for (const field of fields) {
    if (result.errors[field]) errors[field] = { type: 'validate', message: validationKey[field] };
  }
  return Object.keys(errors).length > 0
    ? { values: {}, errors }
    : { values: result.values as ProfileFormValues, errors: {} };
};

const presence = (status: string): ProfileFormValues['status'] =>
  profileStatuses.find((value) => value === status) ?? 'offline';

const valuesOf = (user: Profile): ProfileFormValues => ({
  fullName: user.fullName,
  about: user.about,
  status: presence(user.status),
  language: user.language,
});

/**
 * Full name, about, status and language, saved from the version read. A stale version (someone
 * saved first) is a 409: the form then shows the profile as it is now, with a note.
 */
export const ProfileForm = ({
  user,
  isSelf,
  onNotice,
}: {
  user: Profile;
  isSelf: boolean;
  onNotice: (notice: Notice) => void;
}) => {
  const { t } = useTranslation();
  const update = useUpdateProfile(user.id);
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState(false);
  const form = useForm<ProfileFormValues, unknown, ProfileFormValues>({ resolver, defaultValues: valuesOf(user) });
  const translate = (message: string) => t(message as ParseKeys);

  const submit = form.handleSubmit((values) => {
    setConflict(false);
    update.mutate(
      { ...values, version: user.version },
      {
        onSuccess: ({ user: saved }) => {
          form.reset(valuesOf(saved));
          onNotice({ severity: 'success', text: t('userView.account.saved') });
          // The account's language is the app's language for its owner: switch now too.
          if (isSelf) void setLanguage(saved.language);
        },
        onError: async (error) => {
          if (isApiError(error) && error.status === 409) {
            const fresh = await queryClient.fetchQuery({ ...profileViewQueryOptions(user.id), staleTime: 0 });
            form.reset(valuesOf(fresh.user));
            setConflict(true);
            return;
          }
          onNotice({ severity: 'error', text: t('userView.account.failed') });
        },
      },
    );
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={(event) => void submit(event)}
      aria-label={t('userView.account.heading')}
    >
      {conflict ? (
        <ConflictAlert actionLabel={t('userView.retry')} onAction={() => setConflict(false)}>
          {t('userView.account.conflict')}
        </ConflictAlert>
      ) : null}
      <FormTextField<ProfileFormValues>
        name="fullName"
        control={form.control}
        label={t('userView.account.fullName')}
        translateError={translate}
        slotProps={{ htmlInput: { maxLength: profileLimits.fullNameMax } }}
      />
      <FormTextField<ProfileFormValues>
        name="about"
        control={form.control}
        label={t('userView.account.about')}
        translateError={translate}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: profileLimits.aboutMax } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <FormTextField<ProfileFormValues>
          name="status"
          control={form.control}
          select
          label={t('userView.account.status')}
          translateError={translate}
        >
          {profileStatuses.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`userView.statuses.${status}`)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField<ProfileFormValues>
          name="language"
          control={form.control}
          select
          label={t('userView.account.language')}
          hint={isSelf ? t('userView.account.languageHint') : undefined}
          translateError={translate}
        >
          {profileLanguages.map((language) => (
            <MenuItem key={language} value={language} lang={language}>
              {t(`userView.languages.${language}`)}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap>
        <Button type="submit" variant="contained" disabled={update.isPending}>
          {update.isPending ? t('userView.account.saving') : t('userView.account.save')}
        </Button>
        <Button type="button" color="inherit" onClick={() => form.reset(valuesOf(user))} disabled={update.isPending}>
          {t('userView.account.reset')}
        </Button>
      </Stack>
    </Stack>
  );
};
