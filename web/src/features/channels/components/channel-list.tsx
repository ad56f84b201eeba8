import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../../shared/ui/deferred';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { visuallyHidden } from '../../../shared/ui/visually-hidden';
import type { Channel, ChannelStatus } from '@orbit/functions/channels/contract';
import { formatWhen } from '../utils/format';
import { MoreIcon } from '../../../shared/ui/icons';
import { ChannelTypeIcon } from './icons';

export type ChannelAction = 'test' | 'pause' | 'resume' | 'edit' | 'remove';

interface ChannelListProps {
  readonly channels: readonly Channel[];
  readonly busy: boolean;
  /** Absent for a reader who may not change channels: no actions menu. */
  readonly onAction?: (action: ChannelAction, channel: Channel) => void;
}

const statusColor = { active: 'success', paused: 'default', failing: 'error' } as const satisfies Record<
  ChannelStatus,
  string
>;

/** What a channel's type-specific settings say at a glance (its address, its bot). */
const detailOf = (channel: Channel): string | null => {
  switch (channel.type) {
    case 'telegram':
      return channel.config.botUsername ? `@${channel.config.botUsername}` : null;
    case 'webhook':
      return channel.config.outboundUrl || null;
    case 'email':
      return `${channel.config.fromName} <${channel.config.fromAddress}>`;
    case 'sms':
      return channel.config.senderId ?? null;
  }
};

export const StatusChip = ({ status }: { readonly status: ChannelStatus }) => {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={statusColor[status]}
      variant={status === 'paused' ? 'outlined' : 'filled'}
      label={t(`channels.statuses.${status}`)}
      data-status={status}
    />
  );
};

/** The last test's state, read out when it changes (pending → sent or failed). */
const TestState = ({ channel }: { readonly channel: Channel }) => {
  const { t, i18n } = useTranslation();
  const test = channel.lastTest;
  const text = !test
    ? ''
    : test.status === 'pending'
      ? t('channels.test.pending')
      : test.status === 'sent'
        ? t('channels.test.sent', { when: formatWhen(test.at, i18n.language) })
        : test.error
          ? t('channels.test.failed', { error: test.error })
          : t('channels.test.failedNoReason');
  return (
    <Typography
      role="status"
      variant="caption"
      data-testid="channel-test"
      data-test-status={test?.status ?? 'none'}
      sx={{
        display: text ? 'block' : 'none',
        color: test?.status === 'failed' ? 'error.main' : test?.status === 'sent' ? 'success.main' : 'text.secondary',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Typography>
  );
};

const ChannelMenu = ({
  channel,
  onAction,
}: {
  channel: Channel;
  onAction: NonNullable<ChannelListProps['onAction']>;
}) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('channels.list.actionsFor', { name: channel.name });
  const pick = (action: ChannelAction) => () => {
    setAnchor(null);
    onAction(action, channel);
  };
  return (
    <>
      <HintTooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreIcon />
        </IconButton>
      </HintTooltip>
      <DeferredMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick('test')} disabled={channel.status === 'paused'}>
          {t('channels.actions.test')}
        </MenuItem>
        {channel.status === 'paused' ? (
          <MenuItem onClick={pick('resume')}>{t('channels.actions.resume')}</MenuItem>
        ) : (
          <MenuItem onClick={pick('pause')}>{t('channels.actions.pause')}</MenuItem>
        )}
        <MenuItem onClick={pick('edit')}>{t('channels.actions.edit')}</MenuItem>
        <MenuItem onClick={pick('remove')} sx={{ color: 'error.main' }}>
          {t('channels.actions.remove')}
        </MenuItem>
      </DeferredMenu>
    </>
  );
};

/** The channel's name, type, detail and secret hint: the first cell of a row, the head of a card. */
const ChannelIdentity = ({ channel }: { readonly channel: Channel }) => {
  const { t } = useTranslation();
  const detail = detailOf(channel);
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      <Box
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 36,
          height: 36,
          borderRadius: 1,
          flexShrink: 0,
          bgcolor: 'action.selected',
          color: 'text.primary',
        }}
      >
        <ChannelTypeIcon type={channel.type} fontSize="small" />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" component="span" dir="auto" sx={{ fontWeight: 600, display: 'block' }}>
          {channel.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {t(`channels.types.${channel.type}`)}
          {detail ? (
            <>
              {' · '}
              <bdi style={{ overflowWrap: 'anywhere' }}>{detail}</bdi>
            </>
          ) : null}
        </Typography>
        {channel.secretHint ? (
          <Typography
            variant="caption"
            color="text.secondary"
            component="span"
            sx={{ display: 'block' }}
            aria-label={t('channels.list.secretLabel', { hint: channel.secretHint })}
            data-testid="secret-hint"
          >
            {t('channels.list.secret', { hint: channel.secretHint })}
          </Typography>
        ) : null}
      </Box>
    </Stack>
  );
};

const StatusCell = ({ channel }: { readonly channel: Channel }) => {
  const { t } = useTranslation();
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <StatusChip status={channel.status} />
      {channel.status === 'failing' && channel.lastError ? (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }} data-testid="channel-error">
          {t('channels.list.lastError', { error: channel.lastError })}
        </Typography>
      ) : null}
      <TestState channel={channel} />
    </Stack>
  );
};

const Counts = ({ channel }: { readonly channel: Channel }) => {
  const { t } = useTranslation();
  const values = { ...channel.counts };
  return (
    <Typography variant="body2" component="span" aria-label={t('channels.list.countsLabel', values)}>
      {t('channels.list.counts', values)}
    </Typography>
  );
};

const lastActivity = (channel: Channel, never: string, language: string) =>
  channel.lastActivityAt ? formatWhen(channel.lastActivityAt, language) : never;

/**
 * The connected channels: a table from tablets up; on a phone each channel is a card with the
 * same facts stacked, so nothing needs a sideways scroll.
 */
export const ChannelList = ({ channels, busy, onAction }: ChannelListProps) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const never = t('channels.list.never');

  if (phone) {
    return (
      <Stack component="ul" spacing={1.5} aria-label={t('channels.list.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {channels.map((channel) => (
          <Paper component="li" variant="outlined" key={channel.id} data-testid="channel-row" sx={{ p: 2 }}>
            <Stack spacing={1.5}>
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
              >
                <ChannelIdentity channel={channel} />
                {onAction ? <ChannelMenu channel={channel} onAction={onAction} /> : null}
              </Stack>
              <StatusCell channel={channel} />
              <Typography variant="body2" color="text.secondary">
                {t('channels.list.activityLine', { when: lastActivity(channel, never, i18n.language) })}
              </Typography>
              <Counts channel={channel} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label={t('channels.list.label')} aria-busy={busy} size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('channels.list.columns.channel')}</TableCell>
              <TableCell>{t('channels.list.columns.status')}</TableCell>
              <TableCell>{t('channels.list.columns.activity')}</TableCell>
              <TableCell>{t('channels.list.columns.messages')}</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('channels.list.columns.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {channels.map((channel) => (
              <TableRow key={channel.id} data-testid="channel-row" data-channel-id={channel.id}>
                <TableCell component="th" scope="row" sx={{ py: 1.5, maxWidth: 360 }}>
                  <ChannelIdentity channel={channel} />
                </TableCell>
                <TableCell sx={{ maxWidth: 280 }}>
                  <StatusCell channel={channel} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{lastActivity(channel, never, i18n.language)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Counts channel={channel} />
                </TableCell>
                <TableCell align="right">
                  {onAction ? <ChannelMenu channel={channel} onAction={onAction} /> : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
};
