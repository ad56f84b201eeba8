import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../shared/i18n/i18n';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// jsdom does not lay pages out; the router's scroll handling only needs these to exist.
window.scrollTo = () => undefined;
