import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

import { iconPaths, type IconName } from './icons';

/**
 * Icons drawn only inside what loads on its first opening (the user menu's items, the customizer
 * and shortcuts panels, the search dialog, the scroll-to-top button): their paths travel with
 * those chunks, not with the shell every page downloads. Material Icons paths (Apache-2.0).
 */
const overlayIconPaths = {
  check: 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z',
  reset:
    'M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z',
  edit: 'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75zM20.71 7.04c.39-.39.39-1.02 0-1.41l-2.34-2.34a.9959.9959 0 0 0-1.41 0l-1.83 1.83 3.75 3.75z',
  enter: 'M19 7v4H5.83l3.58-3.59L8 6l-6 6 6 6 1.41-1.41L5.83 13H21V7z',
  arrowUp: 'M4 12l1.41 1.41L11 7.83V20h2V7.83l5.58 5.59L20 12l-8-8-8 8z',
  logout: 'm17 7-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4z',
  person: 'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4m0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4',
  card: 'M20 4H4c-1.11 0-1.99.89-1.99 2L2 18c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V6c0-1.11-.89-2-2-2m0 14H4v-6h16zm0-10H4V6h16z',
} as const;

export type OverlayIconName = IconName | keyof typeof overlayIconPaths;

const pathOf = (name: OverlayIconName): string =>
  name in overlayIconPaths ? overlayIconPaths[name as keyof typeof overlayIconPaths] : iconPaths[name as IconName];

export const OverlayIcon = ({ name, ...props }: SvgIconProps & { name: OverlayIconName }) => (
  <SvgIcon {...props}>
    <path d={pathOf(name)} />
  </SvgIcon>
);
