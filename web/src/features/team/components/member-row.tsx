import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@orbit/functions/team/contract';
import { MoreIcon } from '../../../shared/ui/icons';
import { initialsOf, personAvatarColours } from '../../../shared/ui/person-avatar';
import { Tag } from '../../../shared/ui/tag';
import { roleLabel } from '../../../shared/i18n/role-label';

export type MemberAction = 'role' | 'suspend' | 'reactivate' | 'reset-two-step';

export interface MemberRowProps {
  readonly member: Member;
  readonly isMe: boolean;
  /** The actions the caller's rules allow on this member (the server checks again). */
  readonly actions: readonly MemberAction[];
  readonly onAction: (action: MemberAction, member: Member) => void;
}

const actionLabel = {
  role: 'team.rowActions.changeRole',
  suspend: 'team.rowActions.suspend',
  reactivate: 'team.rowActions.reactivate',
  'reset-two-step': 'team.rowActions.resetTwoStep',
} as const;

/** One member: avatar and name, contact, role and status tags, last seen, and the row's menu. */
export const MemberRow = ({ member, isMe, actions, onAction }: MemberRowProps) => {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `member-menu-${member.id}`;
  const lastSeen = member.lastSeen
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(member.lastSeen),
      )
    : t('team.never');
  return (
    <TableRow hover data-testid="member-row">
      <TableCell component="th" scope="row" sx={{ minWidth: 200 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {member.avatar ? (
            <Avatar src={member.avatar} alt="" sx={{ width: 34, height: 34 }} />
          ) : (
            <Avatar sx={{ ...personAvatarColours(member.id), width: 34, height: 34, fontSize: 14 }} aria-hidden>
              {initialsOf(member.fullName)}
            </Avatar>
          )}
          <Typography dir="auto" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {member.fullName}
            {isMe ? (
              <Typography component="span" color="text.secondary">
                {' '}
                ({t('team.you')})
              </Typography>
            ) : null}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell>
        <Typography variant="body2" dir="ltr" sx={{ textAlign: 'start', overflowWrap: 'anywhere' }}>
          {member.email}
        </Typography>
        <Typography variant="body2" color="text.secondary" dir="ltr" sx={{ textAlign: 'start' }}>
          {member.phone}
        </Typography>
      </TableCell>
      <TableCell>
        <Tag
          variant="outlined"
          color={member.role === 'admin' ? 'primary' : 'default'}
          label={roleLabel(t, member.role)}
        />
      </TableCell>
      <TableCell>
        <Tag
          variant="outlined"
          color={member.status === 'active' ? 'success' : 'error'}
          label={t(`team.status.${member.status}`)}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {member.lastSeen ? <time dateTime={member.lastSeen}>{lastSeen}</time> : lastSeen}
      </TableCell>
      <TableCell align="right" sx={{ width: 56 }}>
        {actions.length > 0 ? (
          <>
            <IconButton
              aria-label={t('team.rowActions.menu', { name: member.fullName })}
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              aria-expanded={anchor ? true : undefined}
              onClick={(event) => setAnchor(event.currentTarget)}
            >
              <MoreIcon fontSize="small" />
            </IconButton>
            <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
              {actions.map((action) => (
                <MenuItem
                  key={action}
                  onClick={() => {
                    setAnchor(null);
                    onAction(action, member);
                  }}
                >
                  {t(actionLabel[action])}
                </MenuItem>
              ))}
            </Menu>
          </>
        ) : null}
      </TableCell>
    </TableRow>
  );
};
