import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { mailLimits } from './contract';
import {
  addAttachmentRequest,
  createDraftRequest,
  discardDraftQuery,
  recipientsQuery,
  saveDraftRequest,
} from './requests';

const issuesOf = (schema: v.GenericSchema, input: unknown) =>
  (v.safeParse(schema, input).issues ?? []).map((issue) => issue.path?.map((item) => String(item.key)).join('.'));

describe('compose requests', () => {
  it('takes recipients as { address, name? }, trimmed and lower-cased', () => {
    const parsed = v.parse(createDraftRequest, {
      mode: 'new',
      to: [{ address: '  Grace@Orbit.Example ', name: ' Grace ' }],
    });
    expect(parsed).toMatchObject({
      mode: 'new',
      to: [{ address: 'grace@orbit.example', name: 'Grace' }],
      cc: [],
      bcc: [],
    });
    expect(issuesOf(createDraftRequest, { mode: 'new', to: ['grace@orbit.example'] })).toEqual(['to.0']);
    expect(issuesOf(createDraftRequest, { mode: 'new', cc: [{ address: 'nope' }] })).toEqual(['cc.0.address']);
    const many = Array.from({ length: mailLimits.maxRecipients + 1 }, (_, index) => ({
      address: `p${index}@x.example`,
    }));
    expect(issuesOf(createDraftRequest, { mode: 'new', bcc: many })).toEqual(['bcc']);
  });

  it('needs `of` for a reply or a forward, and a known mode', () => {
    expect(issuesOf(createDraftRequest, { mode: 'reply' })).toEqual(['of']);
    expect(issuesOf(createDraftRequest, { mode: 'forward', of: 'm1' })).toEqual([]);
    expect(issuesOf(createDraftRequest, { mode: 'sideways' })).toEqual(['mode']);
    expect(issuesOf(createDraftRequest, { subject: '', html: '' })).toEqual(['mode']);
  });

  it('saves the whole form from a version', () => {
    const form = { to: [], cc: [], bcc: [], subject: 'S', html: '<p>x</p>', version: 3 };
    expect(issuesOf(saveDraftRequest, form)).toEqual([]);
    expect(issuesOf(saveDraftRequest, { ...form, version: 0 })).toEqual(['version']);
    expect(issuesOf(saveDraftRequest, { ...form, html: 'x'.repeat(mailLimits.htmlMaxLength + 1) })).toEqual(['html']);
  });

  it('accepts attachments of the allowed types up to 10 MB', () => {
    const file = { name: 'a.pdf', type: 'application/pdf', size: mailLimits.attachmentMaxBytes };
    expect(issuesOf(addAttachmentRequest, file)).toEqual([]);
    expect(issuesOf(addAttachmentRequest, { ...file, size: mailLimits.attachmentMaxBytes + 1 })).toEqual(['size']);
    expect(issuesOf(addAttachmentRequest, { ...file, type: 'text/html' })).toEqual(['type']);
    expect(issuesOf(addAttachmentRequest, { ...file, name: ' ' })).toEqual(['name']);
  });

  it('reads the discard version and the suggestions query from the query string', () => {
    expect(v.parse(discardDraftQuery, { version: '4' })).toEqual({ version: 4 });
    expect(v.parse(discardDraftQuery, {})).toEqual({});
    expect(issuesOf(discardDraftQuery, { version: '0' })).toEqual(['version']);
    expect(v.parse(recipientsQuery, {})).toEqual({ q: '' });
  });
});
