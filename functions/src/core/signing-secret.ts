import { randomBytes } from 'node:crypto';

/**
 * A Standard Webhooks signing secret (`whsec_<base64 of 32 random bytes>`), for the channels'
 * generic webhooks and the integrations' outgoing webhooks alike: shown once, stored sealed.
 */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;
