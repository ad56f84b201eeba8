import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

import { areaHandlers } from '@orbit/functions/area-handlers';
import { db } from '@orbit/functions/core/db';
import { areas } from '@orbit/functions/routes';

/**
 * Which table writes one request made, for a test whose stack runs in the test's own process (every
 * test file's does: tests/support/api-stack.ts). A request sent with `newProbe()`'s headers runs its
 * handler inside a context of its own, and every write command the handlers' document client
 * sends in that context (the request's own work, and anything it starts) is listed under it:
 * so a refused request can be shown to have stored nothing while other requests run beside it.
 */

const probeHeader = 'x-test-write-probe';
const currentProbe = new AsyncLocalStorage<string>();
const writesByProbe = new Map<string, string[]>();
/** Every DynamoDB command that can change an item (the document client's and the low-level names). */
const writeCommand =
  /^(Put|Update|Delete|BatchWrite|TransactWrite)(Item|Items)?Command$|^Execute(Statement|Transaction)Command$/;

/**
 * Wraps the area handlers (the local HTTP API loads each area through `areaHandlers` as it finds
 * it there: infra/local/http-api.ts) and watches the document client. Call once, after the stack
 * started (it makes the client anew).
 */
export const watchWrites = (): void => {
  for (const area of areas) {
    const load = areaHandlers[area];
    areaHandlers[area] = async () => {
      const handler = await load();
      return (event, context) => {
        const probe = event.headers[probeHeader];
        return probe ? currentProbe.run(probe, () => handler(event, context)) : handler(event, context);
      };
    };
  }
  db().middlewareStack.add(
    (next, context) => async (args) => {
      const probe = currentProbe.getStore();
      if (probe !== undefined && writeCommand.test(context.commandName ?? '')) {
        writesByProbe.get(probe)?.push(`${context.commandName ?? ''} ${JSON.stringify(args.input)}`);
      }
      return next(args);
    },
    { step: 'initialize', name: 'testWriteProbe' },
  );
};

/** Headers that make one request's writes listed; `writes()` reads the list once it is answered. */
export const newProbe = (): { headers: Record<string, string>; writes: () => readonly string[] } => {
  const id = randomUUID();
  const writes: string[] = [];
  writesByProbe.set(id, writes);
  return { headers: { [probeHeader]: id }, writes: () => writes };
};
