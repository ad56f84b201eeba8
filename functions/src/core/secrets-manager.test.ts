import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

interface Recorded {
  readonly target: string | undefined;
  readonly authorization: string | undefined;
  readonly body: { SecretId?: string };
}

type Reply = (request: Recorded, response: ServerResponse) => void;

const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:orbit-jwt-AbCdEf';
const recorded: Recorded[] = [];
let reply: Reply = () => undefined;
let server: Server;

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
  response.end(JSON.stringify(body));
};

/** The module reads AWS_ENDPOINT_URL_SECRETS_MANAGER when it creates its client: import it fresh. */
const loadModule = async () => {
  vi.resetModules();
  return import('./secrets-manager');
};

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((raw) => {
      const entry: Recorded = {
        target: request.headers['x-amz-target'] as string | undefined,
        authorization: request.headers.authorization,
        body: JSON.parse(raw) as Recorded['body'],
      };
      recorded.push(entry);
      reply(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv('AWS_ENDPOINT_URL_SECRETS_MANAGER', `http://127.0.0.1:${port}`);
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAFAKEFAKEFAKE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'fake-secret-key');
  vi.stubEnv('AWS_SESSION_TOKEN', undefined);
  vi.stubEnv('AWS_MAX_ATTEMPTS', '1');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  recorded.length = 0;
});

describe('fetchSecretString', () => {
  it('returns the secret string that GetSecretValue answers for the ARN', async () => {
    reply = (request, response) =>
      sendJson(response, 200, {
        ARN: request.body.SecretId,
        Name: 'orbit-jwt',
        SecretString: 'x'.repeat(64),
        VersionId: 'v1',
      });
    const { fetchSecretString } = await loadModule();

    await expect(fetchSecretString(arn)).resolves.toBe('x'.repeat(64));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.target).toBe('secretsmanager.GetSecretValue');
    expect(recorded[0]?.body.SecretId).toBe(arn);
    expect(recorded[0]?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAFAKEFAKEFAKE\/\d{8}\/eu-west-1\/secretsmanager\//,
    );
  });

  it('surfaces a missing secret as the service error, by name', async () => {
    reply = (_request, response) =>
      sendJson(response, 400, {
        __type: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret.",
      });
    const { fetchSecretString } = await loadModule();

    await expect(fetchSecretString(arn)).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('refuses a binary-only secret without echoing its content', async () => {
    reply = (_request, response) =>
      sendJson(response, 200, {
        ARN: arn,
        Name: 'orbit-jwt',
        SecretBinary: Buffer.from('top-secret').toString('base64'),
      });
    const { fetchSecretString } = await loadModule();

    const failure = fetchSecretString(arn);
    await expect(failure).rejects.toThrow('The secret has no string value');
    await expect(failure).rejects.not.toThrow(/top-secret/);
  });
});
