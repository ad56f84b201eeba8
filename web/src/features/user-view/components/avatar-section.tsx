import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { avatarContentTypes, type Profile } from '@orbit/functions/users/contract';
import type { Notice } from '../../../shared/ui/notice-snackbar';
import { useRemoveAvatar, useUploadAvatar } from '../api/users';
import { initialsOf } from './profile-labels';

// The cropper (react-easy-crop) downloads only when a picture is chosen.
const AvatarCropDialog = lazy(() => import('./avatar-crop-dialog'));

/** The picture: choose a file, crop it in the browser, upload it; or remove it. */
export const AvatarSection = ({ user, onNotice }: { user: Profile; onNotice: (notice: Notice) => void }) => {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const upload = useUploadAvatar(user.id);
  const remove = useRemoveAvatar(user.id);

  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!(avatarContentTypes as readonly string[]).includes(file.type)) {
      onNotice({ severity: 'error', text: t('userView.avatar.wrongType') });
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  const close = () => {
    setSource(null);
    if (input.current) input.current.value = '';
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
      <Avatar
        src={user.avatar ?? undefined}
        alt={t('userView.avatar.alt', { name: user.fullName })}
        sx={{ width: 88, height: 88, fontSize: 32 }}
        data-testid="account-avatar"
      >
        {initialsOf(user.fullName)}
      </Avatar>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" component="label" disabled={upload.isPending}>
            {user.avatar ? t('userView.avatar.change') : t('userView.avatar.upload')}
            <input
              ref={input}
              hidden
              type="file"
              accept={avatarContentTypes.join(',')}
              data-testid="avatar-file"
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </Button>
          {user.avatar ? (
            <Button
              color="inherit"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => onNotice({ severity: 'success', text: t('userView.avatar.removed') }),
                  onError: () => onNotice({ severity: 'error', text: t('userView.avatar.failed') }),
                })
              }
            >
              {t('userView.avatar.remove')}
            </Button>
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('userView.avatar.hint')}
        </Typography>
      </Stack>
      {source ? (
        <Suspense fallback={null}>
          <AvatarCropDialog
            src={source}
            busy={upload.isPending}
            onCancel={close}
            onCropped={(picture) =>
              upload.mutate(picture, {
                onSuccess: () => {
                  close();
                  onNotice({ severity: 'success', text: t('userView.avatar.saved') });
                },
                onError: () => onNotice({ severity: 'error', text: t('userView.avatar.failed') }),
              })
            }
          />
        </Suspense>
      ) : null}
    </Stack>
  );
};
