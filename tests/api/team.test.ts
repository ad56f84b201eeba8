import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { totpCodeAt } from '@orbit/functions/auth/two-step';
import { db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import { roleRulesEntity } from '@orbit/functions/core/sign-in-entities';
import { invitationEntity } from '@orbit/functions/core/team/entities';
import { invitationToken, newInvitationSecret } from '@orbit/functions/core/team/repository';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, registerNewClient, startApiStack } from '../support/api-stack';
import { backgroundWorkSettled } from '../support/background-work';
import { emailsTo, waitForEmails, waitForSms } from '../support/sent-messages';
import { WsClient } from '../support/ws-client';

/**
 * The team page's API (docs/roles.md, "Team and invitations") against the local stack: the
 * member list, invitations from the email to a signed-in account, role changes that hold on the
 * next request, suspension and the last-administrator guard.
 */

interface Member {
  id: string;
  fullName: string;
  role: string;
  status: 'active' | 'suspended';
  lastSeen: string | null;
  version: number;
}
interface Invitation {
  id: string;
  email: string | null;
  phone: string | null;
  role: string;
  expired: boolean;
}
type SignIn = { accessToken: string; userData: { id: string; role: string }; userAbilityRules: unknown[] };

let stack: LocalStack;
let admin: ApiClient;

beforeAll(async () => {
  stack = await startApiStack();
  admin = new ApiClient(stack.url);
  expect((await admin.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
});
afterAll(async () => {
  await stack.stop();
});

const members = async (client: ApiClient, query: Record<string, string> = {}) =>
  client.request<{ members: Member[]; total: number }>('GET', `/api/team/members?${new URLSearchParams(query)}`);

const pendingInvitations = async () =>
  (await admin.request<{ invitations: Invitation[] }>('GET', '/api/team/invitations')).body.invitations;

let sequence = 0;
const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}-${sequence++}@team.example`;
const uniquePhone = () => `+1888${String(Date.now()).slice(-6)}${String(sequence++).padStart(3, '0')}`;

/** The token of the newest invitation link in a message's text. */
const tokenIn = (text: string | undefined): string => {
  const match = /\/invitation\?token=([^\s]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no invitation link in: ${text}`);
  return decodeURIComponent(match[1]);
};

/** Invites an address and reads the link's token from the email that arrives. */
const inviteByEmail = async (role: string) => {
  const email = uniqueEmail(role);
  const response = await admin.request<{ invitation: Invitation }>('POST', '/api/team/invitations', {
    body: { email, role },
  });
  expect(response.status).toBe(201);
  const [mail] = await waitForEmails(stack.mailStoreUrl, email, 1);
  return { email, invitation: response.body.invitation, token: tokenIn(mail?.body.text), mail };
};

const accept = (token: string, extra: Record<string, string> = {}) => {
  const client = new ApiClient(stack.url);
  return {
    client,
    response: client.request<SignIn>('POST', '/api/auth/accept-invitation', {
      body: { token, fullName: 'Invited Colleague', password: 'Invited#2026', phone: uniquePhone(), ...extra },
    }),
  };
};

describe('the member list', () => {
  it('lists everyone who signs in, staff and clients, never leads, with status and last seen', async () => {
    const response = await members(admin, { itemsPerPage: '100' });
    expect(response.status).toBe(200);
    const byName = new Map(response.body.members.map((member) => [member.fullName, member]));
    expect(byName.get('Olivia Bennett')).toMatchObject({ role: 'admin', status: 'active' });
    expect(byName.get('Olivia Bennett')?.lastSeen).toEqual(expect.any(String));
    expect(byName.get('Liam Carter')).toMatchObject({ role: 'client', status: 'active' });
    expect(byName.get('Grace Okafor')).toMatchObject({ role: 'manager' });
    expect(response.body.members.every((member) => member.role !== ('lead' as string))).toBe(true);
    expect(response.body.total).toBe(response.body.members.length);
  });

  it('searches by name or email, filters by role and pages', async () => {
    expect((await members(admin, { q: 'OLIV' })).body.members.map((member) => member.fullName)).toEqual([
      'Olivia Bennett',
    ]);
    expect((await members(admin, { q: 'northwind' })).body.members.map((member) => member.fullName)).toEqual([
      'Liam Carter',
    ]);
    const admins = await members(admin, { role: 'admin' });
    expect(admins.body.members.length).toBeGreaterThanOrEqual(3);
    expect(admins.body.members.every((member) => member.role === 'admin')).toBe(true);

    const first = await members(admin, { itemsPerPage: '3', page: '1' });
    const second = await members(admin, { itemsPerPage: '3', page: '2' });
    expect(first.body.members).toHaveLength(3);
    expect(second.body.total).toBe(first.body.total);
    const firstIds = new Set(first.body.members.map((member) => member.id));
    expect(second.body.members.some((member) => firstIds.has(member.id))).toBe(false);
  });

  it('refuses bad queries with the errors shape', async () => {
    const badRole = await members(admin, { role: 'overlord' });
    expect(badRole.status).toBe(400);
    expect(badRole.body).toEqual({ errors: { role: [expect.any(String)] } });
    expect((await members(admin, { page: '0' })).status).toBe(400);
    expect((await members(admin, { itemsPerPage: '1000' })).status).toBe(400);
  });
});

describe('an invitation', () => {
  it('goes out by email; the invitee signs up through the link and is signed in with the role', async () => {
    const { email, token, mail } = await inviteByEmail('manager');
    expect(mail?.subject).toBe('You are invited to Orbit');
    expect(mail?.body.text).toContain('Olivia Bennett invites you to Orbit as a manager');
    expect((await pendingInvitations()).some((invitation) => invitation.email === email)).toBe(true);

    const preview = await new ApiClient(stack.url).request('GET', `/api/team/invitations/accept?token=${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      invitation: { invitedBy: 'Olivia Bennett', role: 'manager', email, phone: null, validUntil: expect.any(String) },
    });

    const { client, response } = accept(token);
    const signedIn = await response;
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.userData).toMatchObject({ role: 'manager', email, fullName: 'Invited Colleague' });
    expect(signedIn.body.accessToken).toEqual(expect.any(String));
    expect(client.cookie('orbit_refresh')).toBeTruthy();
    client.accessToken = signedIn.body.accessToken;
    expect((await client.request('GET', '/api/auth/me')).status).toBe(200);

    // Listed as a member; no longer pending.
    const listed = await members(admin, { q: email });
    expect(listed.body.members).toEqual([expect.objectContaining({ role: 'manager', status: 'active' })]);
    expect((await pendingInvitations()).some((invitation) => invitation.email === email)).toBe(false);

    // The link works once.
    expect((await new ApiClient(stack.url).request('GET', `/api/team/invitations/accept?token=${token}`)).status).toBe(
      404,
    );
    expect((await accept(token).response).status).toBe(404);
  });

  it('goes out by SMS, and the invitee gives the email the invitation lacks', async () => {
    const phone = uniquePhone();
    const invited = await admin.request('POST', '/api/team/invitations', { body: { phone, role: 'support' } });
    expect(invited.status).toBe(201);
    const [sms] = await waitForSms(phone, 1);
    const token = tokenIn(sms?.text);
    const withoutEmail = await accept(token, { phone: '' }).response;
    expect(withoutEmail.status).toBe(400);
    const email = uniqueEmail('sms');
    const signedIn = await accept(token, { email }).response;
    expect(signedIn.status).toBe(201);
    expect(signedIn.body.userData).toMatchObject({ role: 'support', phone, email });
  });

  it('refuses bad input and contacts that already belong to a member, storing nothing', async () => {
    const before = (await pendingInvitations()).length;
    const noContact = await admin.request('POST', '/api/team/invitations', { body: { role: 'manager' } });
    expect(noContact.status).toBe(400);
    expect(noContact.body).toEqual({ errors: { email: [expect.any(String)] } });
    const badRole = await admin.request('POST', '/api/team/invitations', {
      body: { email: uniqueEmail('x'), role: 'overlord' },
    });
    expect(badRole.status).toBe(400);
    const taken = await admin.request('POST', '/api/team/invitations', {
      body: { email: 'liam@northwind.example', role: 'users' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ errors: { email: [expect.any(String)] } });
    expect((await pendingInvitations()).length).toBe(before);
  });

  it('resent: the old link stops working, the new one works; revoked: no link works', async () => {
    const { email, invitation, token: oldToken } = await inviteByEmail('users');
    const resent = await admin.request('POST', `/api/team/invitations/${invitation.id}/resend`);
    expect(resent.status).toBe(200);
    const mails = await waitForEmails(stack.mailStoreUrl, email, 2);
    const newToken = mails.map((mail) => tokenIn(mail.body.text)).find((token) => token !== oldToken) ?? '';
    expect(newToken).not.toBe('');
    const preview = (token: string) =>
      new ApiClient(stack.url).request('GET', `/api/team/invitations/accept?token=${encodeURIComponent(token)}`);
    expect((await preview(oldToken)).status).toBe(404);
    expect((await accept(oldToken).response).status).toBe(404);
    expect((await preview(newToken)).status).toBe(200);

    expect((await admin.request('DELETE', `/api/team/invitations/${invitation.id}`)).status).toBe(204);
    expect((await preview(newToken)).status).toBe(404);
    expect((await accept(newToken).response).status).toBe(404);
    expect((await admin.request('DELETE', `/api/team/invitations/${invitation.id}`)).status).toBe(404);
  });

  it('expires: a link past its time is 410 and creates no account', async () => {
    const { secret, secretHash } = newInvitationSecret();
    const id = ulid();
    const past = new Date(Date.now() - 60_000);
    await db().send(
      new PutCommand({
        TableName: stack.tableName,
        Item: invitationEntity.toItem({
          id,
          email: uniqueEmail('expired'),
          role: 'users',
          invitedById: 'someone',
          invitedByName: 'Olivia Bennett',
          secretHash,
          createdAt: new Date(past.getTime() - 7 * 86_400_000).toISOString(),
          sentAt: new Date(past.getTime() - 7 * 86_400_000).toISOString(),
          validUntil: past.toISOString(),
          expiresAt: Math.ceil(Date.now() / 1000) + 3600,
          version: 1,
        }),
      }),
    );
    const token = invitationToken(id, secret);
    expect((await new ApiClient(stack.url).request('GET', `/api/team/invitations/accept?token=${token}`)).status).toBe(
      410,
    );
    expect((await accept(token).response).status).toBe(410);
    expect((await pendingInvitations()).find((invitation) => invitation.id === id)?.expired).toBe(true);
  });
});

describe('how many invitations go out (the default limits)', () => {
  type Refusal = { errors: { general: string[] }; retryAfter: number };
  const hourOf = (time: number) => Math.floor(time / 3_600_000);

  /** Runs `burst` until one runs within a single hour (a new hour starts a new count). */
  const withinOneHour = async (burst: () => Promise<void>) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const started = Date.now();
      await burst();
      if (hourOf(started) === hourOf(Date.now())) return;
    }
    throw new Error('every burst straddled an hour');
  };

  const expectRefused = (response: { status: number; headers: Headers; body: unknown }, reason: RegExp) => {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(response.body).toEqual({ errors: { general: [expect.stringMatching(reason)] }, retryAfter });
  };

  it('sends one invitation again at most 3 times an hour; the 4th resend is 429 and sends nothing', async () => {
    await withinOneHour(async () => {
      const { email, invitation } = await inviteByEmail('users');
      const resend = () => admin.request<Refusal>('POST', `/api/team/invitations/${invitation.id}/resend`);
      for (let index = 0; index < 3; index += 1) expect((await resend()).status).toBe(200);
      expectRefused(await resend(), /^At most 3 resends of one invitation an hour: try again in /);
      await waitForEmails(stack.mailStoreUrl, email, 4);
      await backgroundWorkSettled(stack.tableName);
      expect(await emailsTo(stack.mailStoreUrl, email)).toHaveLength(4);
      // Another invitation of the same member is not affected.
      const other = await inviteByEmail('users');
      expect((await admin.request('POST', `/api/team/invitations/${other.invitation.id}/resend`)).status).toBe(200);
    });
  });

  it('lets a member send 30 invitations an hour; the 31st is 429 and stores nothing', async () => {
    await withinOneHour(async () => {
      // A member who has sent none: a new account made an administrator.
      const { client: inviter, id } = await registerNewClient(stack.url, 'Busy Inviter');
      expect((await admin.request('PATCH', `/api/team/members/${id}/role`, { body: { role: 'admin' } })).status).toBe(
        200,
      );
      const invite = () =>
        inviter.request<Refusal>('POST', '/api/team/invitations', {
          body: { email: uniqueEmail('many'), role: 'users' },
        });
      for (let index = 0; index < 30; index += 1) expect((await invite()).status).toBe(201);
      const before = (await pendingInvitations()).length;
      expectRefused(await invite(), /^At most 30 invitations sent by one member an hour: try again in /);
      expect((await pendingInvitations()).length).toBe(before);
      // Their limit is theirs: another member still invites.
      expect(
        (await admin.request('POST', '/api/team/invitations', { body: { email: uniqueEmail('other'), role: 'users' } }))
          .status,
      ).toBe(201);
    });
  });
});

describe('a role change', () => {
  it('holds on the next request, both ways, and tells nobody to change their own', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Role Change');
    expect((await members(client)).status).toBe(403);
    const promoted = await admin.request<{ member: Member }>('PATCH', `/api/team/members/${id}/role`, {
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ role: 'admin' });
    // Same access token: the role is read from the profile on every request.
    expect((await members(client)).status).toBe(200);
    expect((await members(admin, { role: 'admin', q: 'Role Change' })).body.members).toHaveLength(1);

    const stale = await admin.request('PATCH', `/api/team/members/${id}/role`, {
      body: { role: 'client', version: 1 },
    });
    expect(stale.status).toBe(409);
    const demoted = await admin.request('PATCH', `/api/team/members/${id}/role`, {
      body: { role: 'client', version: promoted.body.member.version },
    });
    expect(demoted.status).toBe(200);
    expect((await members(client)).status).toBe(403);
    expect((await members(admin, { role: 'admin', q: 'Role Change' })).body.members).toHaveLength(0);

    const myId = (await admin.request<{ userData: { id: string } }>('GET', '/api/auth/me')).body.userData.id;
    const own = await admin.request('PATCH', `/api/team/members/${myId}/role`, { body: { role: 'manager' } });
    expect(own.status).toBe(403);
    expect((await admin.request('PATCH', `/api/team/members/${id}/role`, { body: { role: 'boss' } })).status).toBe(400);
  });
});

describe('a role change and open sockets', () => {
  it('tells the member’s open browser its new rules, then closes its sockets: a reconnect is checked with the new role', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Socket Role');
    // The chat page's socket (clients chat): it hears presence and typing.
    const socket = await WsClient.connect(stack.url, client.accessToken);
    const changed = await admin.request('PATCH', `/api/team/members/${id}/role`, { body: { role: 'users' } });
    expect(changed.status).toBe(200);
    await socket.next((frame) => frame.type === 'ability.updated' && frame.role === 'users', 15_000);
    await socket.waitClosed(15_000);
    // The users role has no chat: its handshake is refused, and no frame of the chat reaches it.
    await expect(WsClient.connect(stack.url, client.accessToken)).rejects.toMatchObject({ status: 403 });
    await WsClient.connect(stack.url, client.accessToken, { purpose: 'notifications' }).then((bell) => bell.close());
  });
});

describe('suspension', () => {
  it('refuses the next request, closes the socket, refuses sign-in with a clear message; reactivation lets them in', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Suspended Member');
    const me = await client.request<{ userData: { phone: string } }>('GET', '/api/auth/me');
    const phone = me.body.userData.phone;
    const socket = await WsClient.connect(stack.url, client.accessToken);

    const suspended = await admin.request<{ member: Member }>('POST', `/api/team/members/${id}/suspend`);
    expect(suspended.status).toBe(200);
    expect(suspended.body.member.status).toBe('suspended');

    expect((await client.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await client.request('POST', '/api/auth/refresh')).status).toBe(401);
    await socket.waitClosed(15_000);

    const refused = await new ApiClient(stack.url).signIn(phone, 'Secret#2026');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      errors: { phone: ['This account is suspended. Ask an administrator to reactivate it.'] },
    });
    expect((await new ApiClient(stack.url).signIn(phone, 'wrong-password')).body).toEqual({
      errors: { phone: ['Invalid email or password'] },
    });

    expect((await admin.request('POST', `/api/team/members/${id}/reactivate`)).status).toBe(200);
    expect((await new ApiClient(stack.url).signIn(phone, 'Secret#2026')).status).toBe(201);
  });

  it('is not for oneself', async () => {
    const myId = (await admin.request<{ userData: { id: string } }>('GET', '/api/auth/me')).body.userData.id;
    expect((await admin.request('POST', `/api/team/members/${myId}/suspend`)).status).toBe(403);
    expect((await admin.request('POST', '/api/team/members/no-such-member/suspend')).status).toBe(404);
  });
});

describe('two-step reset', () => {
  it('turns a member’s two-step verification off and says so in their security log', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Two Step');
    const started = await client.request<{ secret: string }>('POST', `/api/users/${id}/two-step`);
    expect(started.status).toBe(201);
    const confirmed = await client.request('POST', `/api/users/${id}/two-step/confirm`, {
      body: { code: totpCodeAt(started.body.secret, Date.now()) },
    });
    expect(confirmed.status).toBe(200);

    expect((await admin.request('POST', `/api/team/members/${id}/two-step/reset`)).status).toBe(204);
    const status = await client.request<{ enabled: boolean }>('GET', `/api/users/${id}/two-step`);
    expect(status.body.enabled).toBe(false);
    const log = await client.request<{ entries: { event: string; byAdmin: boolean }[] }>(
      'GET',
      `/api/users/${id}/security-log`,
    );
    expect(log.body.entries[0]).toMatchObject({ event: 'two-step-disabled', byAdmin: true });
  });
});

describe('a manager', () => {
  it('invites and suspends, but gives or touches no administrator and changes no role', async () => {
    // This file's workspace only: the manager's rules as the seed's "Add & Remove Users" gives them.
    await db().send(
      new PutCommand({
        TableName: stack.tableName,
        Item: roleRulesEntity.toItem({
          rulesByRole: {
            manager: (['read', 'create', 'update', 'delete'] as const).map((action) => ({ action, subject: 'Team' })),
          },
          version: 1000,
          updatedAt: new Date().toISOString(),
        }),
      }),
    );
    const manager = new ApiClient(stack.url);
    expect((await manager.signIn('+15550100009', 'Staff#2026')).status).toBe(201);
    expect((await members(manager)).status).toBe(200);

    const asAdmin = await manager.request('POST', '/api/team/invitations', {
      body: { email: uniqueEmail('boss'), role: 'admin' },
    });
    expect(asAdmin.status).toBe(403);
    const asUser = await manager.request('POST', '/api/team/invitations', {
      body: { email: uniqueEmail('user'), role: 'users' },
    });
    expect(asUser.status).toBe(201);

    const { id } = await registerNewClient(stack.url, 'Managed Member');
    expect((await manager.request('PATCH', `/api/team/members/${id}/role`, { body: { role: 'users' } })).status).toBe(
      403,
    );
    expect((await manager.request('POST', `/api/team/members/${id}/suspend`)).status).toBe(200);
    expect((await manager.request('POST', `/api/team/members/${id}/reactivate`)).status).toBe(200);
    const anAdmin = (await members(admin, { role: 'admin', q: 'Noah' })).body.members[0];
    expect((await manager.request('POST', `/api/team/members/${anAdmin?.id ?? ''}/suspend`)).status).toBe(403);
  });

  it('given every right a permission can give on Team and Role, still makes, invites or demotes no administrator', async () => {
    const actions = ['read', 'create', 'update', 'delete', 'manage'] as const;
    await db().send(
      new PutCommand({
        TableName: stack.tableName,
        Item: roleRulesEntity.toItem({
          rulesByRole: {
            manager: actions.flatMap((action) => [
              { action, subject: 'Team' as const },
              { action, subject: 'Role' as const },
            ]),
          },
          version: 1001,
          updatedAt: new Date().toISOString(),
        }),
      }),
    );
    const manager = new ApiClient(stack.url);
    expect((await manager.signIn('+15550100009', 'Staff#2026')).status).toBe(201);

    const invitedAdmin = await inviteByEmail('admin');
    const before = (await pendingInvitations()).length;
    expect((await manager.request('POST', `/api/team/invitations/${invitedAdmin.invitation.id}/resend`)).status).toBe(
      403,
    );
    const asAdmin = await manager.request('POST', '/api/team/invitations', {
      body: { email: uniqueEmail('boss'), role: 'admin' },
    });
    expect(asAdmin.status).toBe(403);
    expect((await pendingInvitations()).length).toBe(before);

    const { id } = await registerNewClient(stack.url, 'Promoted Member');
    const role = (memberId: string, body: Record<string, string>) =>
      manager.request('PATCH', `/api/team/members/${memberId}/role`, { body });
    expect((await role(id, { role: 'admin' })).status).toBe(403);
    // The right to change roles works below the administrator's.
    expect((await role(id, { role: 'users' })).status).toBe(200);
    const anAdmin = (await members(admin, { role: 'admin', q: 'Noah' })).body.members[0];
    expect((await role(anAdmin?.id ?? '', { role: 'users' })).status).toBe(403);
    expect((await members(admin, { role: 'admin', q: 'Noah' })).body.members[0]?.id).toBe(anAdmin?.id);
    expect((await members(admin, { q: 'Promoted Member' })).body.members[0]?.role).toBe('users');
  });
});

describe('the last administrator', () => {
  it('cannot be demoted or suspended: of two administrators demoting each other at once, one wins', async () => {
    // This file's workspace only: the seed's other administrators are suspended first.
    const others = (await members(admin, { role: 'admin' })).body.members.filter(
      (member) => member.fullName !== 'Olivia Bennett',
    );
    for (const other of others) {
      expect((await admin.request('POST', `/api/team/members/${other.id}/suspend`)).status).toBe(200);
    }
    const { client: second, id: secondId } = await registerNewClient(stack.url, 'Second Admin');
    expect(
      (await admin.request('PATCH', `/api/team/members/${secondId}/role`, { body: { role: 'admin' } })).status,
    ).toBe(200);
    const oliviaId = (await admin.request<{ userData: { id: string } }>('GET', '/api/auth/me')).body.userData.id;

    const [byOlivia, bySecond] = await Promise.all([
      admin.request('PATCH', `/api/team/members/${secondId}/role`, { body: { role: 'manager' } }),
      second.request('POST', `/api/team/members/${oliviaId}/suspend`),
    ]);
    const statuses = [byOlivia.status, bySecond.status].sort();
    // One change went through; the other is refused: the last administrator (409), or the
    // loser was no administrator any more by the time its request was read (401/403).
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.find((status) => status !== 200)).toBeOneOf([401, 403, 409]);

    // Exactly one active administrator is left, whoever won.
    const left =
      (await new ApiClient(stack.url).signIn(demo.admin.phone, demo.admin.password)).status === 201 ? admin : second;
    const active = (await members(left, { role: 'admin' })).body.members.filter((member) => member.status === 'active');
    expect(active).toHaveLength(1);
  });
});
