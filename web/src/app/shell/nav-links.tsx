import Box from '@mui/material/Box';
import { useMatches, useLocation } from 'react-router';
import { useAppAbility } from '../../shared/session/use-session';
import { isRouteHandle, type RouteHandle } from '../routing/route-handle';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { isNavItemActive, navTree, visibleNavTree, type NavEntry, type NavItem } from '../layouts/nav-items';

/** The routes' handles for the current location, innermost last. */
export const useMatchedHandles = (): RouteHandle[] =>
  useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle);

/** The navigation this user may see (docs/product.md#roles), and which link is active (docs/product.md#routes). */
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
