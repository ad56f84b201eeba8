import { callerFor } from '@orbit/functions/core/caller';
import { ulid } from '@orbit/functions/core/ids';
import { sealSecret } from '@orbit/functions/core/secret-box';
import { newSigningSecret } from '@orbit/functions/core/signing-secret';
import { getUserByPhone } from '@orbit/functions/core/users/repository';
import { createApiKey } from '@orbit/functions/integrations/api-key-service';
import type { WebhookRecord } from '@orbit/functions/integrations/webhook-entities';
import { putWebhookRecord } from '@orbit/functions/integrations/webhook-repository';
import { secretHintOf } from '@orbit/functions/integrations/webhook-service';

import { demoUsers } from './demo-users';

/**
 * Integrations demo data (docs/integrations.md): what an agency that has wired Orbit to its tools
 * shows on the page. A webhook to a CRM automation, turned off (the demo's events would otherwise
 * be retried against an address this machine cannot reach, for a day), and an API key for a
 * reporting dashboard, read-only. Neither secret is printed or kept: an admin rotates the
 * webhook's secret or creates a key to get one. The help links stay unset, so /wiki and /telegram
 * show where an admin sets them.
 */

const day = 24 * 60 * 60_000;

/** Written directly: creating it through the service would resolve the URL's host, which needs a network. */
const crmWebhook = async (now: Date): Promise<WebhookRecord> => {
  const secret = newSigningSecret();
  const createdAt = new Date(now.getTime() - 12 * day).toISOString();
  return {
    id: `whk_${ulid(now.getTime() - 12 * day)}`,
    url: 'https://hooks.zapier.com/hooks/catch/418230/orbit-leads/',
    description: 'Zapier: new leads and their stage into the CRM (off until the Zap is published)',
    events: ['contact.created', 'contact.status_changed'],
    enabled: false,
    sealedSecret: await sealSecret(secret, 'integration'),
    secretHint: secretHintOf(secret),
    createdAt,
    updatedAt: createdAt,
    version: 1,
  };
};

export const seedIntegrations = async (): Promise<void> => {
  const now = new Date();
  const demoAdmin = demoUsers.find((user) => user.role === 'admin');
  const admin = demoAdmin && (await getUserByPhone(demoAdmin.phone));
  if (!admin) throw new Error('seed: the demo administrator is missing');
  await putWebhookRecord(await crmWebhook(now), 0);
  await createApiKey(
    callerFor(admin),
    () => ({
      name: 'Reporting dashboard (read-only)',
      scopes: ['projects:read', 'mailings:read'],
      expiresAt: new Date(now.getTime() + 90 * day).toISOString(),
      rateLimitPerMinute: 120,
    }),
    now,
  );
};
