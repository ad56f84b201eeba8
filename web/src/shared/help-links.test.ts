import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadHelpLink } from './help-links';

const answer = (response: Response | Error) =>
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      expect(String(input)).toBe('/api/integrations/links');
      if (response instanceof Error) throw response;
      return response;
    }),
  );

describe('loadHelpLink', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the address an admin saved', async () => {
    answer(Response.json({ links: { wiki: 'https://wiki.example.org/start', telegram: null, version: 2 } }));
    expect(await loadHelpLink('wiki')).toBe('https://wiki.example.org/start');
    expect(await loadHelpLink('telegram')).toBeNull();
  });

  it('treats anything but an http(s) address, an error answer or no answer as not set', async () => {
    answer(Response.json({ links: { wiki: 'javascript:alert(1)', telegram: 'https://t.me/x', version: 1 } }));
    expect(await loadHelpLink('wiki')).toBeNull();
    answer(new Response('{}', { status: 500 }));
    expect(await loadHelpLink('telegram')).toBeNull();
    answer(new TypeError('offline'));
    expect(await loadHelpLink('telegram')).toBeNull();
  });
});
