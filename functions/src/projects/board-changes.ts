import type { Caller } from '../core/caller';
import { publishBoardChange as publishToBoard } from '../core/live-board';
import type { BoardChange } from './contract';

/**
 * Tells the board's live viewers what a write changed (core/live-board.ts), with the contract's
 * change shapes: the last step of every board write's use case.
 */
export const publishBoardChange = (project: { id: string; clientId: string }, caller: Caller, change: BoardChange) =>
  publishToBoard(project, caller.principal.userId, change);
