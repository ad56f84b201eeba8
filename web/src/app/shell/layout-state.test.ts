import { describe, expect, it } from 'vitest';
import { breakpointValues, isOverlayNavWidth, overlayNavMaxWidth } from '../../shared/theme/breakpoints';
import { defaultSettings, type Settings } from '../../shared/theme/settings';
import { shellLayout } from './layout-state';

const settings = (patch: Partial<Settings>): Settings => ({ ...defaultSettings, ...patch });

describe('breakpoints (docs/product.md#constants)', () => {
  it('are sm 600, md 960, lg 1280, xl 1920, xxl 2560', () => {
    expect(breakpointValues).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
  });

  it('make the navigation an overlay at 1279 px and below, not at 1280', () => {
    expect(overlayNavMaxWidth).toBe(1279);
    expect(isOverlayNavWidth(1279)).toBe(true);
    expect(isOverlayNavWidth(1279.5)).toBe(true);
    expect(isOverlayNavWidth(390)).toBe(true);
    expect(isOverlayNavWidth(1280)).toBe(false);
    expect(isOverlayNavWidth(1920)).toBe(false);
  });
});

describe('the layout shown (docs/product.md#behaviour)', () => {
  it('forces a vertical overlay when narrow, and gives the stored choice back when wide', () => {
    const chosen = settings({ appContentLayoutNav: 'horizontal' });
    expect(shellLayout(chosen, isOverlayNavWidth(1100))).toMatchObject({
      nav: 'vertical',
      overlay: true,
      collapsed: false,
    });
    expect(shellLayout(chosen, isOverlayNavWidth(1440))).toMatchObject({ nav: 'horizontal', overlay: false });
    expect(chosen.appContentLayoutNav).toBe('horizontal');
  });

  it('collapses only a docked vertical navigation', () => {
    expect(shellLayout(settings({ isVerticalNavCollapsed: true }), false).collapsed).toBe(true);
    expect(shellLayout(settings({ isVerticalNavCollapsed: true }), true).collapsed).toBe(false);
    expect(
      shellLayout(settings({ isVerticalNavCollapsed: true, appContentLayoutNav: 'horizontal' }), false).collapsed,
    ).toBe(false);
  });

  it('keeps the navbar in overlay mode, where it holds the menu button', () => {
    expect(shellLayout(settings({ navbarType: 'hidden' }), false).navbar).toBe('hidden');
    expect(shellLayout(settings({ navbarType: 'hidden' }), true).navbar).toBe('sticky');
  });

  it('is boxed by default (docs/product.md#behaviour) and semi-dark only for a vertical navigation', () => {
    expect(shellLayout(defaultSettings, false).boxed).toBe(true);
    expect(shellLayout(settings({ appContentWidth: 'fluid' }), false).boxed).toBe(false);
    expect(shellLayout(settings({ isVerticalNavSemiDark: true }), false).semiDark).toBe(true);
    expect(
      shellLayout(settings({ isVerticalNavSemiDark: true, appContentLayoutNav: 'horizontal' }), false).semiDark,
    ).toBe(false);
  });
});
