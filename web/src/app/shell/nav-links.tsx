import Box from '@mui/material/Box';
import { useMatches, useLocation } from 'react-router';
import { useAppAbility } from '../../shared/session/use-session';
import { isRouteHandle, type RouteHandle } from '../routing/route-handle';
import { isNavItemActive, navTree, visibleNavTree, type NavEntry, type NavItem } from '../layouts/nav-items';

/** Read by screen readers, not shown. (In `sx`, `width: 1` would mean 100%: pixels are spelled out.) */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The routes' handles for the current location, innermost last. */
export const useMatchedHandles = (): RouteHandle[] =>
  useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle);

/** The navigation this user may see (spec §6), and which link is active (spec §2). */
export const useNavigationModel = (): {
  readonly entries: readonly NavEntry[];
  readonly isActive: (item: NavItem) => boolean;
} => {
  // CASL updates the ability in place and re-renders its users: the tree is recomputed (cheaply)
  // on every render rather than memoised on an object whose identity never changes.
  const ability = useAppAbility();
  const handles = useMatchedHandles();
  const { search } = useLocation();
  return {
    entries: visibleNavTree(navTree, ability),
    isActive: (item) => isNavItemActive(item, handles, search),
  };
};

/** Read out after an external link's name. */
export const NewTabHint = ({ text }: { text: string }) => (
  <Box component="span" sx={visuallyHidden}>
    ({text})
  </Box>
);
