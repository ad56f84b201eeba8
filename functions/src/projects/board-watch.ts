import { abilityRulesFor, buildAbility } from '../core/ability';
import { can } from '../core/authorize';
import { pushJson } from '../core/push';
import { liveConnectionOwner } from '../chat/service';
import { getUserById } from '../users/repository';
import type { BoardServerFrame } from './contract';
import { joinBoard, leaveBoard, parseBoardFrame } from './live-board';
import { getProject } from './project-repository';

/**
 * The board frames a browser sends (`subscribeBoard`, `unsubscribeBoard`): the connection must
 * still belong to a live session, and a board is watched only by those the API lets read the
 * project. Anyone else gets `board.refused`, the same answer as a project that does not exist.
 */
export const receiveBoardFrame = async (connectionId: string, body: string | undefined): Promise<void> => {
  const connection = await liveConnectionOwner(connectionId);
  if (!connection) return;
  const frame = parseBoardFrame(body);
  if (!frame) return;
  if (frame.action === 'unsubscribeBoard') {
    await leaveBoard(connectionId, frame.projectId);
    return;
  }
  const [project, user] = await Promise.all([getProject(frame.projectId), getUserById(connection.userId)]);
  const ability = buildAbility(abilityRulesFor({ id: connection.userId, role: connection.role }));
  if (!project || !can(ability, 'read', 'Project', project)) {
    await pushJson(connectionId, { type: 'board.refused', projectId: frame.projectId } satisfies BoardServerFrame);
    return;
  }
  await joinBoard(
    {
      connectionId,
      userId: connection.userId,
      role: connection.role,
      fullName: user?.fullName ?? 'Unknown user',
    },
    project.id,
  );
};
