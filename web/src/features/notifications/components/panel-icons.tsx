import { pathIcon } from '../../../shared/ui/icons';

/** The notification panel's icons (Material Design, Apache-2.0), loaded with the panel. */
export const DoneAllIcon = pathIcon(
  'M18 7l-1.41-1.41-6.34 6.34 1.41 1.41zm4.24-1.41L11.66 16.17 7.48 12l-1.41 1.41L11.66 19l12-12zM.41 13.41 6 19l1.41-1.41L1.83 12z',
  'DoneAllIcon',
);
export const CheckIcon = pathIcon('M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z', 'CheckIcon');
