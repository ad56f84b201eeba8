import { profileLimits } from './contract';

/** The validation and error messages of the users area (the web app translates them by text). */
export const userMessages = {
  notFound: 'User not found',
  stale: 'Someone changed this profile since you opened it; review and save again',
  fullNameLength: `Full name must be ${profileLimits.fullNameMin}–${profileLimits.fullNameMax} characters`,
  aboutLength: `About must be at most ${profileLimits.aboutMax} characters`,
  statusUnknown: 'Choose online, away or offline',
  languageUnknown: 'Choose English, French or Arabic',
  versionRequired: 'The version you read is required',
  nothingToChange: 'Change at least one field',
  avatarType: 'The picture must be a JPEG, PNG or WebP image',
  avatarSize: 'The picture must be at most 2 MB',
  avatarKey: 'Upload the picture first',
  avatarMissing: 'The upload did not arrive; try again',
  phoneFormat: 'Enter the phone in international format, e.g. +15550100001',
  emailFormat: 'Enter a valid email address',
  fieldUnknown: 'Choose email or phone',
  sameValue: 'This is already your current one',
  phoneTaken: 'This phone number is already registered',
  emailTaken: 'This email is already registered',
  codeFormat: 'The code has 6 digits',
  codeWrong: 'The code is wrong or has expired',
  codeNone: 'Ask for a new code first',
  tooManyCodes: 'Too many codes asked for; try again later',
  selfOnly: 'Only the account’s owner can change its sign-in identifier',
  busy: 'Someone else changed this at the same moment; try again',
} as const;
