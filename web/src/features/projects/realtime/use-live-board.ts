import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BoardClientFrame, BoardServerFrame, BoardViewer } from '@orbit/functions/projects/contract';
import { LiveSocket } from '../../../shared/realtime/live-socket';
import { getSession } from '../../../shared/session/session-store';
import { applyBoardChange, refreshBoard } from '../api/projects';

export interface LiveBoard {
  /** Everyone else looking at this board now (one entry per person). */
  readonly others: readonly BoardViewer[];
  /** Someone deleted the project while it was open. */
  readonly deleted: boolean;
}

/**
 * Keeps an open board live: watches it over the WebSocket (`/ws?purpose=board`, which leaves the
 * user's chat presence alone), applies what others change to the query cache, lists who else is
 * looking, and reads the board again after a reconnect to catch up.
 */
export const useLiveBoard = (projectId: string, me: string | undefined, enabled: boolean): LiveBoard => {
  const queryClient = useQueryClient();
  const [viewers, setViewers] = useState<{ projectId: string; list: readonly BoardViewer[] }>({
    projectId,
    list: [],
  });
  const [deletedId, setDeletedId] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled || !projectId) return undefined;
    const socket = new LiveSocket<BoardClientFrame, BoardServerFrame>({
      query: { purpose: 'board' },
      onState: () => undefined,
      onOpen: (reconnected) => {
        socket.send({ action: 'subscribeBoard', projectId, token: getSession().accessToken ?? '' });
        if (reconnected) refreshBoard(queryClient, projectId);
      },
      onFrame: (frame) => {
        if (!('projectId' in frame) || frame.projectId !== projectId) return;
        switch (frame.type) {
          case 'board.viewers':
            setViewers({ projectId, list: frame.viewers });
            return;
          case 'board.change':
            // This tab's own delete navigates away by itself.
            if (frame.change.kind === 'projectDeleted' && frame.by !== me) setDeletedId(projectId);
            applyBoardChange(queryClient, projectId, frame.change);
            return;
          case 'board.refused':
            // No longer ours to see (or gone): the board's next read says which.
            setViewers({ projectId, list: [] });
            refreshBoard(queryClient, projectId);
            return;
        }
      },
    });
    socket.start();
    return () => {
      socket.send({ action: 'unsubscribeBoard', projectId });
      socket.stop();
    };
  }, [enabled, me, projectId, queryClient]);

  const list = viewers.projectId === projectId ? viewers.list : [];
  return { others: list.filter((viewer) => viewer.id !== me), deleted: deletedId === projectId };
};
