import { describe, expect, it } from 'vitest';

import { callerFor } from '../core/caller';
import { ForbiddenError } from '../core/errors';
import {
  listChatsAndContacts,
  listOlderMessages,
  openChat,
  searchContacts,
  sendMessage,
  updateContactStatus,
} from './service';

const callerWith = (role: string) => callerFor({ id: `${role}1`, role, fullName: 'Someone' }, 's1');

// Refused before the request is read (and before any storage is touched): what was sent cannot matter.
const unread = () => {
  throw new Error('the request was read');
};

describe('who may use the chat', () => {
  it('refuses a role without chat rules every use case with 403 before reading the request', async () => {
    const nobody = callerWith('guest');
    await expect(listChatsAndContacts(nobody, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(searchContacts(nobody, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(openChat(nobody, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(listOlderMessages(nobody, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(sendMessage(nobody, unread, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(updateContactStatus(nobody, unread)).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('lets a client chat but not set a status, which is refused before the body is read', async () => {
    const client = callerWith('client');
    await expect(updateContactStatus(client, unread)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(sendMessage(client, unread, unread)).rejects.toThrow('the request was read');
    await expect(openChat(client, unread)).rejects.toThrow('the request was read');
  });

  it('reads the request once an admin is allowed', async () => {
    await expect(updateContactStatus(callerWith('admin'), unread)).rejects.toThrow('the request was read');
  });
});
