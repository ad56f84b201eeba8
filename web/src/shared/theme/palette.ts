/**
 * Colours, in one place for the component library's theme (theme.ts), the inline script that
 * paints the page before the app loads (pre-paint.ts) and the signed-out pages' stylesheet
 * (base.css keeps the neutral ones; palette.test.ts checks they agree).
 *
 * docs/product.md#constants: the light theme's primaries are a blue and an orange-red, the dark theme's a
 * teal and a blue. The first of each pair is the default primary colour, the second the secondary colour;
 * both are offered first in the customizer's picker, with a few more that keep text readable.
 */
export type ColorScheme = 'light' | 'dark';

export const palettes = {
  light: { primary: '#1565C0', secondary: '#D84315' },
  dark: { primary: '#4DB6AC', secondary: '#64B5F6' },
} as const;

/**
 * `sunken` is a surface set into a paper (a board's columns, a well): a shade below the paper in
 * each scheme, so text on it keeps the scheme's own contrast. Pages pick it by name
 * (`background.sunken`) instead of testing the mode: with CSS variables `theme.palette.mode` is the
 * default scheme's in every scheme, which is how a light grey once ended up under dark-theme text.
 */
export const neutrals = {
  light: {
    background: '#F5F6FA',
    paper: '#FFFFFF',
    sunken: '#FAFAFA',
    text: '#1F2430',
    textSecondary: '#5B6170',
    divider: '#DCDFE6',
  },
  dark: {
    background: '#121418',
    paper: '#1B1E24',
    sunken: '#121418',
    text: '#E8EAF0',
    textSecondary: '#A9AFBC',
    divider: '#353A45',
  },
} as const;

export interface PrimaryPreset {
  /** A translation key under customizer.colors. */
  readonly name: 'blue' | 'orangeRed' | 'teal' | 'purple' | 'green' | 'amber' | 'pink';
  readonly value: string;
}

/**
 * Picker presets per scheme: the pair of docs/product.md#constants first; every light one has ≥ 4.5:1
 * contrast with white.
 */
export const primaryPresets: Record<ColorScheme, readonly PrimaryPreset[]> = {
  light: [
    { name: 'blue', value: palettes.light.primary },
    { name: 'orangeRed', value: '#BF360C' },
    { name: 'teal', value: '#00695C' },
    { name: 'purple', value: '#6A1B9A' },
    { name: 'green', value: '#2E7D32' },
  ],
  dark: [
    { name: 'teal', value: palettes.dark.primary },
    { name: 'blue', value: palettes.dark.secondary },
    { name: 'amber', value: '#FFB74D' },
    { name: 'pink', value: '#F48FB1' },
    { name: 'green', value: '#81C784' },
  ],
};

export const isHexColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);
