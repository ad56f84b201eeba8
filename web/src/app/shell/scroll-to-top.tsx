import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

/** Spec §1, §9: the button appears once the page is scrolled more than 200 px. */
export const scrollToTopThreshold = 200;

export const isPastScrollThreshold = (scrollY: number): boolean => scrollY > scrollToTopThreshold;

/** Scrolls smoothly back to the top. */
export const ScrollToTop = () => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(() => isPastScrollThreshold(window.scrollY));
  useEffect(() => {
    const onScroll = () => setVisible(isPastScrollThreshold(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <Zoom in={visible} unmountOnExit>
      <Fab
        color="primary"
        size="small"
        aria-label={t('shell.scrollToTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
        sx={{ position: 'fixed', bottom: 24, insetInlineEnd: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <Icon name="arrowUp" />
      </Fab>
    </Zoom>
  );
};
