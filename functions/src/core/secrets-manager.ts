/**
 * Reads secrets through the AWS Parameters and Secrets Lambda Extension, a layer that serves
 * Secrets Manager over HTTP on localhost and caches what it fetched. No AWS SDK client in the
 * bundle: the Secrets Manager client and its protocol code cost every signed-in function ~30 KB
 * and their parse time at each cold start. The layer and its settings are attached in
 * infra/lib/area-function.ts; the function's role keeps the GetSecretValue grant, which the
 * extension uses with the function's own credentials.
 */

/** The extension's own setting (2773 unless the stack says otherwise); tests point it at a fake. */
const extensionPort = (): string => process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';

/** Well below the function's timeout, so a stuck extension is a clear error rather than a timeout. */
const requestTimeoutMs = 5_000;

/** At most this much of an error answer goes into the thrown message (it never holds the secret). */
const errorExcerptLength = 300;

/**
 * Reads a secret's current string value. Callers cache the result (see secrets.ts): it is
 * fetched once per cold start, not per request. Must run during an invocation, not at module
 * load: the extension does not answer until the function's init phase is over.
 */
export const fetchSecretString = async (arn: string): Promise<string> => {
  // The extension only answers requests that carry the function's session token.
  const token = process.env.AWS_SESSION_TOKEN;
  if (!token) throw new Error('AWS_SESSION_TOKEN is not set: the secrets extension needs it');
  const url = `http://localhost:${extensionPort()}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`;
  const response = await fetch(url, {
    headers: { 'X-Aws-Parameters-Secrets-Token': token },
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
  if (!response.ok) {
    const excerpt = (await response.text()).slice(0, errorExcerptLength).trim();
    throw new Error(`The secrets extension answered ${response.status}${excerpt ? `: ${excerpt}` : ''}`);
  }
  const { SecretString: value } = (await response.json()) as { SecretString?: unknown };
  // A binary-only secret is a deployment mistake; say so without echoing any of it.
  if (typeof value !== 'string') throw new Error('The secret has no string value');
  return value;
};
