import { createTheme, type Theme } from '@mui/material/styles';
import type { Direction } from '../i18n/languages';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/**
 * Spec §9: light primaries are a blue and an orange-red, dark ones a teal and a blue; breakpoints
 * sm 600, md 960, lg 1280, xl 1920, xxl 2560. Light or dark follows the operating system for now
 * (spec §4 default theme "system"); the shell issue adds the switcher on top of MUI's colour modes.
 */
export const palettes = {
  light: { primary: '#1565C0', secondary: '#D84315' },
  dark: { primary: '#4DB6AC', secondary: '#64B5F6' },
} as const;

export const createAppTheme = (direction: Direction): Theme =>
  createTheme({
    direction,
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: palettes.light.primary },
          secondary: { main: palettes.light.secondary },
          background: { default: '#F5F6FA' },
        },
      },
      dark: {
        palette: {
          primary: { main: palettes.dark.primary },
          secondary: { main: palettes.dark.secondary },
          background: { default: '#121418', paper: '#1B1E24' },
        },
      },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Arabic", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
  });
