import { demoUsers } from '@orbit/seed/demo-users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { WsClient } from '../support/ws-client';
import type { BenchSection } from './section';
import { BenchClient, expectStatus, summary, timed } from './support';

/**
 * Team and roles, on the local stack with its worker:
 * - a permission change (the admin takes 'manager' off "Project Planning", then puts it back):
 *   the PATCH itself (the permission, the role rules and the job in one transaction), and the
 *   time until the manager's open socket has its new rules (outbox, stream, worker, push);
 * - a role change → the member's open socket has the new role's rules;
 * - the reads every signed-in request and page pays for: /api/auth/me (session, profile and role
 *   rules in one BatchGet) and the team list, p50 / p95.
 */

const samples = 30;

interface PermissionRow {
  readonly id: string;
  readonly name: string;
  readonly assignedTo: string[];
  readonly version: number;
}

const demoOfRole = (role: string) => {
  const user = demoUsers.find((candidate) => candidate.role === role);
  if (!user) throw new Error(`no demo ${role}`);
  return user;
};

export const teamBench: BenchSection = {
  name: 'team',
  async run() {
    const stack: LocalStack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-team-${Date.now().toString(36)}`,
    });
    const sockets: WsClient[] = [];
    try {
      const admin = new BenchClient(stack.url);
      await admin.signIn(demoOfRole('admin').phone, demoOfRole('admin').password);
      const manager = new BenchClient(stack.url);
      await manager.signIn(demoOfRole('manager').phone, demoOfRole('manager').password);
      const managerSocket = await WsClient.connect(stack.url, manager.token, { purpose: 'notifications' });
      sockets.push(managerSocket);

      const listed = await admin.request<{ permissions: PermissionRow[] }>(
        'GET',
        `/api/apps/permissions?q=${encodeURIComponent('Project Planning')}`,
      );
      let planning = listed.body.permissions.find((row) => row.name === 'Project Planning');
      if (!planning) throw new Error('no "Project Planning" permission');
      const writes: number[] = [];
      const live: number[] = [];
      for (let index = 0; index < samples; index += 1) {
        const current: PermissionRow = planning;
        const withManager = current.assignedTo.includes('manager');
        const assignedTo = withManager
          ? current.assignedTo.filter((role) => role !== 'manager')
          : [...current.assignedTo, 'manager'];
        // The frame that says what the change means: create Project gone, or back.
        const arrived = managerSocket.next(
          (frame) =>
            frame.type === 'ability.updated' &&
            JSON.stringify(frame.rules).includes('"action":"create","subject":"Project"') !== withManager,
          10_000,
        );
        const started = performance.now();
        const patched = await admin.request<{ permission: PermissionRow }>(
          'PATCH',
          `/api/apps/permissions/${current.id}`,
          { assignedTo, version: current.version },
        );
        writes.push(performance.now() - started);
        expectStatus('changing the permission', patched.status, 200);
        await arrived;
        live.push(performance.now() - started);
        planning = patched.body.permission;
      }
      console.log(`PATCH a permission (with the role rules and the job): ${summary(writes)}`);
      console.log(`permission change → the manager's open socket has the new rules: ${summary(live)}`);

      // A role change: the restricted user becomes a manager and back.
      const member = new BenchClient(stack.url);
      await member.signIn(demoOfRole('restricted-user').phone, demoOfRole('restricted-user').password);
      const memberSocket = await WsClient.connect(stack.url, member.token, { purpose: 'notifications' });
      sockets.push(memberSocket);
      const roleChanges: number[] = [];
      for (let index = 0; index < samples / 2; index += 1) {
        for (const role of ['manager', 'restricted-user']) {
          const arrived = memberSocket.next((frame) => frame.type === 'ability.updated' && frame.role === role, 10_000);
          roleChanges.push(
            await timed(async () => {
              const changed = await admin.request('PATCH', `/api/team/members/${member.id}/role`, { role });
              expectStatus('changing the role', changed.status, 200);
              await arrived;
            }),
          );
        }
      }
      console.log(`role change → the member's open socket has the new rules: ${summary(roleChanges)}`);

      const reads: Record<string, string> = {
        '/api/auth/me (session, profile and role rules)': '/api/auth/me',
        '/api/team/members (first page)': '/api/team/members',
      };
      for (const [what, path] of Object.entries(reads)) {
        const times: number[] = [];
        for (let index = 0; index < samples; index += 1) {
          times.push(await timed(async () => expectStatus(what, (await manager.request('GET', path)).status, 200)));
        }
        console.log(`GET ${what} as the manager: ${summary(times)}`);
      }
    } finally {
      for (const socket of sockets) socket.socket.close();
      await stack.stop();
    }
  },
};
