import type { FooterType, HorizontalNavType, LayoutNav, NavbarType, Settings } from '../../shared/theme/settings';

/**
 * The layout actually shown, from the settings and the window width (docs/product.md#behaviour): below 1280 px
 * (≤ 1279) the navigation is forced to a vertical overlay drawer whatever was chosen; the stored
 * choice is never overwritten, so it comes back as soon as the window is wide again.
 */
export interface ShellLayout {
  readonly nav: LayoutNav;
  /** The navigation is a drawer over the page, opened from the navbar. */
  readonly overlay: boolean;
  /** The vertical navigation shows icons only (it expands while hovered). */
  readonly collapsed: boolean;
  readonly semiDark: boolean;
  /** In overlay mode the navbar holds the only way to the navigation, so it is never hidden. */
  readonly navbar: NavbarType;
  readonly footer: FooterType;
  readonly horizontalNav: HorizontalNavType;
  readonly boxed: boolean;
}

export const shellLayout = (settings: Settings, overlay: boolean): ShellLayout => {
  const nav: LayoutNav = overlay ? 'vertical' : settings.appContentLayoutNav;
  return {
    nav,
    overlay,
    collapsed: !overlay && nav === 'vertical' && settings.isVerticalNavCollapsed,
    semiDark: nav === 'vertical' && settings.isVerticalNavSemiDark,
    navbar: overlay ? 'sticky' : settings.navbarType,
    footer: settings.footerType,
    horizontalNav: settings.horizontalNavType,
    boxed: settings.appContentWidth === 'boxed',
  };
};

/** Widths of the vertical navigation, in px. */
export const navWidth = { expanded: 260, collapsed: 76 } as const;
/** The boxed content's maximum width, in px. */
export const boxedWidth = 1440;

/** The navbar's height, where a sticky horizontal navigation sticks. */
export const navbarHeight = 64;

/** Element ids the navbar's toggles point at (aria-controls). */
export const mainNavigationId = 'main-navigation';
export const customizerId = 'theme-customizer';
