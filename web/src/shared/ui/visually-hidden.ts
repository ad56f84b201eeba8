/**
 * Styles for text read by screen readers and not shown. Every size is spelled out in pixels: in
 * MUI's `sx` a bare `width: 1` means 100%, which once made a hidden heading as wide as the page
 * and the page wider than the window.
 */
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
