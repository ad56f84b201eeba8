import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduledMessage } from '@orbit/functions/chat/scheduled-contract';
import { DeleteIcon, EditIcon } from '../../../shared/ui/icons';
import { ClockIcon } from './icons';

export interface ScheduledListProps {
  readonly scheduled: readonly ScheduledMessage[];
  readonly cancelling?: string;
  readonly onEdit: (scheduled: ScheduledMessage) => void;
  readonly onCancel: (scheduled: ScheduledMessage) => void;
}

/**
 * The open chat's messages still to be sent, soonest first, above the composer: folded into one
 * line by default (the conversation keeps its room, on a phone too), unfolded to edit or cancel.
 */
export const ScheduledList = ({ scheduled, cancelling, onEdit, onCancel }: ScheduledListProps) => {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const format = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  if (scheduled.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t('chat.later.list', { count: scheduled.length })}
      data-testid="scheduled-messages"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 1, sm: 2 }, py: 0.5 }}
    >
      <Button
        size="small"
        startIcon={<ClockIcon />}
        onClick={() => setExpanded((open) => !open)}
        aria-expanded={expanded}
        aria-controls={listId}
      >
        {expanded ? t('chat.later.hide') : t('chat.later.show', { count: scheduled.length })}
      </Button>
      {expanded ? (
        <Stack
          component="ul"
          id={listId}
          spacing={0.5}
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 200, overflowY: 'auto' }}
        >
          {scheduled.map((item) => {
            const time = format.format(new Date(item.sendAt));
            return (
              <Stack
                component="li"
                key={item.id}
                direction="row"
                spacing={1}
                data-scheduled-id={item.id}
                sx={{
                  alignItems: 'center',
                  py: 0.5,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0 },
                }}
              >
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography variant="caption" color="text.secondary" component="p">
                    <time dateTime={item.sendAt}>{t('chat.later.at', { time })}</time>
                  </Typography>
                  <Typography variant="body2" noWrap dir="auto" sx={{ textAlign: 'start' }}>
                    {item.message}
                  </Typography>
                </Box>
                <IconButton size="small" onClick={() => onEdit(item)} aria-label={t('chat.later.editNamed', { time })}>
                  <EditIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  onClick={() => onCancel(item)}
                  disabled={cancelling === item.id}
                  aria-label={t('chat.later.unscheduleNamed', { time })}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Stack>
            );
          })}
        </Stack>
      ) : null}
    </Box>
  );
};
