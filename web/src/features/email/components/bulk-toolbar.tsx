import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailFilter, MailFolder, MailLabel } from '@orbit/functions/email/contract';
import { DeleteIcon } from '../../../shared/ui/icons';
import { DeleteForeverIcon, MailIcon, MailOpenIcon, RefreshIcon, StarIcon } from './icons';
import { LabelMenu, MoveMenu } from './mail-menus';

export type BulkAction =
  | { readonly kind: 'read' | 'unread' | 'star' | 'unstar' | 'delete' | 'deleteForever' }
  | { readonly kind: 'move'; readonly folder: 'inbox' | 'sent' | 'spam' | 'trash' }
  | { readonly kind: 'label'; readonly label: MailLabel; readonly add: boolean };

interface BulkToolbarProps {
  readonly filter: MailFilter | undefined;
  readonly shown: number;
  readonly selected: number;
  readonly onSelectAll: (all: boolean) => void;
  readonly onAction: (action: BulkAction) => void;
  readonly onEmpty: (() => void) | undefined;
  readonly onRefresh: () => void;
  readonly canChange: boolean;
}

/** Above the list: select all, and what applies to the selection (Vuexy's email list toolbar). */
export const BulkToolbar = ({
  filter,
  shown,
  selected,
  onSelectAll,
  onAction,
  onEmpty,
  onRefresh,
  canChange,
}: BulkToolbarProps) => {
  const { t } = useTranslation();
  const setAside = filter === 'trash' || filter === 'spam';
  const folder: MailFolder | undefined = filter === 'starred' || filter === 'draft' ? undefined : filter;
  const action = (label: string, icon: ReactNode, run: () => void) => (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={run}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        minHeight: 48,
        borderBottom: 1,
        borderColor: 'divider',
        flexWrap: 'wrap',
      }}
      data-testid="email-bulk"
    >
      {canChange ? (
        <Checkbox
          size="small"
          checked={shown > 0 && selected === shown}
          indeterminate={selected > 0 && selected < shown}
          disabled={shown === 0}
          onChange={(event) => onSelectAll(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('email.list.selectAll') } }}
        />
      ) : undefined}
      {selected > 0 && canChange ? (
        <>
          <Typography variant="body2" sx={{ mx: 1 }} role="status">
            {t('email.list.selected', { count: selected })}
          </Typography>
          {action(t('email.actions.markRead'), <MailOpenIcon />, () => onAction({ kind: 'read' }))}
          {action(t('email.actions.markUnread'), <MailIcon />, () => onAction({ kind: 'unread' }))}
          {action(t('email.actions.star'), <StarIcon />, () => onAction({ kind: 'star' }))}
          {filter === 'draft' ? undefined : (
            <MoveMenu folder={folder} onMove={(target) => onAction({ kind: 'move', folder: target })} />
          )}
          {filter === 'draft' ? undefined : (
            <LabelMenu labels={[]} onChange={(label, add) => onAction({ kind: 'label', label, add })} />
          )}
          {setAside
            ? action(t('email.actions.deleteForever'), <DeleteForeverIcon />, () => onAction({ kind: 'deleteForever' }))
            : action(t('email.actions.delete'), <DeleteIcon />, () => onAction({ kind: 'delete' }))}
        </>
      ) : (
        action(t('email.actions.refresh'), <RefreshIcon />, onRefresh)
      )}
      {onEmpty && filter ? (
        <Button
          size="small"
          color="error"
          onClick={onEmpty}
          sx={{ marginInlineStart: 'auto' }}
          data-testid="email-empty"
        >
          {t('email.actions.emptyFolder', { folder: t(`email.folders.${filter}`) })}
        </Button>
      ) : undefined}
    </Box>
  );
};
