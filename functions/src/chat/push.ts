import { pushJson, type PushOutcome } from '../core/push';
import type { ServerFrame } from './contract';

export { closeConnection, type PushOutcome } from '../core/push';

/** Sends one chat frame; 'gone' means the connection no longer exists (410) and should be forgotten. */
export const pushFrame = (connectionId: string, frame: ServerFrame): Promise<PushOutcome> =>
  pushJson(connectionId, frame);
