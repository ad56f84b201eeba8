import * as v from 'valibot';

import { roles } from '../core/roles';
import { object } from '../core/schema';
import { teamMessages } from './messages';

/** The team page's request bodies, shared with its dialogs (docs/roles.md, "Team and invitations"). */

/** The email addresses registration accepts (auth/contract.ts), so an invitee can sign up with it. */
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const emailMessage = 'Enter a valid email address';
const phoneMessage = 'Enter the phone in international format, e.g. +15550100001';

const blankAsAbsent = /* @__NO_SIDE_EFFECTS__ */ () =>
  v.transform((value: string) => (value.trim() === '' ? undefined : value.trim()));

export const inviteRequest = v.pipe(
  object({
    email: v.optional(
      v.pipe(
        v.string(emailMessage),
        blankAsAbsent(),
        v.optional(v.pipe(v.string(), v.regex(emailPattern, emailMessage), v.maxLength(254, emailMessage))),
      ),
    ),
    phone: v.optional(
      v.pipe(
        v.string(phoneMessage),
        blankAsAbsent(),
        v.optional(v.pipe(v.string(), v.regex(/^\+[1-9]\d{7,14}$/, phoneMessage))),
      ),
    ),
    role: v.picklist(roles, 'Choose a role'),
  }),
  v.forward(
    v.check((input) => input.email !== undefined || input.phone !== undefined, teamMessages.contactRequired),
    ['email'],
  ),
  v.forward(
    v.check((input) => input.email === undefined || input.phone === undefined, teamMessages.oneContact),
    ['email'],
  ),
);
export type InviteRequest = v.InferOutput<typeof inviteRequest>;

export const changeRoleRequest = object({
  role: v.picklist(roles, 'Choose a role'),
  version: v.optional(v.pipe(v.number('version must be a whole number'), v.integer(), v.minValue(1))),
});
export type ChangeRoleRequest = v.InferOutput<typeof changeRoleRequest>;
