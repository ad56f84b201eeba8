import Box from '@mui/material/Box';
import { useColorScheme, useTheme, type Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

/** Where the generated description is served (docs/integrations.md, "Public API"). */
export const openApiDocumentUrl = '/api/openapi.json';

/**
 * RapiDoc's settings for this page: the document of this API only (no other URL or file can be
 * loaded), no header of its own, no change to the page's URL, and no fonts from a CDN (the CSP
 * allows none: it uses the app's). "Try it" is on: an admin pastes a key and calls the API.
 */
const fixedAttributes: Readonly<Record<string, string>> = {
  'spec-url': openApiDocumentUrl,
  'render-style': 'focused',
  'show-header': 'false',
  'update-route': 'false',
  'allow-spec-url-load': 'false',
  'allow-spec-file-load': 'false',
  'allow-server-selection': 'false',
  'allow-authentication': 'true',
  'allow-try': 'true',
  'load-fonts': 'false',
  'schema-style': 'table',
  'show-method-in-nav-bar': 'as-colored-block',
};

type SchemePalettes = Partial<Record<'light' | 'dark', { readonly palette: Theme['palette'] }>>;

/**
 * The <rapi-doc> element (defined once `rapidoc` is imported), in the app's colours and
 * direction: RapiDoc computes shades from real colours, so the current scheme's values are passed
 * rather than the theme's CSS variables.
 */
export const OpenApiViewer = ({ label }: { label: string }) => {
  const container = useRef<HTMLDivElement>(null);
  const element = useRef<HTMLElement | null>(null);
  // The theme's top-level palette stays the default scheme's (cssVariables): take the current one's.
  const theme = useTheme();
  const { mode, systemMode } = useColorScheme();
  const scheme = (mode === 'system' ? systemMode : mode) === 'dark' ? 'dark' : 'light';
  const palette = (theme as { colorSchemes?: SchemePalettes }).colorSchemes?.[scheme]?.palette ?? theme.palette;

  useEffect(() => {
    const viewer = document.createElement('rapi-doc');
    for (const [name, value] of Object.entries(fixedAttributes)) viewer.setAttribute(name, value);
    viewer.style.height = '100%';
    viewer.style.width = '100%';
    container.current?.append(viewer);
    element.current = viewer;
    return () => {
      viewer.remove();
      element.current = null;
    };
  }, []);

  useEffect(() => {
    const viewer = element.current;
    if (!viewer) return;
    const themed: Record<string, string> = {
      theme: scheme,
      'bg-color': palette.background.paper,
      'text-color': palette.text.primary,
      'primary-color': palette.primary.main,
      'nav-bg-color': palette.background.default,
      'nav-text-color': palette.text.primary,
      'nav-accent-color': palette.primary.main,
      'regular-font': String(theme.typography.fontFamily ?? 'sans-serif'),
      'mono-font': 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      'page-direction': theme.direction,
    };
    for (const [name, value] of Object.entries(themed)) viewer.setAttribute(name, value);
  }, [scheme, palette, theme.typography.fontFamily, theme.direction]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      sx={{
        height: { xs: '75vh', md: '70vh' },
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    />
  );
};
