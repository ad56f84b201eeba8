import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiReferencePanel } from './api-reference-panel';

/** jsdom lays nothing out and has no IntersectionObserver, which RapiDoc's navigation uses. */
class NoLayoutIntersectionObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

describe('the API reference panel', () => {
  beforeAll(() => {
    Object.assign(window, { IntersectionObserver: NoLayoutIntersectionObserver });
    Object.assign(globalThis, { IntersectionObserver: NoLayoutIntersectionObserver });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the generated document in RapiDoc, this API’s only, without fonts from a CDN', async () => {
    // RapiDoc fetches the document itself once shown: answer it as the API would (no paths here).
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        Response.json({ openapi: '3.1.0', info: { title: 'Orbit API', version: '1' }, paths: {} }),
      ),
    );
    render(<ApiReferencePanel />);
    screen.getByRole('heading', { name: 'API reference' });
    expect(screen.getByRole('link', { name: 'Download the OpenAPI document' }).getAttribute('href')).toBe(
      '/api/openapi.json',
    );
    const region = await screen.findByRole('region', { name: 'Routes and schemas' });
    // The viewer element is added by an effect, which may run after the region is found.
    const viewer = await waitFor(() => {
      const found = region.querySelector('rapi-doc');
      expect(found).not.toBeNull();
      return found;
    });
    await waitFor(() => expect(viewer?.getAttribute('theme')).toBe('light'));
    expect(customElements.get('rapi-doc')).toBeDefined();
    expect(viewer?.getAttribute('spec-url')).toBe('/api/openapi.json');
    expect(viewer?.getAttribute('load-fonts')).toBe('false');
    expect(viewer?.getAttribute('allow-spec-url-load')).toBe('false');
    expect(viewer?.getAttribute('update-route')).toBe('false');
    expect(viewer?.getAttribute('page-direction')).toBe('ltr');
    screen.getByRole('heading', { name: 'Verify webhook signatures' });
  });
});
