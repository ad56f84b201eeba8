import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  mailFilters,
  mailLabels,
  type MailCounts,
  type MailFilter,
  type MailLabel,
} from '@orbit/functions/email/contract';
import { AddIcon, DeleteIcon } from '../../../shared/ui/icons';
import { DraftIcon, InboxIcon, LabelIcon, SendIcon, SpamIcon, StarBorderIcon } from './icons';
import { countNameOf, labelColors } from './mail-labels';

const folderIcons: Readonly<Record<MailFilter, ReactNode>> = {
  inbox: <InboxIcon fontSize="small" />,
  sent: <SendIcon fontSize="small" />,
  draft: <DraftIcon fontSize="small" />,
  starred: <StarBorderIcon fontSize="small" />,
  spam: <SpamIcon fontSize="small" />,
  trash: <DeleteIcon fontSize="small" />,
};

interface SidePanelProps {
  readonly active: MailFilter | MailLabel;
  readonly counts: MailCounts | undefined;
  readonly canCompose: boolean;
  readonly onCompose: () => void;
  /** A link was followed (the phone's drawer closes). */
  readonly onNavigate: () => void;
}

/** The mailbox's side panel (Vuexy's email app): Compose, the folders and the labels with their counts. */
export const SidePanel = ({ active, counts, canCompose, onCompose, onNavigate }: SidePanelProps) => {
  const { t } = useTranslation();
  const item = (value: MailFilter | MailLabel, label: string, icon: ReactNode) => {
    const count = counts?.[countNameOf(value)] ?? 0;
    const countText = value === 'draft' ? t('email.draftCount', { count }) : t('email.unreadCount', { count });
    return (
      <ListItem key={value} disablePadding>
        <ListItemButton
          component={Link}
          to={`/apps/email/${value}`}
          selected={active === value}
          aria-current={active === value ? 'page' : undefined}
          onClick={onNavigate}
          sx={{ borderRadius: 1, mx: 1 }}
          data-testid={`email-nav-${value}`}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon>
          <ListItemText primary={label} sx={{ textAlign: 'start' }} />
          {count > 0 ? (
            <Box
              component="span"
              aria-label={countText}
              data-testid={`email-count-${value}`}
              sx={{
                marginInlineStart: 'auto',
                px: 1,
                borderRadius: 2,
                fontSize: 12,
                fontWeight: 600,
                bgcolor: value === 'draft' ? 'action.selected' : 'primary.main',
                color: value === 'draft' ? 'text.primary' : 'primary.contrastText',
              }}
            >
              {count}
            </Box>
          ) : undefined}
        </ListItemButton>
      </ListItem>
    );
  };
  return (
    <Box component="nav" aria-label={t('email.panel')} sx={{ py: 2, overflowY: 'auto', height: '100%' }}>
      {canCompose ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Button fullWidth variant="contained" startIcon={<AddIcon />} onClick={onCompose} data-testid="email-compose">
            {t('email.compose')}
          </Button>
        </Box>
      ) : undefined}
      <List dense subheader={<ListSubheader disableSticky>{t('email.foldersHeading')}</ListSubheader>}>
        {mailFilters.map((filter) => item(filter, t(`email.folders.${filter}`), folderIcons[filter]))}
      </List>
      <List dense subheader={<ListSubheader disableSticky>{t('email.labelsHeading')}</ListSubheader>}>
        {mailLabels.map((label) =>
          item(label, t(`email.labels.${label}`), <LabelIcon fontSize="small" color={labelColors[label]} />),
        )}
      </List>
    </Box>
  );
};
