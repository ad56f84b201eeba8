import type { AccessPattern } from './access-patterns';

/**
 * The rows of the access-pattern table (core/access-patterns.ts, which joins them) for who
 * someone is and what they may do: users and their unique claims, sign-in (sessions, attempt
 * budgets, reset codes), security (two-step, the security log), a change of the sign-in email or
 * phone and the way back, invitations, and the rate windows that bound abuse. Checked by the same
 * test as every row.
 */
export const identityAccessPatterns = [
  // Users (core/users): profiles of users and of leads, and what makes a user unique.
  {
    entity: 'User',
    module: 'core/users/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'PROFILE',
    patterns: ['user by id', 'a lead is a profile too (role lead, no claims)'],
  },
  {
    entity: 'User',
    module: 'core/users/entities.ts',
    index: 'gsi1',
    pk: 'ROLE#<role>',
    sk: '<lower-case name>#<userId>',
    patterns: ['users of a role by name (chat contacts)', 'people to pick by name prefix (projects)'],
  },
  {
    entity: 'User',
    module: 'core/users/entities.ts',
    index: 'gsi2',
    pk: 'PEOPLE',
    sk: '<lower-case name>#<userId>',
    patterns: ['every profile by name, whatever its role (an admin’s chat contacts)'],
  },
  {
    entity: 'UniqueClaim',
    module: 'core/users/entities.ts',
    index: 'table',
    pk: 'PHONE#<e164>',
    sk: 'UNIQUE',
    patterns: ['user id by phone (sign-in, uniqueness)'],
  },
  {
    entity: 'UniqueClaim',
    module: 'core/users/entities.ts',
    index: 'table',
    pk: 'EMAIL#<lower-case email>',
    sk: 'UNIQUE',
    patterns: ['user id by email (uniqueness)'],
  },
  {
    entity: 'UniqueClaim',
    module: 'core/users/entities.ts',
    index: 'table',
    pk: 'REFERRAL#<upper-case code>',
    sk: 'UNIQUE',
    patterns: ['user id by referral code'],
  },
  // Sign-in: sessions (core/sign-in-entities.ts), attempt budgets and reset codes (auth/entities.ts).
  {
    entity: 'Session',
    module: 'core/sign-in-entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'SESSION#<sessionId>',
    patterns: ['session by id (every signed-in request)', 'sessions of a user (revoke all)'],
  },
  {
    entity: 'RoleRules',
    module: 'core/sign-in-entities.ts',
    index: 'table',
    pk: 'ROLE_RULES',
    sk: 'CURRENT',
    patterns: [
      'the staff roles’ rules (every signed-in request, with the session)',
      'rewritten with any permission change',
    ],
  },
  {
    entity: 'SignInAttemptsPerPhoneAtSource',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#PHONE#<sha-256 of the phone>',
    sk: 'SIGNIN#SOURCE#<sha-256 of the source>',
    patterns: [
      'sign-in attempts for a phone from one source (TTL)',
      'sign-in budgets of a phone, lifted by a password reset (begins_with SIGNIN#)',
    ],
  },
  {
    entity: 'SignInAttemptsPerPhone',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#PHONE#<sha-256 of the phone>',
    sk: 'SIGNIN#ALL',
    patterns: [
      'sign-in attempts for a phone from every source (TTL)',
      'sign-in budgets of a phone, lifted by a password reset (begins_with SIGNIN#)',
    ],
  },
  {
    entity: 'SignInAttemptsPerSource',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#SOURCE#<sha-256 of the source>',
    sk: 'SIGNIN',
    patterns: ['sign-in attempts from one source, whatever the phone (TTL)'],
  },
  {
    entity: 'ResetIssuesPerPhone',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#PHONE#<sha-256 of the phone>',
    sk: 'RESETISSUE',
    patterns: ['reset codes issued for a phone (TTL)'],
  },
  {
    entity: 'ResetIssuesPerSource',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#SOURCE#<sha-256 of the source>',
    sk: 'RESETISSUE',
    patterns: ['reset codes requested from one source (TTL)'],
  },
  {
    entity: 'ResetCode',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'RESET#<sha-256 of the phone>',
    sk: 'RESET',
    patterns: ['password-reset code and wrong tries for a phone (TTL)'],
  },
  // Security (auth/entities.ts): two-step verification, its sign-in challenges and code budgets, the security log.
  {
    entity: 'TwoStep',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'TWOSTEP',
    patterns: ['a user’s two-step secret, last used step and recovery code digests'],
  },
  {
    entity: 'SecurityLogEntry',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'SECLOG#<ulid>',
    patterns: ['a user’s security log, newest first, by cursor (TTL)'],
  },
  {
    entity: 'TwoStepChallenge',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'CHALLENGE#<sha-256 of the challenge>',
    sk: 'CHALLENGE',
    patterns: ['a sign-in waiting for its second step (TTL)'],
  },
  {
    entity: 'CodeChecksPerUser',
    module: 'auth/entities.ts',
    index: 'table',
    pk: 'THROTTLE#USER#<sha-256 of the user id>',
    sk: 'CODES',
    patterns: ['two-step codes and passwords asked again, checked for a user (TTL)'],
  },
  // Users (the user view): a pending change of the sign-in email or phone, and the way back from one.
  {
    entity: 'ContactChange',
    module: 'users/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'CONTACT_CHANGE#<field>',
    patterns: ['the pending email or phone change of a user: the new value, its code and the budgets (TTL)'],
  },
  {
    entity: 'ContactUndo',
    module: 'users/entities.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'CONTACT_UNDO#<field>',
    patterns: ["the way back from a user's email or phone changes: the value to restore and the links' digests (TTL)"],
  },
  // Team (core/team/entities.ts): invitations and the count of active administrators.
  {
    entity: 'Invitation',
    module: 'core/team/entities.ts',
    index: 'table',
    pk: 'INVITATIONS',
    sk: 'INVITATION#<ulid>',
    patterns: [
      'pending invitations, newest first (the team page)',
      'an invitation by the id its link holds (accept, resend, revoke)',
    ],
  },
  {
    entity: 'AdminCount',
    module: 'core/team/entities.ts',
    index: 'table',
    pk: 'COUNTER#active-admins',
    sk: 'COUNTER',
    patterns: ['active administrators, changed with every role change or suspension that moves one (never below 1)'],
  },
  // Rate limits (core/rate-window.ts): one item per window of a subject, in a partition its area owns.
  {
    entity: 'RateWindow',
    module: 'core/rate-window.ts',
    index: 'table',
    pk: 'THROTTLE#SOURCE#<sha-256 of the source>',
    sk: 'RATE#registrations#<seconds>#<window>',
    patterns: ['accounts registered from one source in an hour, a day (conditional ADD with the account; TTL)'],
  },
  {
    entity: 'RateWindow',
    module: 'core/rate-window.ts',
    index: 'table',
    pk: 'USER#<userId>',
    sk: 'RATE#<limit>#<seconds>#<window>',
    patterns: [
      'invitations a member sent, outside recipients a member mailed, webhook test events a member sent, in a window (conditional ADD with the send; TTL)',
    ],
  },
  {
    entity: 'RateWindow',
    module: 'core/rate-window.ts',
    index: 'table',
    pk: 'INVITATIONS',
    sk: 'RATE#resends:<invitationId>#<seconds>#<window>',
    patterns: ['times one invitation was sent again in a window (conditional ADD with the resend; TTL)'],
  },
  {
    entity: 'RateWindow',
    module: 'core/rate-window.ts',
    index: 'table',
    pk: 'WEBHOOK#<webhookId>',
    sk: 'RATE#test-events#<seconds>#<window>',
    patterns: ['test events sent to one endpoint in a window (conditional ADD with the delivery; TTL)'],
  },
] as const satisfies readonly AccessPattern[];
