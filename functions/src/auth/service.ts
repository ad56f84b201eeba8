import * as v from 'valibot';

import type { AbilityRule } from '../core/ability';
import { currentAbilityRules } from '../core/auth/role-rules';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../core/auth/passwords';
import {
  createSession,
  createSessionPart,
  deleteSession,
  deleteSessionHolding,
  getSession,
  getSessionWithUser,
  rotateSession,
  sessionKeysOf,
  type NewSession,
} from '../core/auth/sessions';
import {
  clearedRefreshCookie,
  decodeRefreshToken,
  encodeRefreshToken,
  hashSecret,
  newRefreshSecret,
  refreshCookie,
  sameHash,
  signAccessToken,
  verifyAccessToken,
} from '../core/auth/tokens';
import { batchWrite, ConditionFailed, deletePart, transactWrite } from '../core/db';
import { UnauthorizedError, ValidationError, TooManyRequestsError } from '../core/errors';
import { ulid } from '../core/ids';
import { logger } from '../core/logger';
import { sealSecret } from '../core/secret-box';
import type { UserRecord } from '../core/users/records';
import {
  getUserById,
  getUserByPhone,
  getUserIdByReferralCode,
  newReferralCode,
  passwordHashPart,
} from '../core/users/repository';
import { createUser } from '../core/users/service';
import { isSelfReferral, newReferral, referralPart } from '../core/billing/referrals';
import {
  loginMessages,
  recoveryMessages,
  userData as userDataSchema,
  type ForgotPasswordRequest,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SignInResponse,
  type UserData,
} from './contract';
import { resetCodeJobPart, type ResetCodePayload } from './reset-code-job';
import { closeSocketsJobPart } from './close-sockets-job';
import { securityLogEntity } from './entities';
import { twoStepMethods, type TwoStepDueResponse } from './security-contract';
import { challengePart } from './security-repository';
import { logEntryPart, type RequestOrigin } from './security-log';
import { challengeLifetimeMs, newChallenge } from './two-step';
import { requireResetChannels, type ResetChannels } from './reset-delivery';
import { checkResetCode, newResetCode, resetCodeLifetimeMs, resetCodeWrite } from './reset-codes';
import {
  registrationSpend,
  reserveResetIssue,
  reserveSignInAttempt,
  settleSuccessfulSignIn,
  signInLimitsOf,
} from './throttle';
import { chargeRate, peekRate, rateLimitedError } from '../core/rate-window';
import { announce } from '../core/webhook-events';

export interface SignedIn {
  readonly body: SignInResponse;
  /** The refresh cookie to set; absent when the browser's current one must stay. */
  readonly cookie?: string;
}

const invalidCredentials = () => new ValidationError({ phone: [loginMessages.invalid] });

/** The stored user as the browser keeps it: never the password hash or the rules. */
export const toUserData = (user: UserRecord): UserData => {
  const parsed = v.safeParse(userDataSchema, {
    id: user.id,
    fullName: user.fullName,
    username: user.username,
    avatar: user.avatar ?? null,
    email: user.email,
    phone: user.phone,
    role: user.role,
  });
  if (!parsed.success) {
    const fields = [
      ...new Set(parsed.issues.map((issue) => (issue.path ?? []).map((item) => String(item.key)).join('.'))),
    ].join(', ');
    throw new Error(`The user profile is incomplete (${fields})`);
  }
  return parsed.output;
};

export interface ResponseParts {
  readonly userData: UserData;
  readonly userAbilityRules: AbilityRule[];
}

/** The user and their rules as they are now (their role's permissions, docs/roles.md). */
export const describeUser = async (user: UserRecord): Promise<ResponseParts> => ({
  userData: toUserData(user),
  userAbilityRules: await currentAbilityRules({ id: user.id, role: user.role }),
});

/** A new session for the user: what to store, and what the caller gets once it is stored. */
export const prepareSession = async (user: UserRecord, parts: ResponseParts, origin: RequestOrigin) => {
  const sessionId = ulid();
  const secret = newRefreshSecret();
  const session: NewSession = {
    userId: user.id,
    sessionId,
    refreshHash: hashSecret(secret),
    userAgent: origin.userAgent,
    ...(origin.ip ? { ip: origin.ip } : {}),
  };
  const accessToken = await signAccessToken({ userId: user.id, role: user.role, sessionId });
  const signedIn: SignedIn = {
    body: { ...parts, accessToken },
    cookie: refreshCookie(encodeRefreshToken({ userId: user.id, sessionId, secret })),
  };
  return { session, signedIn };
};

/** A new account's profile, as registering or accepting an invitation creates it. */
export const newUserRecord = async (input: {
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
  readonly role: string;
  readonly referredBy?: string;
  readonly now?: Date;
}): Promise<UserRecord> => ({
  id: ulid(),
  fullName: input.fullName,
  username: usernameFrom(input.email),
  email: input.email,
  phone: input.phone,
  role: input.role,
  avatar: null,
  about: '',
  status: 'offline',
  settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
  passwordHash: await hashPassword(input.password),
  referralCode: newReferralCode(),
  ...(input.referredBy ? { referredBy: input.referredBy } : {}),
  createdAt: (input.now ?? new Date()).toISOString(),
  version: 1,
});

/** An id no user has: looked up for unknown phones so they cost the same reads as known ones. */
const absentUserId = '00000000000000000000000000';

/**
 * The user holding a phone, found with the same reads whether or not there is one (a known
 * phone costs two reads, phone claim then profile), so timing does not tell them apart.
 */
const findUserByPhone = async (phone: string): Promise<UserRecord | undefined> => {
  const user = await getUserByPhone(phone);
  if (!user) await getUserById(absentUserId);
  return user;
};

/** What a right password gives a user with two-step verification on: no session yet, a challenge. */
export interface TwoStepDue {
  readonly twoStep: TwoStepDueResponse['twoStep'];
}

/**
 * docs/product.md#calls, #errors: 201 on an exact phone and password match; any mismatch is one 400 under
 * `phone`; an exception while building the response is a 400 carrying that exception's message. The attempt
 * is counted before the password is checked (auth/throttle.ts). With two-step verification on, the right
 * password opens no session: it gives a challenge for the second step (auth/two-step-sign-in.ts; docs/user-view.md).
 *
 * The security log's entry rides in the transactions the sign-in makes anyway: a provisional "failed
 * sign-in" with the attempt's reservation (a wrong password then costs no write of its own), turned
 * into the sign-in (same key) with the session, or dropped when a second step is due. The user is
 * looked up first, so that entry can name them; an unknown phone costs the same calls.
 */
export const signIn = async (
  { phone, password }: LoginRequest,
  origin: RequestOrigin,
  source: string,
  now = new Date(),
): Promise<SignedIn | TwoStepDue> => {
  const user = await findUserByPhone(phone);
  const entryId = ulid(now.getTime());
  const failed = user ? [() => logEntryPart({ userId: user.id, event: 'sign-in-failed', origin, entryId }, now)] : [];
  const attempt = await reserveSignInAttempt(phone, source, now.getTime(), failed);
  if (!attempt.granted) {
    throw new TooManyRequestsError(attempt.retryAfterSeconds, { phone: [loginMessages.throttled] });
  }

  const matches = user ? await verifyPassword(password, user.passwordHash) : (await burnPasswordCheck(password), false);
  if (!user || !matches) throw invalidCredentials();
  // Suspended (docs/roles.md): the right password, told why, never a session.
  if (user.suspendedAt) throw new ValidationError({ phone: [loginMessages.suspended] });
  const provisional = securityLogEntity.key(user.id, entryId);

  let parts: ResponseParts;
  try {
    parts = await describeUser(user);
  } catch (error) {
    await settleSuccessfulSignIn(phone, source, attempt.reservations, [deletePart('security log', provisional)]);
    const message = error instanceof Error && error.message ? error.message : loginMessages.fallback;
    throw new ValidationError({ phone: [message] });
  }
  if (user.settings.isTwoStepAuthVerificationEnabled) {
    const challenge = newChallenge();
    const expiresAtMs = now.getTime() + challengeLifetimeMs;
    await settleSuccessfulSignIn(phone, source, attempt.reservations, [
      deletePart('security log', provisional),
      challengePart(challenge, { userId: user.id, expiresAtMs, expiresAt: Math.ceil(expiresAtMs / 1000) }),
    ]);
    return { twoStep: { challenge, methods: [...twoStepMethods] } };
  }
  // The session opens in the same transaction that gives the attempt's units back.
  const { session, signedIn } = await prepareSession(user, parts, origin);
  await settleSuccessfulSignIn(phone, source, attempt.reservations, [
    createSessionPart(session),
    logEntryPart({ userId: user.id, event: 'sign-in', origin, entryId, sessionId: session.sessionId }, now),
  ]);
  return signedIn;
};

const usernameFrom = (email: string): string => email.split('@')[0]?.toLowerCase() || 'user';

/**
 * The owner of a referral code, refused (400 on referralCode) when unknown or when it is the
 * newcomer's own: the same phone, or the same mailbox under another spelling (docs/plans.md, "Referrals").
 */
const referrerOf = async (code: string, newcomer: { email: string; phone: string }): Promise<UserRecord> => {
  const referrerId = await getUserIdByReferralCode(code);
  const referrer = referrerId ? await getUserById(referrerId) : undefined;
  if (!referrer) throw new ValidationError({ referralCode: ['Referral code is not valid'] });
  if (isSelfReferral(newcomer, referrer)) {
    throw new ValidationError({ referralCode: ['You cannot use your own referral code'] });
  }
  return referrer;
};

/** What the registration limit counts, for its 429 message. */
const registrationsCounted = 'new accounts from one network';

/**
 * A new client account. Limited per source (auth/throttle.ts): a source over its limit is refused
 * (429) before the password is hashed, and the account is counted in the transaction that
 * creates it, whose condition decides between concurrent sign-ups.
 */
export const register = async (
  input: RegisterRequest & { referralCode?: string | undefined },
  origin: RequestOrigin,
  source: string,
  now = new Date(),
): Promise<SignedIn> => {
  const spends = [registrationSpend(source)];
  const early = await peekRate(spends, now.getTime());
  if (early) throw rateLimitedError(early, registrationsCounted);
  const referrer = input.referralCode ? await referrerOf(input.referralCode, input) : undefined;
  const user = await newUserRecord({
    ...input,
    role: 'client',
    ...(referrer ? { referredBy: referrer.id } : {}),
    now,
  });
  const counted = chargeRate(spends, now.getTime());
  // A new client is a new contact of the workspace: announced to webhooks with the account, and
  // their referral (docs/plans.md, "Referrals") is written in the same transaction.
  try {
    await createUser(user, [
      ...counted.parts,
      ...(referrer ? [referralPart(newReferral(referrer.id, user, user.createdAt))] : []),
      announce(
        'contact.created',
        {
          contact: { id: user.id, fullName: user.fullName },
          role: user.role,
          status: user.status,
          createdAt: user.createdAt,
        },
        new Date(user.createdAt),
      ),
    ]);
  } catch (error) {
    const refusal = counted.refusalOf(error);
    if (refusal) throw rateLimitedError(refusal, registrationsCounted);
    throw error;
  }
  const { session, signedIn } = await prepareSession(user, await describeUser(user), origin);
  await createSession(session);
  return signedIn;
};

/** How long a refresh secret that was just replaced still works: two tabs refreshing at once. */
export const refreshGraceMs = 10_000;

/**
 * Rotates the refresh token. The secret just replaced still works for a few seconds (another
 * tab sent it at the same moment): that caller gets an access token and keeps the cookie the
 * winner set. Presenting a replaced secret later means it was stolen or replayed: the whole
 * session is revoked. A secret this session never issued only fails: a caller who knows a
 * session id cannot end someone else's session by guessing. The session and its user are one
 * read; only a rotation lost to another tab reads the session again.
 */
export const refresh = async (cookieValue: string | undefined, now = new Date(), ip?: string): Promise<SignedIn> => {
  const token = decodeRefreshToken(cookieValue);
  if (!token) throw new UnauthorizedError('No valid refresh token');
  const { session, user } = await getSessionWithUser(token.userId, token.sessionId);
  if (!session) throw new UnauthorizedError('Session has ended');
  const presented = hashSecret(token.secret);
  const nextSecret = newRefreshSecret();
  const current = sameHash(session.refreshHash, presented);
  const rotated =
    current && (await rotateSession(token.userId, token.sessionId, presented, hashSecret(nextSecret), now, ip));
  // After a lost race the session has moved on: judge the secret against what it holds now
  // (a secret that was not the current one is judged against the session just read).
  const latest = rotated || !current ? session : await getSession(token.userId, token.sessionId);
  if (!latest) throw new UnauthorizedError('Session has ended');
  if (!rotated) {
    const replaced = latest.previousRefreshHash !== undefined && sameHash(latest.previousRefreshHash, presented);
    if (!replaced) throw new UnauthorizedError('No valid refresh token');
    if ((latest.rotatedAtMs ?? 0) + refreshGraceMs < now.getTime()) {
      await deleteSession(token.userId, token.sessionId);
      throw new UnauthorizedError('Refresh token was already used; the session is revoked');
    }
  }
  if (!user) {
    await deleteSession(token.userId, token.sessionId);
    throw new UnauthorizedError('Session has ended');
  }
  if (user.suspendedAt) throw new UnauthorizedError('Account suspended');
  const accessToken = await signAccessToken({ userId: user.id, role: user.role, sessionId: token.sessionId });
  return {
    body: { ...(await describeUser(user)), accessToken },
    // Within the grace the cookie is left as the winning tab set it (the browser shares it).
    ...(rotated ? { cookie: refreshCookie(encodeRefreshToken({ ...token, secret: nextSecret })) } : {}),
  };
};

/**
 * Revokes the session named by the refresh cookie, if the cookie holds its secret, and the one
 * named by the access token. The cookie's check is the condition of its delete (no read first);
 * when both name the same session, the token's delete covers it.
 */
export const signOut = async (cookieValue: string | undefined, bearer: string | undefined): Promise<string> => {
  const token = decodeRefreshToken(cookieValue);
  const claims = bearer ? await verifyAccessToken(bearer) : undefined;
  const sameSession = token && claims && token.userId === claims.userId && token.sessionId === claims.sessionId;
  await Promise.all([
    token && !sameSession ? deleteSessionHolding(token.userId, token.sessionId, hashSecret(token.secret)) : undefined,
    claims ? deleteSession(claims.userId, claims.sessionId) : undefined,
  ]);
  return clearedRefreshCookie();
};

/** Where a user's code goes: each configured channel the user can be reached on. */
const resetCodeDeliveries = (
  user: UserRecord,
  channels: ResetChannels,
  sealedText: string,
  expiresAt: string,
): ResetCodePayload[] => [
  ...(channels.sms ? [{ channel: 'sms' as const, to: user.phone, sealedText, expiresAt }] : []),
  ...(channels.email && user.email ? [{ channel: 'email' as const, to: user.email, sealedText, expiresAt }] : []),
];

/**
 * 202 for every phone, registered or not, after the same work (limits, a stored code, a sealed
 * message, reads): neither the answer nor its timing says whether a phone has an account.
 * Refused (503) where no code can be sent, before any of it. The code is stored in the
 * transaction that spends the issue budgets, and its sending is written in that same
 * transaction as background work (auth/jobs.ts): a code is sent exactly when it is stored, by
 * the worker, never by this request, and the message waits there sealed.
 */
export const requestPasswordReset = async (
  { phone }: ForgotPasswordRequest,
  source: string,
  now = Date.now(),
): Promise<void> => {
  const channels = requireResetChannels();
  const code = newResetCode();
  const text = `Your Orbit password reset code is ${code}. It expires in 15 minutes.`;
  // Sealed for unknown phones too, so both cost the same.
  const [user, storeCode, sealedText] = await Promise.all([
    findUserByPhone(phone),
    resetCodeWrite(phone, code, now),
    sealSecret(text, 'job'),
  ]);
  // The job lives on the worker's clock (`now` is the budgets' clock, which tests move).
  const sentAt = new Date();
  const expiresAt = new Date(sentAt.getTime() + resetCodeLifetimeMs).toISOString();
  const deliveries = user ? resetCodeDeliveries(user, channels, sealedText, expiresAt) : [];
  if (user && deliveries.length === 0) {
    // Email only here, and this account has none: nothing can reach its owner.
    logger.warn('A reset code has no way to its owner (no email on the account, no SMS here)', { userId: user.id });
  }
  const sends = deliveries.map((payload) => () => resetCodeJobPart(payload, sentAt));
  const retryAfter = await reserveResetIssue(phone, source, { now, alongside: [storeCode, ...sends] });
  if (retryAfter !== undefined) throw new TooManyRequestsError(retryAfter, { phone: [recoveryMessages.throttled] });
};

/** What one DynamoDB transaction may hold. */
const transactionLimit = 100;

/**
 * A right code changes the password, revokes every session of the user and lifts every
 * sign-in limit of the phone, in the one transaction that consumes the code: only one of two
 * concurrent resets with the same code does any of it.
 */
export const resetPassword = async (
  { phone, code, password }: ResetPasswordRequest,
  now = Date.now(),
  origin?: RequestOrigin,
): Promise<void> => {
  const invalid = new ValidationError({ code: ['The code is invalid or has expired'] });
  const user = await findUserByPhone(phone);
  // Unregistered phones hold a code too, so this spends the same try with the same writes.
  const check = await checkResetCode(phone, code, now);
  if (!user || !check.valid) throw invalid;
  const passwordHash = await hashPassword(password);
  const [sessions, signInLimits] = await Promise.all([sessionKeysOf(user.id), signInLimitsOf(phone)]);
  const deletes = [...sessions, ...signInLimits];
  // Every session ends: their open sockets close too (auth/close-sockets-job.ts).
  const closeSockets = sessions.length
    ? [
        closeSocketsJobPart(
          user.id,
          sessions.map((key) => key.sk.slice(key.sk.indexOf('#') + 1)),
        ),
      ]
    : [];
  const inTransaction = deletes.slice(0, transactionLimit - 3 - closeSockets.length);
  try {
    await transactWrite([
      check.consume,
      passwordHashPart(user.id, passwordHash),
      logEntryPart({ userId: user.id, event: 'password-reset', ...(origin ? { origin } : {}) }),
      ...closeSockets,
      ...inTransaction.map((key) => deletePart('revoke', key)),
    ]);
  } catch (error) {
    // Another reset with this code won.
    if (error instanceof ConditionFailed && error.failed('same code')) throw invalid;
    throw error;
  }
  // What one transaction cannot hold goes right after it (a user with that many sessions).
  await batchWrite(deletes.slice(inTransaction.length).map((key) => ({ delete: key })));
};

/** The language saved on the account, if it is one the app has (the browser applies it at sign-in). */
export const savedLanguageOf = (user: UserRecord): { language?: 'en' | 'fr' | 'ar' } => {
  const language: unknown = user.language;
  return language === 'en' || language === 'fr' || language === 'ar' ? { language } : {};
};

/** `GET /api/auth/me`: the user and rules, and the saved language the browser applies (docs/user-view.md). */
export const describeSignedInUser = async (
  userId: string,
): Promise<ResponseParts & { language?: 'en' | 'fr' | 'ar' }> => {
  const user = await getUserById(userId);
  if (!user) throw new UnauthorizedError('User no longer exists');
  return { ...(await describeUser(user)), ...savedLanguageOf(user) };
};
