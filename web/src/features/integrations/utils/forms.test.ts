import { describe, expect, it } from 'vitest';
import { saveHelpLinksSchema } from '@orbit/functions/integrations/links-contract';
import { createWebhookSchema } from '@orbit/functions/integrations/webhook-contract';
import { invalidFields, isoFromLocalInput, localInputValue } from './forms';

describe('a form checked by its contract', () => {
  it('names the fields the schema refuses', () => {
    expect(invalidFields(saveHelpLinksSchema, { wiki: 'ftp://files', telegram: null, version: 0 })).toEqual(
      new Set(['wiki']),
    );
    expect(invalidFields(saveHelpLinksSchema, { wiki: null, telegram: 'https://t.me/orbit', version: 3 })).toEqual(
      new Set(),
    );
    expect(invalidFields(createWebhookSchema, { url: 'not a url', events: [] })).toEqual(new Set(['url', 'events']));
  });

  it('turns a date-time input into an ISO moment and back', () => {
    const moment = new Date(2026, 10, 25, 3, 7);
    expect(localInputValue(moment)).toBe('2026-11-25T03:07');
    expect(isoFromLocalInput('2026-11-25T03:07')).toBe(moment.toISOString());
    expect(isoFromLocalInput('')).toBeUndefined();
    expect(isoFromLocalInput('yesterday')).toBeUndefined();
  });
});
