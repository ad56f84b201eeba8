/**
 * The team area's messages (docs/roles.md, "Team and invitations"), shown by the web app in the
 * caller's language (it maps each to its own words; these are the API's English).
 */
export const teamMessages = {
  memberNotFound: 'Member not found',
  invitationNotFound: 'This invitation link is not valid: it was used, revoked or replaced by a newer one',
  invitationExpired: 'This invitation link has expired: ask for a new one',
  ownRole: 'You cannot change your own role',
  ownAccount: 'You cannot suspend your own account',
  adminOnly: 'Only an administrator can give or take the administrator role',
  lastAdmin: 'The last active administrator cannot lose the role or be suspended',
  stale: 'This member changed meanwhile: reload and try again',
  emailTaken: 'This email already belongs to a member',
  phoneTaken: 'This phone already belongs to a member',
  contactRequired: 'Enter an email or a phone',
  oneContact: 'Enter an email or a phone, not both',
} as const;
