import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { leadStatuses, type ChatContactStatus, type Contact, type ProfileUser } from '@orbit/functions/chat/contract';
import { ContactAvatar } from './contact-avatar';
import { ContactTags } from './contact-tags';
import { useRoleLabel } from './contact-list';
import { CloseIcon } from '../../../shared/ui/icons';
import { chipColor, isLeadStage } from '../utils/status';

const panelWidth = 360;

const Panel = ({
  open,
  onClose,
  anchor,
  title,
  titleId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  anchor: 'left' | 'right';
  title: string;
  titleId: string;
  children: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Drawer
      anchor={anchor}
      open={open}
      onClose={onClose}
      // Above the app bar, which sits over the navigation drawer.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { sx: { width: panelWidth, maxWidth: '100vw' }, role: 'dialog', 'aria-labelledby': titleId },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('chat.profile.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 3, overflowY: 'auto' }}>{children}</Box>
    </Drawer>
  );
};

const Identity = ({ person }: { person: Contact }) => {
  const roleLabel = useRoleLabel();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center', mb: 3 }}>
      <ContactAvatar
        id={person.id}
        fullName={person.fullName}
        avatar={person.avatar}
        status={person.status}
        size={88}
      />
      <Typography variant="h6" component="p">
        <bdi>{person.fullName}</bdi>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {roleLabel(person.role)}
      </Typography>
    </Stack>
  );
};

const StatusChip = ({ status }: { status: ChatContactStatus }) => {
  const { t } = useTranslation();
  return <Chip size="small" color={chipColor[status]} label={t(`chat.statuses.${status}`)} data-status={status} />;
};

/** The signed-in user's side panel: who they are, their status, their settings. */
export const ProfilePanel = ({
  open,
  onClose,
  profile,
  onPresence,
}: {
  open: boolean;
  onClose: () => void;
  profile: ProfileUser | undefined;
  onPresence: (status: 'online' | 'away') => void;
}) => {
  const { t } = useTranslation();
  return (
    <Panel open={open} onClose={onClose} anchor="left" title={t('chat.profile.title')} titleId="chat-profile-title">
      {profile ? (
        <>
          <Identity person={profile} />
          <Typography variant="overline" component="h3" color="text.secondary">
            {t('chat.profile.about')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 3 }}>
            {profile.about || t('chat.contact.noAbout')}
          </Typography>
          <FormControl component="fieldset" sx={{ mb: 3 }}>
            <Typography variant="overline" component="legend" color="text.secondary">
              {t('chat.profile.status')}
            </Typography>
            {isLeadStage(profile.status) ? <StatusChip status={profile.status} /> : null}
            <RadioGroup
              value={profile.status === 'away' ? 'away' : 'online'}
              onChange={(event) => onPresence(event.target.value === 'away' ? 'away' : 'online')}
            >
              {(['online', 'away'] as const).map((status) => (
                <FormControlLabel
                  key={status}
                  value={status}
                  control={<Radio size="small" />}
                  label={t(`chat.statuses.${status}`)}
                />
              ))}
            </RadioGroup>
            <Typography variant="caption" color="text.secondary">
              {t('chat.profile.statusHint')}
            </Typography>
          </FormControl>
          <Typography variant="overline" component="h3" color="text.secondary">
            {t('chat.profile.settings')}
          </Typography>
          {/* The real settings, changed where they live: the user view's tabs. */}
          <Stack spacing={1}>
            {(
              [
                { key: 'twoStep', on: profile.settings.isTwoStepAuthVerificationEnabled, tab: 'security' },
                { key: 'notifications', on: profile.settings.isNotificationsOn, tab: 'notifications' },
              ] as const
            ).map((setting) => (
              <Stack key={setting.key} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2" sx={{ flexGrow: 1 }}>
                  {t(`chat.profile.${setting.key}`)}
                </Typography>
                <Chip
                  size="small"
                  color={setting.on ? 'success' : 'default'}
                  label={setting.on ? t('chat.profile.on') : t('chat.profile.off')}
                  data-setting={setting.key}
                />
                <Link component={RouterLink} to={`/user/view?tab=${setting.tab}`} variant="body2">
                  {t('chat.profile.change')}
                </Link>
              </Stack>
            ))}
          </Stack>
        </>
      ) : null}
    </Panel>
  );
};

/** The contact's side panel; an admin can change the contact's status there. */
export const ContactPanel = ({
  open,
  onClose,
  contact,
  canChangeStatus,
  onChangeStatus,
  changing,
  error,
}: {
  open: boolean;
  onClose: () => void;
  contact: Contact | undefined;
  canChangeStatus: boolean;
  onChangeStatus: (status: ChatContactStatus) => void;
  changing: boolean;
  error: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Panel open={open} onClose={onClose} anchor="right" title={t('chat.contact.title')} titleId="chat-contact-title">
      {contact ? (
        <>
          <Identity person={contact} />
          <Typography variant="overline" component="h3" color="text.secondary">
            {t('chat.contact.about')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 3 }}>
            {contact.about || t('chat.contact.noAbout')}
          </Typography>
          <Typography variant="overline" component="h3" color="text.secondary">
            {t('chat.contact.status')}
          </Typography>
          <Box sx={{ mb: 2 }}>
            <StatusChip status={contact.status} />
          </Box>
          {canChangeStatus ? (
            <FormControl size="small" fullWidth disabled={changing}>
              <InputLabel id="chat-contact-status-label">{t('chat.contact.changeStatus')}</InputLabel>
              {/* Lead stages only: presence (online, away, offline) follows the person, and the API refuses it. */}
              <Select<ChatContactStatus | ''>
                labelId="chat-contact-status-label"
                label={t('chat.contact.changeStatus')}
                value={isLeadStage(contact.status) ? contact.status : ''}
                onChange={(event) => {
                  if (event.target.value !== '') onChangeStatus(event.target.value);
                }}
              >
                {leadStatuses.map((status) => (
                  <MenuItem key={status} value={status}>
                    {t(`chat.statuses.${status}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('chat.contact.failed')}
            </Alert>
          ) : null}
          {/* Tagging a person is `update Contact`, the same right as changing their status. */}
          <ContactTags key={contact.id} contact={contact} canEdit={canChangeStatus} />
        </>
      ) : null}
    </Panel>
  );
};
