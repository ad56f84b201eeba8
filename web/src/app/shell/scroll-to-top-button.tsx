import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useTranslation } from 'react-i18next';
import { OverlayIcon } from './overlay-icons';

/** The scroll-to-top button itself (scroll-to-top.tsx decides when it shows). */
export const ScrollToTopButton = ({ visible }: { visible: boolean }) => {
  const { t } = useTranslation();
  return (
    <Zoom in={visible} appear unmountOnExit>
      <Fab
        color="primary"
        size="small"
        aria-label={t('shell.scrollToTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 24, insetInlineEnd: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <OverlayIcon name="arrowUp" />
      </Fab>
    </Zoom>
  );
};
