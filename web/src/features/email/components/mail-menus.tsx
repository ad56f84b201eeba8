import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mailLabels, type MailFolder, type MailLabel, type movableFolders } from '@orbit/functions/email/contract';
import { CheckIcon, FolderMoveIcon, LabelIcon } from './icons';
import { labelColors } from './mail-labels';

type MovableFolder = (typeof movableFolders)[number];

/**
 * Where a mail in `folder` may go (docs/email.md, "Folders, labels, counts"): a received mail
 * between inbox, spam and trash, a sent one between sent and trash; from trash or spam the
 * server restores it where it came from. Unknown (several selected): all of them, the server
 * refuses what does not fit.
 */
export const moveTargets = (folder: MailFolder | undefined): readonly MovableFolder[] => {
  if (folder === 'sent') return ['trash'];
  if (folder === 'inbox') return ['spam', 'trash'];
  if (folder === 'spam') return ['inbox', 'trash'];
  if (folder === 'trash') return ['inbox', 'sent', 'spam'];
  return ['inbox', 'spam', 'trash'];
};

const MenuButton = ({
  label,
  icon,
  children,
}: {
  label: string;
  icon: ReactNode;
  children: (close: () => void) => ReactNode;
}) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? id : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          {icon}
        </IconButton>
      </Tooltip>
      <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {children(() => setAnchor(null))}
      </Menu>
    </>
  );
};

export const MoveMenu = ({ folder, onMove }: { folder?: MailFolder; onMove: (folder: MovableFolder) => void }) => {
  const { t } = useTranslation();
  return (
    <MenuButton label={t('email.actions.moveTo')} icon={<FolderMoveIcon />}>
      {(close) =>
        moveTargets(folder).map((target) => (
          <MenuItem
            key={target}
            onClick={() => {
              close();
              onMove(target);
            }}
          >
            {t(`email.folders.${target}`)}
          </MenuItem>
        ))
      }
    </MenuButton>
  );
};

/** Labels: a check for each the mail has (several selected: none checked; a click adds, a second removes). */
export const LabelMenu = ({
  labels,
  onChange,
}: {
  labels: readonly MailLabel[];
  onChange: (label: MailLabel, add: boolean) => void;
}) => {
  const { t } = useTranslation();
  return (
    <MenuButton label={t('email.actions.labelAs')} icon={<LabelIcon />}>
      {(close) =>
        mailLabels.map((label) => {
          const has = labels.includes(label);
          return (
            <MenuItem
              key={label}
              role="menuitemcheckbox"
              aria-checked={has}
              onClick={() => {
                close();
                onChange(label, !has);
              }}
            >
              <ListItemIcon>{has ? <CheckIcon fontSize="small" /> : undefined}</ListItemIcon>
              <ListItemIcon>
                <LabelIcon fontSize="small" color={labelColors[label]} />
              </ListItemIcon>
              <ListItemText primary={t(`email.labels.${label}`)} />
            </MenuItem>
          );
        })
      }
    </MenuButton>
  );
};
