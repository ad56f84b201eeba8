import { startTransition, StrictMode } from 'react';
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
// resources load (only that language); the first render waits for the words. The words are asked
// for first: starting the navigation requests the page's code and its dependencies, and the first
// render needs the words as much as any of them.
const language = startLanguage();
watchColorScheme();
const router = createAppRouter();
void language.then(() => {
  const root = createRoot(container);
  // A transition, like every later navigation (the router's updates are transitions): React draws
  // the first page, shell and all, in slices between which the browser can handle input and
  // paint, instead of in one long task. On a phone that task was over half a second.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
});
