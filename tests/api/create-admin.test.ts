import { afterAll, beforeAll, expect, it } from 'vitest';

import { createAdmin } from '@orbit/seed/create-admin';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, startApiStack } from '../support/api-stack';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startApiStack({ seed: false });
});
afterAll(async () => {
  await stack.stop();
});

it("creates a first admin on an empty deployment's table, who can sign in and manage all", async () => {
  await createAdmin({
    fullName: 'First Admin',
    phone: '+15550123401',
    email: 'first@example.com',
    password: 'First#Admin1',
  });
  const response = await new ApiClient(stack.url).signIn('+15550123401', 'First#Admin1');
  expect(response.status).toBe(201);
  expect(response.body.userData.role).toBe('admin');
});

it('refuses an invalid or duplicate admin', async () => {
  await expect(createAdmin({ fullName: 'X', phone: '555', email: 'nope', password: 'short' })).rejects.toThrow(
    /Invalid admin: .*phone/,
  );
  await expect(
    createAdmin({ fullName: 'Again', phone: '+15550123401', email: 'other@example.com', password: 'Again#Admin1' }),
  ).rejects.toThrow(/Conflict/);
});
