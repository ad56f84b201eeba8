import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

import { ulid } from 'ulidx';

import { registerRequest } from '@orbit/functions/auth/contract';
import { hashPassword } from '@orbit/functions/core/auth/passwords';
import { ValidationError } from '@orbit/functions/core/errors';
import { parseWith } from '@orbit/functions/core/http';
import { newReferralCode } from '@orbit/functions/core/users/repository';
import { createUser } from '@orbit/functions/core/users/service';
import { countNewAdministrator } from '@orbit/functions/core/team/repository';

export interface NewAdmin {
  readonly fullName: string;
  readonly phone: string;
  readonly email: string;
  readonly password: string;
}

/** The registration rules, with every problem in one message. */
const validAdmin = (input: NewAdmin) => {
  try {
    return parseWith(registerRequest, input);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const problems = Object.entries(error.fields)
      .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
      .join('; ');
    throw new Error(`Invalid admin: ${problems}`);
  }
};

/**
 * Creates an admin with the same rules as registration (validation, unique phone and email in
 * one transaction). Registration only ever creates clients, so a fresh deployment's first admin
 * comes from here.
 */
export const createAdmin = async (input: NewAdmin): Promise<string> => {
  const parsed = validAdmin(input);
  const id = ulid();
  await createUser({
    id,
    fullName: parsed.fullName,
    username: parsed.email.split('@')[0]?.toLowerCase() ?? 'admin',
    email: parsed.email,
    phone: parsed.phone,
    role: 'admin',
    avatar: null,
    about: '',
    status: 'offline',
    settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
    passwordHash: await hashPassword(parsed.password),
    referralCode: newReferralCode(),
    createdAt: new Date().toISOString(),
    version: 1,
  });
  // The last-administrator guard's count (docs/roles.md).
  await countNewAdministrator();
  return id;
};

const askPassword = async (): Promise<string> => {
  const fromEnvironment = process.env.ORBIT_ADMIN_PASSWORD;
  if (fromEnvironment) return fromEnvironment;
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await prompt.question('Password for the new admin (8+ characters): ');
  } finally {
    prompt.close();
  }
};

const main = async () => {
  const { values } = parseArgs({
    options: { name: { type: 'string' }, phone: { type: 'string' }, email: { type: 'string' } },
  });
  if (!values.name || !values.phone || !values.email || !process.env.TABLE_NAME) {
    console.error(
      'Usage: TABLE_NAME=<table> npm run create-admin -- --name "Full Name" --phone +15551234567 --email you@example.com\n' +
        '(the password is read from ORBIT_ADMIN_PASSWORD or asked for; AWS credentials and region from the usual AWS environment)',
    );
    process.exit(2);
  }
  const id = await createAdmin({
    fullName: values.name,
    phone: values.phone,
    email: values.email,
    password: await askPassword(),
  });
  console.log(`Admin created: ${id} (${values.phone})`);
};

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
