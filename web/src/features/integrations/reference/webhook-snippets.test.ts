import { describe, expect, it } from 'vitest';
import { signatureSnippets } from './webhook-snippets';

describe('the signature snippets', () => {
  it('cover Node, Python, Go and PHP, each with the Standard Webhooks library and its install line', () => {
    expect(signatureSnippets.map((snippet) => snippet.id)).toEqual(['node', 'python', 'go', 'php']);
    for (const snippet of signatureSnippets) {
      expect(snippet.install, snippet.id).toMatch(/standard-?webhooks/);
      expect(snippet.code, snippet.id).toMatch(/[Ww]ebhook\(|NewWebhook\(/);
      // Each verifies with the three headers Orbit signs, reading the secret from the environment.
      for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        if (snippet.id !== 'go') expect(snippet.code, `${snippet.id} ${header}`).toContain(header);
      }
      expect(snippet.code, snippet.id).toContain('ORBIT_WEBHOOK_SECRET');
    }
  });
});
