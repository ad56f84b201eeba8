import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './shared/i18n/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The stored language (and, for Arabic, the right-to-left styles) loads before the first paint.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
