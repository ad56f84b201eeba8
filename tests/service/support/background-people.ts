import { register } from '@orbit/functions/auth/service';
import { readRoleRules } from '@orbit/functions/core/auth/role-rules';
import { callerFor, type Caller } from '@orbit/functions/core/caller';
import { AppError } from '@orbit/functions/core/errors';
import { parseWith } from '@orbit/functions/core/http';
import { getUserById, getUserByPhone } from '@orbit/functions/core/users/repository';

/**
 * Who calls the services in the background-work files (mailings, chat, notifications, webhooks):
 * a demo person or a new client as a `Caller`, built the way a signed-in request of theirs is
 * (their role's rules as they are now, core/caller.ts); a route's body as the handler parses
 * it; and the typed error a refused call throws, which stands for the HTTP status.
 */

/** A user by id, as a signed-in request of theirs would call. */
export const callerById = async (id: string): Promise<Caller> => {
  const user = await getUserById(id);
  if (!user) throw new Error(`no user ${id}`);
  return callerFor(
    { id: user.id, role: user.role, fullName: user.fullName },
    `session-${user.id}`,
    await readRoleRules(),
  );
};

/** A demo person (tests/support/api-stack.ts `demo`, or any seeded phone) with their id. */
export const callerOf = async (who: { readonly phone: string }): Promise<Caller & { readonly id: string }> => {
  const user = await getUserByPhone(who.phone);
  if (!user) throw new Error(`no demo user with the phone ${who.phone}`);
  return { ...(await callerById(user.id)), id: user.id };
};

let registered = 0;

/**
 * A client of its own, registered through the auth service as the sign-up form does, each from
 * a source address of its own (registration is limited per source, auth/throttle.ts).
 */
export const newClient = async (fullName: string) => {
  registered += 1;
  const suffix = `${Date.now() % 1_000_000}${registered}`.padStart(7, '0').slice(-7);
  const email = `${fullName.replace(/\W/g, '').toLowerCase()}${suffix}@test.example`;
  const { body } = await register(
    { fullName, phone: `+1555${suffix}`, email, password: 'Secret#2026' },
    { ip: '198.51.100.200', userAgent: 'service-test' },
    `198.18.${Math.floor(registered / 250)}.${registered % 250}`,
  );
  const { id, username } = body.userData;
  return { id, email, username, caller: await callerById(id) };
};

/** A route's body (or query) as its handler parses it: the same schema, the same 400 fields. */
export const parsed =
  <S extends Parameters<typeof parseWith>[0]>(schema: S, input: unknown) =>
  () =>
    parseWith(schema, input);

/** The typed error a refused call throws (its `status` is the HTTP answer's). */
export const refusal = async (work: Promise<unknown> | (() => Promise<unknown>)): Promise<AppError> => {
  const outcome = await (typeof work === 'function' ? work() : work).then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected a refusal, got ${JSON.stringify(outcome.value)}`);
  if (!(outcome.error instanceof AppError)) throw outcome.error;
  return outcome.error;
};

/** The field errors of a 400/409/429 refusal (the `errors` of the HTTP body). */
export const fieldsOf = (error: AppError): Record<string, string[]> =>
  (error.body() as { errors?: Record<string, string[]> }).errors ?? {};
