import * as v from 'valibot';

import { buildAbility } from '../core/ability';
import { currentAbilityRules } from '../core/auth/role-rules';
import { getSession } from '../core/auth/sessions';
import { verifyAccessToken } from '../core/auth/tokens';
import { can } from '../core/authorize';
import { joinBoard, leaveBoard } from '../core/live-board';
import { pushJson } from '../core/push';
import { getUserById } from '../core/users/repository';
import type { BoardServerFrame } from './contract';
import { getProject } from './project-repository';

/** Client frames of the board routes; anything else is ignored. */
const boardFrame = v.variant('action', [
  v.object({
    action: v.literal('subscribeBoard'),
    projectId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
    token: v.pipe(v.string(), v.minLength(1), v.maxLength(4096)),
  }),
  v.object({ action: v.literal('unsubscribeBoard'), projectId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) }),
]);

const parseBoardFrame = (body: string | undefined): v.InferOutput<typeof boardFrame> | undefined => {
  try {
    const parsed = v.safeParse(boardFrame, JSON.parse(body ?? ''));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
};

const refuse = (connectionId: string, projectId: string) =>
  pushJson(connectionId, { type: 'board.refused', projectId } satisfies BoardServerFrame);

/**
 * The board frames a browser sends (`subscribeBoard`, `unsubscribeBoard`). A subscription names
 * its watcher with the access token (verified, and its session alive, as on HTTP), and a board
 * is watched only by those the API lets read the project. Anyone else gets `board.refused`, the
 * same answer as a project that does not exist. Leaving needs no proof: it only ends this
 * connection's own subscription.
 */
export const receiveBoardFrame = async (connectionId: string, body: string | undefined): Promise<void> => {
  const frame = parseBoardFrame(body);
  if (!frame) return;
  if (frame.action === 'unsubscribeBoard') {
    await leaveBoard(connectionId, frame.projectId);
    return;
  }
  const claims = await verifyAccessToken(frame.token);
  const session = claims ? await getSession(claims.userId, claims.sessionId) : undefined;
  if (!claims || !session) {
    await refuse(connectionId, frame.projectId);
    return;
  }
  const [project, user] = await Promise.all([getProject(frame.projectId), getUserById(claims.userId)]);
  if (!user || user.suspendedAt) {
    await refuse(connectionId, frame.projectId);
    return;
  }
  const ability = buildAbility(await currentAbilityRules({ id: user.id, role: user.role }));
  if (!project || !can(ability, 'read', 'Project', project)) {
    await refuse(connectionId, frame.projectId);
    return;
  }
  await joinBoard({ connectionId, userId: claims.userId, role: user.role, fullName: user.fullName }, project.id);
};
