import { isPresenceStatus, type ChatContactStatus } from '@orbit/functions/chat/contract';

/** How each status of docs/product.md#behaviour looks: presence as a coloured dot, lead stages as chips. */
export const statusColor: Record<ChatContactStatus, string> = {
  online: 'success.main',
  away: 'warning.main',
  offline: 'grey.500',
  contact_received: 'info.main',
  interest_shown: 'secondary.main',
  success: 'success.dark',
  closed: 'grey.600',
  deleted: 'error.main',
};

export const chipColor = {
  online: 'success',
  away: 'warning',
  offline: 'default',
  contact_received: 'info',
  interest_shown: 'secondary',
  success: 'success',
  closed: 'default',
  deleted: 'error',
} as const satisfies Record<ChatContactStatus, string>;

export const isLeadStage = (status: ChatContactStatus): boolean => !isPresenceStatus(status);
