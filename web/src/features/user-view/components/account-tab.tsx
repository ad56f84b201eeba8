import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactField, ProfileView } from '@orbit/functions/users/contract';
import { NoticeSnackbar, type Notice } from '../../../shared/ui/notice-snackbar';
import { AvatarSection } from './avatar-section';
import { ContactChangeDialog } from './contact-change-dialog';
import { ProfileForm } from './profile-form';

/**
 * The Account tab: the picture, the profile form and (for the account's owner) the sign-in
 * details. An admin looking at someone else's view edits the profile but not how they sign in.
 */
export const AccountTab = ({ view, isSelf }: { view: ProfileView; isSelf: boolean }) => {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [changing, setChanging] = useState<ContactField | null>(null);
  const { user } = view;
  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('userView.avatar.heading')}
          </Typography>
          <AvatarSection user={user} onNotice={setNotice} />
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('userView.account.heading')}
          </Typography>
          <ProfileForm key={user.id} user={user} isSelf={isSelf} onNotice={setNotice} />
        </CardContent>
      </Card>
      {isSelf ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('userView.contact.heading')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('userView.contact.intro')}
            </Typography>
            <Stack spacing={2}>
              {(
                [
                  { field: 'phone', label: t('userView.card.phone'), action: t('userView.contact.changePhone') },
                  { field: 'email', label: t('userView.card.email'), action: t('userView.contact.changeEmail') },
                ] as const
              ).map((row) => (
                <Stack
                  key={row.field}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  useFlexGap
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography variant="body2" color="text.secondary">
                      {row.label}
                    </Typography>
                    <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                      {/* Isolated left to right (a number, an address), placed by the page's direction. */}
                      <bdi dir="ltr">{user[row.field]}</bdi>
                    </Typography>
                  </Stack>
                  <Button variant="outlined" onClick={() => setChanging(row.field)}>
                    {row.action}
                  </Button>
                </Stack>
              ))}
            </Stack>
          </CardContent>
        </Card>
      ) : null}
      {changing ? (
        <ContactChangeDialog
          user={user}
          field={changing}
          onClose={() => setChanging(null)}
          onChanged={() => {
            setChanging(null);
            setNotice({
              severity: 'success',
              text: changing === 'phone' ? t('userView.contact.donePhone') : t('userView.contact.doneEmail'),
            });
          }}
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
