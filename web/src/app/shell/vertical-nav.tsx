import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { styled, useTheme, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { updateSettings } from '../../shared/theme/settings';
import { DeferredDrawer } from '../../shared/ui/deferred';
import type { NavEntry, NavGroupKey, NavItem } from '../layouts/nav-items';
import { Brand } from './brand';
import { Icon, NavIcon } from './icons';
import { mainNavigationId, navWidth, type ShellLayout } from './layout-state';
import { useNavigationModel } from './nav-links';
import { visuallyHidden } from '../../shared/ui/visually-hidden';

/*
 * The navigation's list is drawn with a few styled elements rather than MUI's List, ListItemButton,
 * ListItemIcon, ListItemText and Collapse (on every signed-in page): the same boxes,
 * spacing and states, on ButtonBase for the ripple and the keyboard focus ring.
 */

/** A list without bullets or spacing of its own (MUI's List). */
const NavListRoot = styled('ul')({ listStyle: 'none', margin: 0, padding: 0, position: 'relative' });

/** Each item's height, bottom margin included: the rows a group's animation opens. */
const itemPitch = 46;

/**
 * A link or group button (MUI's ListItemButton as the navigation styles it): the active page in
 * the primary gradient, a group that holds it tinted, hover and keyboard focus as in MUI.
 */
const NavItemButton = styled(ButtonBase)(({ theme }) => {
  const vars = theme.vars ?? theme;
  return {
    display: 'flex',
    flexGrow: 1,
    justifyContent: 'flex-start',
    alignItems: 'center',
    position: 'relative',
    minWidth: 0,
    // A <button> is only as wide as its content unless told.
    width: '100%',
    minHeight: 42,
    boxSizing: 'border-box',
    textAlign: 'start',
    textDecoration: 'none',
    gap: theme.spacing(1.5),
    padding: theme.spacing(1, 1.5),
    marginBottom: theme.spacing(0.5),
    borderRadius: Number(theme.shape.borderRadius) * 1.5,
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&[data-holds-active]': { backgroundColor: vars.palette.action.selected },
    '&:hover': {
      backgroundColor: vars.palette.action.hover,
      '@media (hover: none)': { backgroundColor: 'transparent' },
    },
    '&.Mui-focusVisible': { backgroundColor: vars.palette.action.focus },
    '&[aria-current="page"], &[aria-current="page"]:hover': {
      // The theme's colours are CSS variables (cssVariables in theme.ts), usable in any expression.
      background:
        'linear-gradient(270deg, rgba(var(--mui-palette-primary-mainChannel) / 0.78), var(--mui-palette-primary-main))',
      color: vars.palette.primary.contrastText,
      boxShadow: '0 2px 6px rgba(var(--mui-palette-primary-mainChannel) / 0.4)',
    },
  };
}) as typeof ButtonBase;

/** An item's icon, in the item's colour (MUI's ListItemIcon as the navigation styles it). */
const NavItemIcon = styled('span')({ display: 'inline-flex', flexShrink: 0, color: 'inherit' });

/** An item's label, on one line; hidden (but still the item's name) in the collapsed navigation. */
const NavItemText = styled('span')(({ theme }) => ({
  ...theme.typography.body1,
  display: 'block',
  flex: '1 1 auto',
  minWidth: 0,
  whiteSpace: 'nowrap',
}));

/**
 * A group's items, opened and closed by animating the grid row between 0fr and 1fr (what MUI's
 * Collapse does with measured heights, as long as it takes for that height). Closed, they are inert
 * at once and invisible once the animation ends: out of the tab order and the accessibility tree.
 * Opened, they are visible at once (no transition on visibility that way), so the next Tab reaches
 * them.
 */
const GroupItems = styled('div')({
  display: 'grid',
  gridTemplateRows: '1fr',
  transitionProperty: 'grid-template-rows',
  '&[inert]': { gridTemplateRows: '0fr', visibility: 'hidden', transitionProperty: 'grid-template-rows, visibility' },
  '@media (prefers-reduced-motion: reduce)': { '&, &[inert]': { transitionProperty: 'none' } },
  // The clipping box reaches 4 px beyond the items so their focus ring (2 px, 2 px away) shows.
  '& > ul': { minHeight: 0, overflow: 'hidden', margin: -4, padding: 4 },
});

interface NavListProps {
  readonly mini: boolean;
  readonly onNavigate?: () => void;
}

const LinkItem = ({
  item,
  mini,
  active,
  onNavigate,
  nested,
}: NavListProps & { item: NavItem; active: boolean; nested?: boolean }) => {
  const { t } = useTranslation();
  const label = t(`nav.items.${item.name}`);
  const icon = (
    <NavItemIcon>
      {nested ? (
        <Box component="span" aria-hidden sx={{ width: 24, display: 'grid', placeItems: 'center' }}>
          <Box
            component="span"
            sx={{ width: 8, height: 8, borderRadius: '50%', border: 2, borderColor: 'currentColor' }}
          />
        </Box>
      ) : (
        <NavIcon name={item.name} />
      )}
    </NavItemIcon>
  );
  const text = <NavItemText sx={{ opacity: mini ? 0 : 1 }}>{label}</NavItemText>;
  return (
    <li>
      <NavItemButton
        component={RouterLink}
        to={item.href}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
      >
        {icon}
        {text}
      </NavItemButton>
    </li>
  );
};

const GroupItem = ({
  group,
  items,
  mini,
  open,
  onToggle,
  isActive,
  onNavigate,
}: NavListProps & {
  group: NavGroupKey;
  items: readonly NavItem[];
  open: boolean;
  onToggle: () => void;
  isActive: (item: NavItem) => boolean;
}) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const listId = useId();
  const containsActive = items.some(isActive);
  const expanded = open && !mini;
  return (
    <li>
      <NavItemButton
        aria-expanded={expanded}
        aria-controls={listId}
        data-holds-active={containsActive || undefined}
        onClick={onToggle}
      >
        <NavItemIcon>
          <Icon name={group} />
        </NavItemIcon>
        <NavItemText sx={{ opacity: mini ? 0 : 1 }}>{t(`shell.nav.groups.${group}`)}</NavItemText>
        {mini ? null : (
          <Icon
            name="chevron"
            fontSize="small"
            sx={{
              transition: 'transform 150ms',
              transform: expanded ? 'rotate(90deg)' : 'none',
              '[dir="rtl"] &': { transform: expanded ? 'rotate(90deg)' : 'scaleX(-1)' },
            }}
          />
        )}
      </NavItemButton>
      <GroupItems
        inert={!expanded}
        style={{
          transitionDuration: `${theme.transitions.getAutoHeightDuration(items.length * itemPitch)}ms`,
          transitionTimingFunction: theme.transitions.easing.easeInOut,
        }}
      >
        <NavListRoot id={listId}>
          {items.map((item) => (
            <LinkItem key={item.name} item={item} mini={mini} nested active={isActive(item)} onNavigate={onNavigate} />
          ))}
        </NavListRoot>
      </GroupItems>
    </li>
  );
};

/** The list of headings, links and groups; `mini` shows icons only (the collapsed navigation). */
export const NavList = ({ mini, onNavigate }: NavListProps) => {
  const { t } = useTranslation();
  const { entries, isActive } = useNavigationModel();
  const activeGroup = entries.find((entry) => entry.kind === 'group' && entry.items.some(isActive));
  const activeGroupKey = activeGroup?.kind === 'group' ? activeGroup.key : undefined;
  // A group is open when the user opened it, or when it holds the active page and the user has
  // not closed it.
  const [toggled, setToggled] = useState<ReadonlyMap<NavGroupKey, boolean>>(new Map());
  const isOpen = (key: NavGroupKey) => toggled.get(key) ?? key === activeGroupKey;

  return (
    <NavListRoot sx={{ px: 1.5, py: 1 }}>
      {entries.map((entry: NavEntry, index) => {
        if (entry.kind === 'heading') {
          return (
            <Typography
              key={`heading-${entry.key}`}
              component="li"
              variant="overline"
              color="text.secondary"
              sx={{
                display: 'block',
                px: 1.5,
                pt: index === 0 ? 0.5 : 2,
                pb: 0.5,
                lineHeight: 1.6,
                whiteSpace: 'nowrap',
              }}
            >
              {mini ? (
                <Box
                  component="span"
                  aria-hidden
                  sx={{ display: 'block', width: 18, borderTop: 1, mt: 1.25, ml: 0.75 }}
                />
              ) : null}
              <Box component="span" sx={mini ? visuallyHidden : undefined}>
                {t(`shell.nav.headings.${entry.key}`)}
              </Box>
            </Typography>
          );
        }
        if (entry.kind === 'link') {
          return (
            <LinkItem
              key={entry.item.name}
              item={entry.item}
              mini={mini}
              active={isActive(entry.item)}
              onNavigate={onNavigate}
            />
          );
        }
        const open = isOpen(entry.key);
        return (
          <GroupItem
            key={entry.key}
            group={entry.key}
            items={entry.items}
            mini={mini}
            open={open}
            isActive={isActive}
            onNavigate={onNavigate}
            onToggle={() => setToggled((current) => new Map(current).set(entry.key, !open))}
          />
        );
      })}
    </NavListRoot>
  );
};

/**
 * The vertical navigation (docs/product.md#shell, #behaviour): docked beside the page, collapsible to icons
 * (it expands while hovered or focused), optionally semi-dark (a dark surface in the light theme); or, below
 * 1280 px, a drawer over the page opened from the navbar.
 */
export const VerticalNav = ({ layout, open, onClose }: { layout: ShellLayout; open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [peeking, setPeeking] = useState(false);
  const mini = layout.collapsed && !peeking;
  const width = mini ? navWidth.collapsed : navWidth.expanded;
  const surface = layout.semiDark ? 'dark' : undefined;

  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2.25, minHeight: 64, overflow: 'hidden' }}>
      <Brand compact={mini} />
      <Box sx={{ flex: 1 }} />
      {layout.overlay ? (
        <IconButton aria-label={t('nav.close')} onClick={onClose} size="small">
          <Icon name="close" />
        </IconButton>
      ) : mini ? null : (
        <IconButton
          size="small"
          aria-label={t('shell.nav.collapse')}
          aria-pressed={layout.collapsed}
          onClick={() => {
            updateSettings({ isVerticalNavCollapsed: !layout.collapsed });
            setPeeking(false);
          }}
        >
          <Icon name={layout.collapsed ? 'unpinned' : 'pinned'} fontSize="small" />
        </IconButton>
      )}
    </Box>
  );

  // The landmark holds the header too, so the brand is inside a landmark.
  const navigation = (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      {header}
      <Box sx={{ overflowY: 'auto', overflowX: 'hidden', flex: 1 }}>
        <NavList mini={mini} onNavigate={layout.overlay ? onClose : undefined} />
      </Box>
    </Box>
  );

  if (layout.overlay) {
    return (
      <DeferredDrawer
        id={mainNavigationId}
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        slotProps={{
          // The drawer is a modal dialog: it needs a name of its own.
          paper: {
            className: surface,
            'aria-label': t('nav.label'),
            sx: { width: navWidth.expanded, display: 'flex', flexDirection: 'column' },
          },
        }}
      >
        {navigation}
      </DeferredDrawer>
    );
  }

  // Docked, the navigation is a fixed panel beside the content: the same markup as MUI's
  // permanent Drawer, without the module, which brings Modal for its temporary variant.
  return (
    <Box
      id={mainNavigationId}
      sx={{
        width: layout.collapsed ? navWidth.collapsed : navWidth.expanded,
        flexShrink: 0,
        transition: 'width 200ms',
      }}
    >
      <Paper
        square
        elevation={0}
        className={surface}
        onMouseEnter={() => setPeeking(true)}
        onMouseLeave={() => setPeeking(false)}
        onFocus={() => setPeeking(true)}
        onBlur={(event: FocusEvent<HTMLElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPeeking(false);
        }}
        sx={{
          position: 'fixed',
          top: 0,
          insetInlineStart: 0,
          height: '100%',
          outline: 0,
          overflowY: 'auto',
          width,
          display: 'flex',
          flexDirection: 'column',
          transition: 'width 200ms, box-shadow 200ms',
          overflowX: 'hidden',
          zIndex: (theme: Theme) => theme.zIndex.appBar + 1,
          boxShadow: layout.collapsed && peeking ? 8 : 'none',
          borderInlineEnd: 1,
          borderColor: 'divider',
        }}
      >
        {navigation}
      </Paper>
    </Box>
  );
};
