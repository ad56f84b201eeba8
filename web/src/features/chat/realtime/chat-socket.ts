import type { ClientFrame, ServerFrame } from '@orbit/functions/chat/contract';
import { LiveSocket } from '../../../shared/realtime/live-socket';

export type { SocketState } from '../../../shared/realtime/live-socket';

/** The chat page's connection (shared/realtime/live-socket.ts), with the chat's frames. */
export class ChatSocket extends LiveSocket<ClientFrame, ServerFrame> {}
