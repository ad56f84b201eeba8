import * as v from 'valibot';

import { object, trimInvisible } from '../core/schema';
import { avatarContentTypes, contactFields, profileLanguages, profileLimits, profileStatuses } from './contract';
import { userMessages } from './messages';

/**
 * The request bodies of the users area, shared with the web app's forms (react-hook-form with
 * the valibot resolver): the same rules in the browser and on the server.
 */

const fullName = v.pipe(
  v.string(userMessages.fullNameLength),
  trimInvisible(),
  v.minLength(profileLimits.fullNameMin, userMessages.fullNameLength),
  v.maxLength(profileLimits.fullNameMax, userMessages.fullNameLength),
);
const about = v.pipe(
  v.string(userMessages.aboutLength),
  trimInvisible(),
  v.maxLength(profileLimits.aboutMax, userMessages.aboutLength),
);

/** The fields of the account form (all of them: the form always sends what it shows). */
export const profileFormSchema = object({
  fullName,
  about,
  status: v.picklist(profileStatuses, userMessages.statusUnknown),
  language: v.picklist(profileLanguages, userMessages.languageUnknown),
});
export type ProfileFormValues = v.InferInput<typeof profileFormSchema>;

/** PATCH: any of the form's fields, from the version read. */
export const updateProfileRequest = v.pipe(
  object({
    fullName: v.optional(fullName),
    about: v.optional(about),
    status: v.optional(v.picklist(profileStatuses, userMessages.statusUnknown)),
    language: v.optional(v.picklist(profileLanguages, userMessages.languageUnknown)),
    version: v.pipe(v.number(userMessages.versionRequired), v.integer(userMessages.versionRequired), v.minValue(1)),
  }),
  v.check(
    (body) => [body.fullName, body.about, body.status, body.language].some((field) => field !== undefined),
    userMessages.nothingToChange,
  ),
);
export type UpdateProfileRequest = v.InferOutput<typeof updateProfileRequest>;

/** Ask for an upload URL: the picture's type and exact size (both are signed into the URL). */
export const avatarUploadRequest = object({
  contentType: v.picklist(avatarContentTypes, userMessages.avatarType),
  size: v.pipe(
    v.number(userMessages.avatarSize),
    v.integer(userMessages.avatarSize),
    v.minValue(1, userMessages.avatarSize),
    v.maxValue(profileLimits.avatarMaxBytes, userMessages.avatarSize),
  ),
});
export type AvatarUploadRequest = v.InferOutput<typeof avatarUploadRequest>;

export const avatarConfirmRequest = object({
  key: v.pipe(
    v.string(userMessages.avatarKey),
    v.regex(/^media\/pending\/[\w-]{1,64}\/[0-9A-Z]{26}$/, userMessages.avatarKey),
  ),
});
export type AvatarConfirmRequest = v.InferOutput<typeof avatarConfirmRequest>;

/** The phone as sign-in takes it (E.164), and email as registration takes it (auth/contract.ts). */
export const phonePattern = /^\+[1-9]\d{7,14}$/;
export const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The owner's proof that goes with a change of how the account signs in (docs/user-view.md): the
 * current password, or a current code from the authenticator app when two-step verification is
 * on. An open session alone (or a stolen access token) does not move the sign-in.
 */
const ownerProof = {
  currentPassword: v.optional(
    v.pipe(v.string(userMessages.passwordRequired), v.maxLength(128, userMessages.passwordRequired)),
  ),
  code: v.optional(v.pipe(v.string(userMessages.codeFormat), v.regex(/^\d{6}$/, userMessages.codeFormat))),
};

export const contactChangeRequest = v.pipe(
  v.variant(
    'field',
    [
      object({
        field: v.literal('email', userMessages.fieldUnknown),
        value: v.pipe(
          v.string(userMessages.emailFormat),
          trimInvisible(),
          v.maxLength(254, userMessages.emailFormat),
          v.regex(emailPattern, userMessages.emailFormat),
        ),
        ...ownerProof,
      }),
      object({
        field: v.literal('phone', userMessages.fieldUnknown),
        value: v.pipe(
          v.string(userMessages.phoneFormat),
          trimInvisible(),
          v.regex(phonePattern, userMessages.phoneFormat),
        ),
        ...ownerProof,
      }),
    ],
    userMessages.fieldUnknown,
  ),
  v.forward(
    v.check((input) => Boolean(input.currentPassword) || Boolean(input.code), userMessages.passwordRequired),
    ['currentPassword'],
  ),
);
export type ContactChangeRequest = v.InferOutput<typeof contactChangeRequest>;

export const contactChangeConfirmRequest = object({
  field: v.picklist(contactFields, userMessages.fieldUnknown),
  code: v.pipe(v.string(userMessages.codeFormat), v.regex(/^\d{6}$/, userMessages.codeFormat)),
});
export type ContactChangeConfirmRequest = v.InferOutput<typeof contactChangeConfirmRequest>;

/** The undo link's token (`<userId>.<field>.<secret>`): checked in full by the service. */
export const contactChangeUndoRequest = object({
  token: v.pipe(
    v.string(userMessages.undoInvalid),
    v.minLength(1, userMessages.undoInvalid),
    v.maxLength(200, userMessages.undoInvalid),
  ),
});
export type ContactChangeUndoRequest = v.InferOutput<typeof contactChangeUndoRequest>;
