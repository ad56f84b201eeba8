/** Reads a secret's string value; a placeholder until the infra issue wires Secrets Manager. */
export const fetchSecretString = (arn: string): Promise<string> =>
  Promise.reject(new Error(`Secrets Manager is not wired yet (${arn.length} chars)`));
