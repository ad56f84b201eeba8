import { repaintTheme } from './pre-paint';
import { rememberColorScheme, subscribeToSettings } from './settings';

let watching = false;

/**
 * Keeps <html> in step after the first paint: when a setting changes, or the operating system's scheme
 * changes while the theme is `system` (docs/product.md#behaviour, live), the pre-paint logic runs again and
 * the `color-scheme` cookie follows. The signed-out pages rely on this alone; in the shell the component
 * library's theme follows the same settings.
 */
export const watchColorScheme = (): void => {
  if (watching) return;
  watching = true;
  const update = () => {
    repaintTheme();
    rememberColorScheme();
  };
  subscribeToSettings(update);
  if (typeof window.matchMedia === 'function') {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', update);
  }
  rememberColorScheme();
};
