import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/routing/router';
import { startLanguage } from './shared/i18n/language-store';
import { watchColorScheme } from './shared/theme/color-scheme';
import './shared/theme/base.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// index.html's inline script already set the theme, <html lang> and <html dir> before the first
// paint. The router starts its first navigation (guard, page code) while the active language's
// resources load (only that language); the first render waits for the words.
watchColorScheme();
const router = createAppRouter();
void startLanguage().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
