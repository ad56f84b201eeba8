import { expectation, type MatrixContext, type RouteExpectation, type SignedInRouteKey } from '../matrix';
import { mailingRights } from './mailings';

// Who may manage sequences: the `Mailing` subject, as for mailings (mailings.ts, `mailingRights`).

/** Inactive, so no lead of the other tests ever enters it. */
const sequenceBody = () => ({
  name: 'Matrix sequence',
  channel: 'email',
  trigger: { type: 'status', status: 'interest_shown' },
  steps: [{ delayDays: 1, subject: 'Hello', html: '<p>Hello</p>' }],
  active: false,
});

interface SequenceFixture {
  readonly sequence: { readonly id: string; readonly version: number };
}

/** A fresh sequence of the administrator's for each identity's call. */
const newSequence = async ({ as }: MatrixContext): Promise<SequenceFixture> => {
  const response = await as('admin').request('POST', '/api/apps/mailings/sequences', { body: sequenceBody() });
  if (response.status !== 201) throw new Error(`fixture: a sequence answered ${response.status}`);
  return response.body as SequenceFixture;
};

/** A refused call must have left the sequence as it was. */
const unchangedUnlessAllowed = async (
  { response, fixture }: { response: { status: number }; fixture: SequenceFixture },
  { as }: MatrixContext,
) => {
  if (response.status !== 401 && response.status !== 403) return;
  const read = await as('admin').request('GET', `/api/apps/mailings/sequences/${fixture.sequence.id}`);
  const { sequence } = read.body as { sequence: { version: number; name: string } };
  if (read.status !== 200 || sequence.version !== fixture.sequence.version || sequence.name !== 'Matrix sequence') {
    throw new Error(`a refused call changed sequence ${fixture.sequence.id} (${read.status})`);
  }
};

export const mailingsSequenceRouteExpectations = {
  'GET /api/apps/mailings/sequences': expectation({ expect: mailingRights(200) }),
  'POST /api/apps/mailings/sequences': expectation({
    request: () => ({ body: sequenceBody() }),
    expect: mailingRights(201),
  }),
  'GET /api/apps/mailings/sequences/{id}': expectation({
    setup: newSequence,
    request: (fixture) => ({ params: { id: fixture.sequence.id } }),
    expect: mailingRights(200),
  }),
  'PUT /api/apps/mailings/sequences/{id}': expectation({
    setup: newSequence,
    request: (fixture) => ({
      params: { id: fixture.sequence.id },
      body: { ...sequenceBody(), name: 'Renamed', version: fixture.sequence.version },
    }),
    expect: mailingRights(200),
    after: unchangedUnlessAllowed,
  }),
  'DELETE /api/apps/mailings/sequences/{id}': expectation({
    setup: newSequence,
    request: (fixture) => ({ params: { id: fixture.sequence.id } }),
    expect: mailingRights(204),
    after: unchangedUnlessAllowed,
  }),
  'GET /api/apps/mailings/sequences/{id}/enrolments': expectation({
    setup: newSequence,
    request: (fixture) => ({ params: { id: fixture.sequence.id }, query: { limit: '5' } }),
    expect: mailingRights(200),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
