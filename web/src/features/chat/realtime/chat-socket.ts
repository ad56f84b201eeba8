import type { ClientFrame, ServerFrame } from '@orbit/functions/chat/contract';
import type { ScheduledFrame } from '@orbit/functions/chat/scheduled-contract';
import { LiveSocket } from '../../../shared/realtime/live-socket';

export type { SocketState } from '../../../shared/realtime/live-socket';

/** The chat page's connection (shared/realtime/live-socket.ts), with the chat's frames (send later's too). */
export type ChatServerFrame = ServerFrame | ScheduledFrame;
export class ChatSocket extends LiveSocket<ClientFrame, ChatServerFrame> {}
