import { createLead } from '@orbit/functions/chat/contacts-repository';
import { ulid } from '@orbit/functions/core/ids';

import { expectation, type RouteExpectation, type SignedInRouteKey, type Statuses } from '../matrix';

/**
 * Who may use audiences and tags (docs/mailings.md, "Who may do what"): the preview is `read
 * Mailing` (administrator, support, users); people and tags are `read Contact` (those and the
 * manager); tagging is `update Contact` (administrator, manager, support). Clients and the
 * restricted user have none of these.
 */
const grantedTo =
  (granted: readonly ('admin' | 'manager' | 'support' | 'users')[]) =>
  (status: number): Statuses => ({
    clientA: 403,
    clientB: 403,
    admin: granted.includes('admin') ? status : 403,
    manager: granted.includes('manager') ? status : 403,
    support: granted.includes('support') ? status : 403,
    users: granted.includes('users') ? status : 403,
    restrictedUser: 403,
  });
const readMailing = grantedTo(['admin', 'support', 'users']);
const readContact = grantedTo(['admin', 'manager', 'support', 'users']);
const updateContact = grantedTo(['admin', 'manager', 'support']);

/** A new lead for each tagging call (written straight to the table: the stack runs in this process). */
const newLead = async () =>
  createLead({
    id: ulid(),
    fullName: 'Matrix Tag Lead',
    about: '',
    status: 'contact_received',
    source: 'website',
    email: 'matrix-tag-lead@example.com',
    createdAt: new Date().toISOString(),
  });

export const mailingsAudienceRouteExpectations = {
  'POST /api/apps/mailings/audience/preview': expectation({
    request: () => ({ body: { channel: 'email', audience: { tags: ['matrix-none'] } } }),
    expect: readMailing(200),
  }),
  'GET /api/apps/mailings/channels': expectation({ expect: readMailing(200) }),
  'GET /api/apps/mailings/contacts': expectation({
    request: () => ({ query: { limit: '5' } }),
    expect: readContact(200),
  }),
  'GET /api/apps/mailings/tags': expectation({ expect: readContact(200) }),
  'PUT /api/apps/mailings/contacts/{id}/tags': expectation({
    setup: newLead,
    request: (lead) => ({ params: { id: lead.id }, body: { tags: ['matrix'] } }),
    expect: updateContact(200),
  }),
  'POST /api/apps/mailings/contacts/tags': expectation({
    setup: newLead,
    request: (lead) => ({ body: { ids: [lead.id], add: ['matrix'] } }),
    expect: updateContact(200),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
