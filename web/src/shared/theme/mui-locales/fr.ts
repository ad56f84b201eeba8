// One language's MUI strings per module, so a French session downloads French only (the package
// offers its locales through one index; the bundler keeps just the export used here).
export { frFR as muiLocale } from '@mui/material/locale';
