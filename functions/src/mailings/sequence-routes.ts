import type { AreaRouteHandlers } from '../core/handler';
import { json, noContent, parseBody, parseQuery, pathParam } from '../core/http';
import { createSequenceRequest, enrolmentsQuery, updateSequenceRequest } from './sequence-contract';
import {
  createSequence,
  deleteSequence,
  getSequenceFor,
  listEnrolmentsFor,
  listSequencesFor,
  updateSequence,
} from './sequence-service';

/** Sequences (docs/mailings.md, "Sequences"): thin handlers; the service authorises first. */
type SequenceRouteKey =
  | 'GET /api/apps/mailings/sequences'
  | 'POST /api/apps/mailings/sequences'
  | 'GET /api/apps/mailings/sequences/{id}'
  | 'PUT /api/apps/mailings/sequences/{id}'
  | 'DELETE /api/apps/mailings/sequences/{id}'
  | 'GET /api/apps/mailings/sequences/{id}/enrolments';

export const sequenceRouteHandlers: Pick<AreaRouteHandlers<'mailings'>, SequenceRouteKey> = {
  'GET /api/apps/mailings/sequences': async ({ caller }) => json(200, await listSequencesFor(caller)),
  'POST /api/apps/mailings/sequences': async ({ event, caller }) =>
    json(201, await createSequence(caller, () => parseBody(event, createSequenceRequest))),
  'GET /api/apps/mailings/sequences/{id}': async ({ event, caller }) =>
    json(200, await getSequenceFor(caller, () => ({ id: pathParam(event, 'id') }))),
  'PUT /api/apps/mailings/sequences/{id}': async ({ event, caller }) =>
    json(
      200,
      await updateSequence(caller, () => ({ id: pathParam(event, 'id'), ...parseBody(event, updateSequenceRequest) })),
    ),
  'DELETE /api/apps/mailings/sequences/{id}': async ({ event, caller }) => {
    await deleteSequence(caller, () => ({ id: pathParam(event, 'id') }));
    return noContent();
  },
  'GET /api/apps/mailings/sequences/{id}/enrolments': async ({ event, caller }) =>
    json(
      200,
      await listEnrolmentsFor(caller, () => ({ id: pathParam(event, 'id'), ...parseQuery(event, enrolmentsQuery) })),
    ),
};
