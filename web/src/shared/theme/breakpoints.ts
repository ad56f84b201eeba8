/** docs/product.md#constants: sm 600, md 960, lg 1280, xl 1920, xxl 2560. */
export const breakpointValues = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;

/** docs/product.md#behaviour, #constants: at or below 1279 px the navigation is a vertical overlay drawer. */
export const overlayNavMaxWidth = breakpointValues.lg - 1;

export const isOverlayNavWidth = (width: number): boolean => width < breakpointValues.lg;

/** The same as a media query (fractional widths between 1279 and 1280 count as narrow). */
export const overlayNavQuery = `(max-width: ${breakpointValues.lg - 0.02}px)`;
