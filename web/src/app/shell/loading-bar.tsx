import { useEffect, useRef, useState } from 'react';
import { useText } from '../../shared/i18n/translate';
import { createLoadingBar, idleLoadingBar, type LoadingBar as Controller } from './loading-bar-state';
import styles from './loading-bar.module.css';

/**
 * The top loading bar (docs/product.md#behaviour, #constants), drawn with plain elements so it ships in the
 * entry chunk at no cost. `loading` comes from the router's navigation state; the timing is loading-bar.ts's.
 */
export const LoadingBar = ({ loading }: { loading: boolean }) => {
  const { t } = useText();
  const [state, setState] = useState(idleLoadingBar);
  const controller = useRef<Controller | null>(null);

  useEffect(() => {
    const bar = createLoadingBar(setState);
    controller.current = bar;
    return () => bar.dispose();
  }, []);

  useEffect(() => {
    if (loading) controller.current?.start();
    else controller.current?.finish();
  }, [loading]);

  if (!state.visible) return null;
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={t('app.loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.value)}
    >
      <div className={styles.buffer} style={{ transform: `scaleX(${state.buffer / 100})` }} />
      <div className={styles.value} style={{ transform: `scaleX(${state.value / 100})` }} />
    </div>
  );
};
