import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { NavGroupKey, NavItem } from '../layouts/nav-items';
import { Icon, NavIcon } from './icons';
import { boxedWidth, mainNavigationId, navbarHeight, type ShellLayout } from './layout-state';
import { useNavigationModel } from './nav-links';
import { ShellMenu } from './shell-menu';

const topItemSx = (active: boolean): SxProps<Theme> => ({
  gap: 1,
  px: 1.75,
  py: 1,
  borderRadius: 1.5,
  fontWeight: 500,
  whiteSpace: 'nowrap',
  color: active ? 'primary.contrastText' : 'text.primary',
  bgcolor: active ? 'primary.main' : 'transparent',
  boxShadow: active ? 2 : 'none',
  '&:hover': { bgcolor: active ? 'primary.main' : 'action.hover' },
});

const TopLink = ({ item, active }: { item: NavItem; active: boolean }) => {
  const { t } = useTranslation();
  return (
    <li>
      <ButtonBase
        component={RouterLink}
        to={item.href}
        aria-current={active ? 'page' : undefined}
        sx={topItemSx(active)}
      >
        <NavIcon name={item.name} fontSize="small" />
        {t(`nav.items.${item.name}`)}
      </ButtonBase>
    </li>
  );
};

const TopGroup = ({
  group,
  items,
  isActive,
}: {
  group: NavGroupKey;
  items: readonly NavItem[];
  isActive: (item: NavItem) => boolean;
}) => {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = items.some(isActive);
  return (
    <li>
      <ButtonBase
        aria-haspopup="menu"
        aria-expanded={anchor ? true : false}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={topItemSx(active)}
      >
        <Icon name={group} fontSize="small" />
        {t(`shell.nav.groups.${group}`)}
        <Icon
          name="expand"
          fontSize="small"
          sx={{ transition: 'transform 150ms', transform: anchor ? 'rotate(180deg)' : 'none' }}
        />
      </ButtonBase>
      <ShellMenu id={menuId} align="start" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {items.map((item) => {
          const selected = isActive(item);
          return (
            <MenuItem
              key={item.name}
              component={RouterLink}
              to={item.href}
              aria-current={selected ? 'page' : undefined}
              selected={selected}
              onClick={() => setAnchor(null)}
            >
              <ListItemIcon>
                <NavIcon name={item.name} fontSize="small" />
              </ListItemIcon>
              {t(`nav.items.${item.name}`)}
            </MenuItem>
          );
        })}
      </ShellMenu>
    </li>
  );
};

/**
 * The horizontal navigation (docs/product.md#behaviour, #constants): under the navbar, sticky (or static),
 * groups open as menus with the slide-y-reverse transition, 6 px below their button. Headings have no place
 * in a bar and are left out.
 */
export const HorizontalNav = ({ layout }: { layout: ShellLayout }) => {
  const { t } = useTranslation();
  const { entries, isActive } = useNavigationModel();
  return (
    <Box
      component="nav"
      id={mainNavigationId}
      aria-label={t('nav.label')}
      sx={{
        position: layout.horizontalNav === 'sticky' ? 'sticky' : 'static',
        top: navbarHeight,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        component="ul"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 0.5,
          listStyle: 'none',
          m: 0,
          mx: 'auto',
          px: 3,
          py: 1,
          maxWidth: layout.boxed ? boxedWidth : 'none',
        }}
      >
        {entries.map((entry) =>
          entry.kind === 'heading' ? null : entry.kind === 'link' ? (
            <TopLink key={entry.item.name} item={entry.item} active={isActive(entry.item)} />
          ) : (
            <TopGroup key={entry.key} group={entry.key} items={entry.items} isActive={isActive} />
          ),
        )}
      </Box>
    </Box>
  );
};
