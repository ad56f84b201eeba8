import { describe, expect, it } from 'vitest';

import { callerFor } from '../core/caller';
import { ForbiddenError, ValidationError } from '../core/errors';
import type { CreateApiKey } from './api-key-contract';
import { createApiKey } from './api-key-service';

/**
 * What a key may be given is checked before anything is read or written, so these run without a
 * table: a refused create stores nothing.
 */
const now = new Date('2026-03-01T12:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
/** The request body, read by the service once it has authorised the caller. */
const request =
  (overrides: Partial<CreateApiKey>): (() => CreateApiKey) =>
  () => ({
    name: 'Reporting',
    scopes: ['projects:read'],
    expiresAt: inDays(1),
    rateLimitPerMinute: 60,
    ...overrides,
  });

/** A staff member of the users role whose permissions grant the integrations and reading projects. */
const integrator = callerFor({ id: 'u1', role: 'users', fullName: 'Ivy Integrator' }, 's1', {
  users: [
    { action: 'manage', subject: 'Integration' },
    { action: 'read', subject: 'Project' },
  ],
});

describe('createApiKey', () => {
  it('never gives a key a scope beyond its creator', async () => {
    const create = createApiKey(
      integrator,
      request({ scopes: ['projects:read', 'projects:write', 'mailings:read'] }),
      now,
    );
    await expect(create).rejects.toBeInstanceOf(ValidationError);
    await expect(create).rejects.toMatchObject({
      fields: { scopes: ['Beyond your own rights: projects:write, mailings:read'] },
    });
  });

  it('takes an expiry in the future, at most 366 days away', async () => {
    await expect(createApiKey(integrator, request({ expiresAt: now.toISOString() }), now)).rejects.toMatchObject({
      fields: { expiresAt: ['Choose a time in the future'] },
    });
    await expect(createApiKey(integrator, request({ expiresAt: inDays(366.01) }), now)).rejects.toMatchObject({
      fields: { expiresAt: ['At most 366 days from now'] },
    });
  });

  it('is for those who may create integrations, refused before the body is read', async () => {
    const client = callerFor({ id: 'c1', role: 'client', fullName: 'A Client' });
    const unread = () => {
      throw new Error('the body was read');
    };
    await expect(createApiKey(client, unread, now)).rejects.toBeInstanceOf(ForbiddenError);
  });
});
