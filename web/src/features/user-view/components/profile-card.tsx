import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@orbit/functions/users/contract';
import { roleLabel } from '../../../shared/i18n/role-label';
import { initialsOf, statusColor, statusKey } from './profile-labels';
import { Tag } from '../../../shared/ui/tag';

/** The side card: who this is, their status and what they have on (projects, open tasks). */
export const ProfileCard = ({ view }: { view: ProfileView }) => {
  const { t } = useTranslation();
  const { user, counts } = view;
  const details = [
    { label: t('userView.card.email'), value: user.email },
    { label: t('userView.card.phone'), value: user.phone },
    { label: t('userView.card.role'), value: roleLabel(t, user.role) },
    { label: t('userView.card.language'), value: t(`userView.languages.${user.language}`) },
  ];
  return (
    <Card variant="outlined" data-testid="profile-card">
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Avatar
            src={user.avatar ?? undefined}
            alt={t('userView.avatar.alt', { name: user.fullName })}
            sx={{ width: 112, height: 112, fontSize: 40 }}
          >
            {initialsOf(user.fullName)}
          </Avatar>
          <Typography variant="h5" component="h2" data-testid="profile-name">
            {user.fullName}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center' }}>
            <Tag variant="outlined" label={roleLabel(t, user.role)} />
            {/* Outlined: white text on a filled green or amber pill is below 4.5:1 on this theme. */}
            <Tag
              variant="outlined"
              color={statusColor(user.status)}
              label={t(`userView.statuses.${statusKey(user.status)}`)}
              data-status={user.status}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.about || t('userView.card.noAbout')}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-around', my: 3 }}>
          {[
            {
              key: 'projects',
              value: String(counts.projects),
              label: t('userView.card.projects'),
            },
            {
              key: 'openTasks',
              value: counts.openTasksComplete
                ? String(counts.openTasks)
                : t('userView.card.atLeast', { count: counts.openTasks }),
              label: t('userView.card.openTasks'),
            },
          ].map((figure) => (
            <Box key={figure.key} sx={{ textAlign: 'center' }} data-testid={`count-${figure.key}`}>
              <Typography variant="h5" component="p">
                {figure.value}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {figure.label}
              </Typography>
            </Box>
          ))}
        </Stack>
        <Divider />
        <Typography variant="overline" component="h3" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {t('userView.card.details')}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
          {details.map((detail) => (
            <Box key={detail.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                {detail.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                <bdi>{detail.value}</bdi>
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
};
