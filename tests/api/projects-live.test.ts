import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChatsAndContactsResponse } from '@orbit/functions/chat/contract';
import { rulesChangedJobKind } from '@orbit/functions/core/auth/rules-changed-job';
import { rulesChangedJobs } from '@orbit/functions/core/auth/rules-changed-runner';
import type { JobRegistry } from '@orbit/functions/core/jobs/definition';
import type { ListPermissionsResponse, Permission } from '@orbit/functions/permissions/contract';
import type { BoardServerFrame, BoardViewer, Project, Task, TaskComment } from '@orbit/functions/projects/contract';
import { jobRegistry } from '@orbit/functions/worker/registry';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, signInDemoUsers, startApiStack } from '../support/api-stack';
import { WsClient } from '../support/ws-client';

/**
 * Live boards over the local stack's WebSocket API: `subscribeBoard` / `unsubscribeBoard` frames
 * reach the projects function (route selection by `action`), and every write to a project, its
 * tasks and comments is pushed to the board's viewers who may see it, with who is looking.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let clientB: ApiClient;
const ids = { admin: '', clientA: '', clientB: '' };
const sockets: WsClient[] = [];

/**
 * The worker's 'auth.rules-changed' job (it tells browsers their new rules and closes the sockets
 * that no longer follow them) waits while a test holds it: what a board pushes between a change
 * and that job is then seen on its own.
 */
let rulesJobHeld: Promise<void> = Promise.resolve();
let releaseRulesJob: () => void = () => undefined;
const holdRulesJob = () => {
  rulesJobHeld = new Promise((resolve) => {
    releaseRulesJob = resolve;
  });
};
const rulesChanged = rulesChangedJobs[rulesChangedJobKind];
const registry: JobRegistry = {
  ...jobRegistry,
  [rulesChangedJobKind]: {
    ...rulesChanged,
    run: async (payload, context) => {
      await rulesJobHeld;
      return rulesChanged.run(payload, context);
    },
  },
};

beforeAll(async () => {
  stack = await startApiStack({ worker: { registry } });
  const signedIn = await signInDemoUsers(stack.url);
  ({ admin, clientA, clientB } = signedIn);
  Object.assign(ids, signedIn.ids);
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await stack.stop();
});

const boardSocket = async (client: ApiClient): Promise<WsClient> => {
  const socket = await WsClient.connect(stack.url, client.accessToken, { purpose: 'board' });
  sockets.push(socket);
  tokens.set(socket, client.accessToken ?? '');
  return socket;
};

const createProject = async (clientId = ids.clientA): Promise<Project> => {
  const response = await admin.request<{ project: Project }>('POST', '/api/apps/projects', {
    body: { type: 'development', name: `Live ${Math.random().toString(36).slice(2, 9)}`, clientId },
  });
  expect(response.status).toBe(201);
  return response.body.project;
};

const addTask = async (projectId: string, title = 'Write the brief'): Promise<Task> => {
  const response = await admin.request<{ task: Task }>('POST', `/api/apps/projects/${projectId}/tasks`, {
    body: { title },
  });
  expect(response.status).toBe(201);
  return response.body.task;
};

type Frame = Record<string, unknown>;
const viewersFrame =
  (projectId: string, names: readonly string[]) =>
  (frame: Frame): boolean =>
    frame.type === 'board.viewers' &&
    frame.projectId === projectId &&
    JSON.stringify((frame.viewers as BoardViewer[]).map((viewer) => viewer.id).sort()) ===
      JSON.stringify([...names].sort());
const changeFrame =
  (projectId: string, kind: string) =>
  (frame: Frame): boolean =>
    frame.type === 'board.change' && frame.projectId === projectId && (frame.change as { kind: string }).kind === kind;

const tokens = new Map<WsClient, string>();
const watch = async (socket: WsClient, projectId: string) => {
  socket.send({ action: 'subscribeBoard', projectId, token: tokens.get(socket) });
  await socket.roundTrip();
};

describe('live boards', () => {
  it("an admin's move reaches the client's open board, a client's comment the admin's, with who is looking", async () => {
    const project = await createProject();
    const task = await addTask(project.id);
    const adminSocket = await boardSocket(admin);
    const clientSocket = await boardSocket(clientA);

    await watch(adminSocket, project.id);
    await watch(clientSocket, project.id);
    // Both see both, the newcomer included.
    await adminSocket.next(viewersFrame(project.id, [ids.admin, ids.clientA]));
    const viewers = await clientSocket.next<BoardServerFrame & { viewers: BoardViewer[] }>(
      viewersFrame(project.id, [ids.admin, ids.clientA]),
    );
    expect(viewers.viewers).toEqual([
      { id: ids.admin, fullName: 'Olivia Bennett', role: 'admin' },
      { id: ids.clientA, fullName: 'Liam Carter', role: 'client' },
    ]);

    const moved = await admin.request<{ task: Task }>(
      'POST',
      `/api/apps/projects/${project.id}/tasks/${task.id}/move`,
      {
        body: { stage: 'done', index: 0, version: task.version },
      },
    );
    expect(moved.status).toBe(200);
    const move = await clientSocket.next<{ by: string; change: { task: Task; project: Project } }>(
      changeFrame(project.id, 'task'),
    );
    expect(move.by).toBe(ids.admin);
    expect(move.change.task).toMatchObject({ id: task.id, stage: 'done' });
    expect(move.change.project.doneTaskCount).toBe(1);

    const commented = await clientA.request<{ comment: TaskComment }>(
      'POST',
      `/api/apps/projects/${project.id}/tasks/${task.id}/comments`,
      { body: { body: 'Lovely, thank you!' } },
    );
    expect(commented.status).toBe(201);
    const comment = await adminSocket.next<{ by: string; change: { taskId: string; comment: TaskComment } }>(
      changeFrame(project.id, 'comment'),
    );
    expect(comment).toMatchObject({
      by: ids.clientA,
      change: { taskId: task.id, comment: { body: 'Lovely, thank you!' } },
    });

    // Leaving (closing the tab) tells the others.
    await clientSocket.close();
    await adminSocket.next(viewersFrame(project.id, [ids.admin]));
  });

  it('pushes project edits, task creation and deletion, archive and delete', async () => {
    const project = await createProject();
    const socket = await boardSocket(clientA);
    await watch(socket, project.id);

    const task = await addTask(project.id, 'Fresh task');
    expect((await socket.next<{ change: { task: Task } }>(changeFrame(project.id, 'task'))).change.task.title).toBe(
      'Fresh task',
    );
    const edited = await admin.request<{ project: Project }>('PATCH', `/api/apps/projects/${project.id}`, {
      body: { name: 'Renamed live', version: project.version },
    });
    expect(edited.status).toBe(200);
    expect(
      (await socket.next<{ change: { project: Project } }>(changeFrame(project.id, 'project'))).change.project.name,
    ).toBe('Renamed live');
    expect((await admin.request('DELETE', `/api/apps/projects/${project.id}/tasks/${task.id}`)).status).toBe(200);
    expect(
      (await socket.next<{ change: { taskId: string } }>(changeFrame(project.id, 'taskDeleted'))).change.taskId,
    ).toBe(task.id);
    const archived = await admin.request<{ project: Project }>('POST', `/api/apps/projects/${project.id}/archive`, {
      body: { version: edited.body.project.version },
    });
    expect(archived.status).toBe(200);
    expect(
      (await socket.next<{ change: { project: Project } }>(changeFrame(project.id, 'project'))).change.project.status,
    ).toBe('archived');
    const restored = await admin.request<{ project: Project }>('POST', `/api/apps/projects/${project.id}/restore`, {
      body: { version: archived.body.project.version },
    });
    await socket.next(changeFrame(project.id, 'project'));
    expect(
      (
        await admin.request(
          'DELETE',
          `/api/apps/projects/${project.id}?confirm=${encodeURIComponent(restored.body.project.name)}`,
        )
      ).status,
    ).toBe(204);
    await socket.next(changeFrame(project.id, 'projectDeleted'));
  });

  it('follows the API: another client is refused and told nothing; a client taken off the project stops hearing', async () => {
    const project = await createProject(ids.clientA);
    const task = await addTask(project.id);
    const outsider = await boardSocket(clientB);
    const owner = await boardSocket(clientA);
    const adminSocket = await boardSocket(admin);
    await watch(adminSocket, project.id);
    await watch(owner, project.id);

    outsider.send({ action: 'subscribeBoard', projectId: project.id, token: clientB.accessToken });
    await outsider.next((frame) => frame.type === 'board.refused' && frame.projectId === project.id);
    outsider.send({ action: 'subscribeBoard', projectId: 'NO-SUCH-PROJECT', token: clientB.accessToken });
    await outsider.next((frame) => frame.type === 'board.refused' && frame.projectId === 'NO-SUCH-PROJECT');
    // A forged token names nobody: refused too.
    outsider.send({ action: 'subscribeBoard', projectId: project.id, token: 'not-a-token' });
    await outsider.next((frame) => frame.type === 'board.refused' && frame.projectId === project.id);
    outsider.send({ action: 'subscribeBoard', projectId: 'NO-SUCH-PROJECT', token: clientB.accessToken });
    await outsider.next((frame) => frame.type === 'board.refused' && frame.projectId === 'NO-SUCH-PROJECT');

    // The project moves to client B: client A's subscription ends, the admin's stays.
    const reassigned = await admin.request<{ project: Project }>('PATCH', `/api/apps/projects/${project.id}`, {
      body: { clientId: ids.clientB, version: project.version },
    });
    expect(reassigned.status).toBe(200);
    await owner.next((frame) => frame.type === 'board.refused' && frame.projectId === project.id);
    expect(owner.seen(changeFrame(project.id, 'project'))).toBe(false);
    await adminSocket.next(viewersFrame(project.id, [ids.admin]));

    await admin.request('PATCH', `/api/apps/projects/${project.id}/tasks/${task.id}`, {
      body: { title: 'Secret plan', version: task.version },
    });
    await adminSocket.next(changeFrame(project.id, 'task'));
    await Promise.all([owner.roundTrip(), outsider.roundTrip()]);
    expect(owner.seen(changeFrame(project.id, 'task'))).toBe(false);
    expect(outsider.seen((frame) => frame.type === 'board.change')).toBe(false);
  });

  it('unsubscribing and watching another board leave the first one', async () => {
    const first = await createProject();
    const second = await createProject();
    const adminSocket = await boardSocket(admin);
    const clientSocket = await boardSocket(clientA);
    await watch(adminSocket, first.id);
    await watch(clientSocket, first.id);
    await adminSocket.next(viewersFrame(first.id, [ids.admin, ids.clientA]));

    await watch(clientSocket, second.id);
    await adminSocket.next(viewersFrame(first.id, [ids.admin]));
    await watch(adminSocket, second.id);
    await clientSocket.next(viewersFrame(second.id, [ids.admin, ids.clientA]));
    clientSocket.send({ action: 'unsubscribeBoard', projectId: second.id });
    await adminSocket.next(viewersFrame(second.id, [ids.admin]));

    await addTask(second.id);
    await adminSocket.next(changeFrame(second.id, 'task'));
    await clientSocket.roundTrip();
    expect(clientSocket.seen(changeFrame(second.id, 'task'))).toBe(false);
  });

  it("a board connection leaves the person's chat presence as it was", async () => {
    const statusOfLiam = async () =>
      (await admin.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts')).body.contacts.find(
        (contact) => contact.id === ids.clientA,
      )?.status;
    const before = await statusOfLiam();
    expect(before).not.toBe('online');
    const socket = await boardSocket(clientA);
    await socket.roundTrip();
    expect(await statusOfLiam()).toBe(before);
    await socket.close();
  });
});

describe('a role or permission change', () => {
  const signedIn = async (account: { phone: string; password: string }) => {
    const client = new ApiClient(stack.url);
    const response = await client.signIn(account.phone, account.password);
    expect(response.status).toBe(201);
    return { client, id: response.body.userData.id };
  };
  const refused = (projectId: string) => (frame: Frame) =>
    frame.type === 'board.refused' && frame.projectId === projectId;

  it('stops the board of a watcher whose new role may not read it at the next change, then closes their sockets', async () => {
    const project = await createProject();
    const task = await addTask(project.id);
    const grace = await signedIn(demo.manager);
    const graceSocket = await boardSocket(grace.client);
    const adminSocket = await boardSocket(admin);
    await watch(graceSocket, project.id);
    await watch(adminSocket, project.id);
    await adminSocket.next(viewersFrame(project.id, [ids.admin, grace.id]));

    holdRulesJob();
    try {
      // The manager becomes a client: client A's project is no longer hers (404 over HTTP).
      const changed = await admin.request('PATCH', `/api/team/members/${grace.id}/role`, { body: { role: 'client' } });
      expect(changed.status).toBe(200);
      expect((await grace.client.request('GET', `/api/apps/projects/${project.id}/board`)).status).toBe(404);
      // Before the worker has closed anything, the next change reaches the admin, and not her: she is told.
      const edited = await admin.request('PATCH', `/api/apps/projects/${project.id}/tasks/${task.id}`, {
        body: { title: 'Written after the role change', version: task.version },
      });
      expect(edited.status).toBe(200);
      await adminSocket.next(changeFrame(project.id, 'task'));
      await graceSocket.next(refused(project.id));
      await adminSocket.next(viewersFrame(project.id, [ids.admin]));
      expect(graceSocket.seen((frame) => frame.type === 'board.change')).toBe(false);
    } finally {
      releaseRulesJob();
    }
    // Then the worker tells her browser its new rules and closes her sockets, recorded with the old role.
    await graceSocket.next((frame) => frame.type === 'ability.updated' && frame.role === 'client', 15_000);
    await graceSocket.waitClosed(15_000);
    expect(graceSocket.seen((frame) => frame.type === 'board.change')).toBe(false);
  });

  it("a permission edit that takes projects from a whole role: its watchers hear no more, their boards' sockets close, the bell's stays", async () => {
    const planning = async () => {
      const { body } = await admin.request<ListPermissionsResponse>('GET', '/api/apps/permissions?itemsPerPage=-1');
      const found = body.permissions.find((permission) => permission.name === 'Project Planning');
      if (!found) throw new Error('no Project Planning permission');
      return found;
    };
    const assignPlanning = async (change: (roles: Permission['assignedTo']) => Permission['assignedTo']) => {
      const permission = await planning();
      const response = await admin.request('PATCH', `/api/apps/permissions/${permission.id}`, {
        body: { assignedTo: change(permission.assignedTo), version: permission.version },
      });
      expect(response.status).toBe(200);
    };
    const project = await createProject();
    const task = await addTask(project.id);
    // The users role reads projects through Project Planning only.
    const member = await signedIn(demo.users);
    const memberBoard = await boardSocket(member.client);
    const memberBell = await WsClient.connect(stack.url, member.client.accessToken, { purpose: 'notifications' });
    sockets.push(memberBell);
    const adminSocket = await boardSocket(admin);
    await watch(memberBoard, project.id);
    await watch(adminSocket, project.id);
    await adminSocket.next(viewersFrame(project.id, [ids.admin, member.id]));

    holdRulesJob();
    try {
      await assignPlanning((roles) => roles.filter((role) => role !== 'users'));
      expect((await member.client.request('GET', `/api/apps/projects/${project.id}/board`)).status).toBe(404);
      const edited = await admin.request('PATCH', `/api/apps/projects/${project.id}/tasks/${task.id}`, {
        body: { title: 'Written after the permission edit', version: task.version },
      });
      expect(edited.status).toBe(200);
      await adminSocket.next(changeFrame(project.id, 'task'));
      await memberBoard.next(refused(project.id));
      expect(memberBoard.seen((frame) => frame.type === 'board.change')).toBe(false);
    } finally {
      releaseRulesJob();
    }
    try {
      // The board's socket was for projects, which the role no longer reads: closed. The bell's
      // is for everyone: it gets the new rules and stays open.
      await memberBoard.waitClosed(15_000);
      await memberBell.next(
        (frame) =>
          frame.type === 'ability.updated' &&
          !(frame.rules as { subject: string }[]).some((rule) => rule.subject === 'Project'),
        15_000,
      );
      await memberBell.roundTrip();
    } finally {
      await assignPlanning((roles) => [...roles, 'users']);
    }
  });
});
