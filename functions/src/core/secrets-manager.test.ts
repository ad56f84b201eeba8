import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { fetchSecretString } from './secrets-manager';

/** What the fake Parameters and Secrets extension saw of one request. */
interface Recorded {
  readonly method: string | undefined;
  readonly path: string;
  readonly secretId: string | null;
  readonly token: string | undefined;
}

type Reply = (request: Recorded, response: ServerResponse) => void;

const arn = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:orbit/jwt-AbCdEf';
const sessionToken = 'session-token-of-the-function';
const recorded: Recorded[] = [];
let reply: Reply = () => undefined;
let server: Server;

const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** The extension's answer to a successful GetSecretValue: the API's own response shape. */
const secretAnswer = (request: Recorded, value: Record<string, unknown>) => ({
  ARN: request.secretId,
  Name: 'orbit/jwt',
  VersionId: 'v1',
  VersionStages: ['AWSCURRENT'],
  CreatedDate: '2026-01-01T00:00:00Z',
  ...value,
});

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://extension');
    const entry: Recorded = {
      method: request.method,
      path: url.pathname,
      secretId: url.searchParams.get('secretId'),
      token: request.headers['x-aws-parameters-secrets-token'] as string | undefined,
    };
    recorded.push(entry);
    reply(entry, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String(port));
  vi.stubEnv('AWS_SESSION_TOKEN', sessionToken);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  recorded.length = 0;
  vi.stubEnv('AWS_SESSION_TOKEN', sessionToken);
});

describe('fetchSecretString', () => {
  it('asks the extension for the ARN with the session token and returns the secret string', async () => {
    reply = (request, response) => sendJson(response, 200, secretAnswer(request, { SecretString: 'x'.repeat(64) }));

    await expect(fetchSecretString(arn)).resolves.toBe('x'.repeat(64));
    expect(recorded).toEqual([{ method: 'GET', path: '/secretsmanager/get', secretId: arn, token: sessionToken }]);
  });

  it('surfaces an error answer with its status and reason', async () => {
    reply = (_request, response) => {
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end("ResourceNotFoundException: Secrets Manager can't find the specified secret.");
    };

    await expect(fetchSecretString(arn)).rejects.toThrow(
      "The secrets extension answered 400: ResourceNotFoundException: Secrets Manager can't find the specified secret.",
    );
  });

  it('refuses a binary-only secret without echoing its content', async () => {
    reply = (request, response) =>
      sendJson(response, 200, secretAnswer(request, { SecretBinary: Buffer.from('top-secret').toString('base64') }));

    const failure = fetchSecretString(arn);
    await expect(failure).rejects.toThrow('The secret has no string value');
    await expect(failure).rejects.not.toThrow(/top-secret|dG9wLXNlY3JldA/);
  });

  it('needs the session token, and does not call the extension without it', async () => {
    vi.stubEnv('AWS_SESSION_TOKEN', undefined);

    await expect(fetchSecretString(arn)).rejects.toThrow('AWS_SESSION_TOKEN is not set');
    expect(recorded).toHaveLength(0);
  });
});

describe('jwtSecret on AWS (only the ARN in the environment)', () => {
  it('fetches the key through the extension once per container', async () => {
    vi.stubEnv('JWT_SECRET', undefined);
    vi.stubEnv('JWT_SECRET_ARN', arn);
    reply = (request, response) => sendJson(response, 200, secretAnswer(request, { SecretString: 'k'.repeat(40) }));
    vi.resetModules();
    const { jwtSecret } = await import('./secrets');

    const first = await jwtSecret();
    const second = await jwtSecret();
    expect(new TextDecoder().decode(first)).toBe('k'.repeat(40));
    expect(second).toBe(first);
    expect(recorded).toHaveLength(1);
  });
});
