import type { AreaRouteKey } from '../routes';
import { audiencePreviewRequest, bulkTagsRequest, contactsQuery, setTagsRequest } from '../mailings/audience-requests';
import {
  createMailingRequest,
  deleteMailingQuery,
  listMailingsQuery,
  previewRequest,
  transitionRequest,
  updateMailingRequest,
} from '../mailings/requests';
import { recipientsQuery } from '../mailings/delivery-contract';
import { createSequenceRequest, enrolmentsQuery, updateSequenceRequest } from '../mailings/sequence-contract';
import type { RouteDoc } from './route-doc';

/** The mailings area's routes in the public API's description (schemas from its contract). */
export const mailingsRouteDocs = {
  'POST /api/apps/mailings/audience/preview': {
    summary:
      'Recipient count, a sample of names and who is left out (opted out, suppressed, unreachable) for an audience on a channel (read Mailing)',
    body: audiencePreviewRequest,
    status: 200,
  },
  'GET /api/apps/mailings/channels': {
    summary: 'The Telegram channels a mailing can go through, by name (read Mailing)',
    status: 200,
  },
  'GET /api/apps/mailings/contacts': {
    summary:
      'People with their tags, status and opt-out, by q / tag / status and cursor, for bulk tagging (read Contact)',
    query: contactsQuery,
    status: 200,
  },
  'GET /api/apps/mailings/tags': {
    summary: 'The tags in use, with how many people carry each (read Contact)',
    status: 200,
  },
  'PUT /api/apps/mailings/contacts/{id}/tags': {
    summary: "Set one person's tags (update Contact)",
    body: setTagsRequest,
    status: 200,
  },
  'POST /api/apps/mailings/contacts/tags': {
    summary: 'Add and remove tags on up to 500 people at once (update Contact)',
    body: bulkTagsRequest,
    status: 200,
  },
  'GET /api/apps/mailings': {
    summary: 'Mailings newest first with state and totals: state, cursor, limit (read Mailing)',
    query: listMailingsQuery,
    status: 200,
  },
  'POST /api/apps/mailings': {
    summary: 'A new draft mailing (create Mailing)',
    body: createMailingRequest,
    status: 201,
  },
  'GET /api/apps/mailings/{id}': {
    summary: 'One mailing with its audience, content, schedule and totals (read Mailing)',
    status: 200,
  },
  'PUT /api/apps/mailings/{id}': {
    summary: 'Save a draft from the version read: stale is 409, a mailing past draft is 409 (update Mailing)',
    body: updateMailingRequest,
    status: 200,
  },
  'DELETE /api/apps/mailings/{id}': {
    summary: 'Delete a draft (delete Mailing)',
    query: deleteMailingQuery,
    status: 204,
  },
  'POST /api/apps/mailings/{id}/transitions': {
    summary:
      'Change state from the version read: schedule (at, time zone) or send now, unschedule, pause, resume, cancel; a transition the state does not allow is 409 (update Mailing)',
    body: transitionRequest,
    status: 200,
  },
  'POST /api/apps/mailings/{id}/preview': {
    summary: 'The subject and body as one recipient will get them, variables filled (read Mailing)',
    body: previewRequest,
    status: 200,
  },
  'POST /api/apps/mailings/{id}/test': {
    summary: 'Send the mailing to yourself now, marked as a test, in the background (update Mailing)',
    status: 202,
  },
  'GET /api/apps/mailings/{id}/recipients': {
    summary: "Each recipient's status: status, cursor, limit (read Mailing)",
    query: recipientsQuery,
    status: 200,
  },
  'GET /api/apps/mailings/{id}/stats': { summary: 'Totals and sends over time (read Mailing)', status: 200 },
  'GET /api/apps/mailings/sequences': {
    summary: "Sequences with their trigger, state and each step's totals (read Mailing)",
    status: 200,
  },
  'POST /api/apps/mailings/sequences': {
    summary: 'A new sequence, paused (create Mailing)',
    body: createSequenceRequest,
    status: 201,
  },
  'GET /api/apps/mailings/sequences/{id}': {
    summary: 'One sequence with its steps and their statistics (read Mailing)',
    status: 200,
  },
  'PUT /api/apps/mailings/sequences/{id}': {
    summary: 'Save name, trigger, channel, steps and active from the version read: stale is 409 (update Mailing)',
    body: updateSequenceRequest,
    status: 200,
  },
  'DELETE /api/apps/mailings/sequences/{id}': {
    summary: 'Delete a sequence; its enrolments stop (delete Mailing)',
    status: 204,
  },
  'GET /api/apps/mailings/sequences/{id}/enrolments': {
    summary: 'Who is in it, at which step, or why they left: status, cursor (read Mailing)',
    query: enrolmentsQuery,
    status: 200,
  },
  'GET /api/mailings/unsubscribe/{token}': {
    summary: 'What the unsubscribe page shows: the workspace, a masked address, the language, already opted out',
    status: 200,
  },
  'POST /api/mailings/unsubscribe/{token}': {
    summary: "Opt out of every mailing and sequence (List-Unsubscribe=One-Click, or the page's button)",
    status: 200,
  },
} as const satisfies Record<AreaRouteKey<'mailings'>, RouteDoc>;
