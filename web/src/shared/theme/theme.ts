import type { Localization } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import type { Direction } from '../i18n/languages';
import { breakpointValues } from './breakpoints';
import { neutrals, palettes, type ColorScheme } from './palette';
import type { Skin } from './settings';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface TypeBackground {
    /** A surface set into a paper (palette.ts `neutrals`), in every scheme. */
    sunken: string;
  }
}

export interface AppThemeOptions {
  readonly direction: Direction;
  readonly skin: Skin;
  /** The chosen primary colour per scheme; null keeps the default of docs/product.md#constants. */
  readonly primaries: Readonly<Record<ColorScheme, string | null>>;
  /** MUI's own strings in the interface language (mui-locale.ts); absent for English. */
  readonly locale?: Localization | undefined;
}

/**
 * MUI's light info (#0288D1) and warning (#ED6C02) are under 4.5:1 as text on white (outlined
 * chips, text buttons): darker shades of the same hues that keep it. The dark scheme's defaults
 * already read well on its dark surfaces.
 */
const statusColours = {
  light: { info: { main: '#0277BD' }, warning: { main: '#B45309' } },
  dark: {},
} as const;

const schemePalette = (scheme: ColorScheme, primary: string | null) => ({
  ...statusColours[scheme],
  primary: { main: primary ?? palettes[scheme].primary },
  secondary: { main: palettes[scheme].secondary },
  background: { default: neutrals[scheme].background, paper: neutrals[scheme].paper, sunken: neutrals[scheme].sunken },
  text: { primary: neutrals[scheme].text, secondary: neutrals[scheme].textSecondary },
  divider: neutrals[scheme].divider,
  // Text on coloured buttons and chips meets WCAG AA (4.5:1), not MUI's default 3:1.
  contrastThreshold: 4.5,
});

/**
 * The component library's theme: docs/product.md#constants primaries (or the user's choice), breakpoints sm
 * 600, md 960, lg 1280, xl 1920, xxl 2560, light and dark schemes as CSS variables switched by the
 * `light`/`dark` class on <html> (the pre-paint script sets it first), the skin, and the direction of the
 * interface language.
 */
export const createAppTheme = ({ direction, skin, primaries, locale }: AppThemeOptions): Theme => {
  const bordered = skin === 'bordered';
  return createTheme(
    {
      direction,
      cssVariables: { colorSchemeSelector: 'class' },
      colorSchemes: {
        light: { palette: schemePalette('light', primaries.light) },
        dark: { palette: schemePalette('dark', primaries.dark) },
      },
      breakpoints: { values: breakpointValues },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Arabic", sans-serif',
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiButtonBase: {
          styleOverrides: {
            // A visible keyboard focus on every control, beyond the ripple.
            root: ({ theme }) => ({
              '&.Mui-focusVisible': { outline: `2px solid ${theme.vars.palette.primary.main}`, outlineOffset: 2 },
            }),
          },
        },
        MuiPaper: {
          styleOverrides: {
            root: bordered
              ? ({ theme }) => ({
                  '&.MuiPaper-elevation': { boxShadow: 'none', border: `1px solid ${theme.vars.palette.divider}` },
                })
              : undefined,
          },
        },
        MuiAvatar: {
          styleOverrides: {
            // MUI's default (light grey, page-coloured initials) is under 4.5:1: white on grey 700.
            colorDefault: ({ theme }) => ({
              color: theme.vars.palette.common.white,
              backgroundColor: theme.vars.palette.grey[700],
            }),
          },
        },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
        MuiTooltip: { defaultProps: { arrow: true } },
      },
    },
    locale ?? {},
  );
};
