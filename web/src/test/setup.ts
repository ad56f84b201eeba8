import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../shared/i18n/i18n';
import { loadTranslationParts } from '../shared/i18n/language-store';
import { translationParts } from '../shared/i18n/translation-parts';

// findBy*/waitFor give up after 1 s by default: on a busy 2-core CI machine a lazy chunk or a
// re-render can take longer, and a test should fail on behaviour, not on the machine's load.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  await initI18n();
  // Component tests render pages without the routes that would download their translation parts.
  await loadTranslationParts(translationParts);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does not lay pages out; the router's scroll handling only needs these to exist.
window.scrollTo = () => undefined;
