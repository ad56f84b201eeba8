// See fr.ts. Egyptian Arabic is MUI's pack with the app's Arabic wording and digits.
export { arEG as muiLocale } from '@mui/material/locale';
