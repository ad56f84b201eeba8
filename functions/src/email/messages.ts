/**
 * The compose side's error messages (English; the web app shows its own translations for the
 * fields it knows, and these for anything else). Shared with the web app through requests.ts.
 */
export const composeMessages = {
  modeUnknown: 'Mode must be new, reply, replyAll or forward',
  ofRequired: 'A reply or a forward names the mail it answers',
  addressInvalid: 'Enter a valid email address',
  nameTooLong: 'A name is at most 200 characters',
  subjectTooLong: 'The subject is too long',
  bodyTooLong: 'The message is too long',
  versionRequired: 'The version you read is required',
  staleVersion: 'This draft was changed elsewhere: here is the current version',
  noRecipients: 'Add at least one recipient',
  tooManyRecipients: 'Too many recipients',
  clientRecipient: 'You can write only to the agency’s team',
  attachmentNameInvalid: 'A file name is 1 to 200 characters',
  attachmentTypeRefused: 'This type of file cannot be attached',
  attachmentTooLarge: 'A file is at most 10 MB',
  attachmentsTooLarge: 'The attachments of one mail are at most 25 MB together',
  tooManyAttachments: 'Too many attachments',
  attachmentMissing: 'This attachment was not uploaded (or its upload expired): attach it again',
  attachmentMismatch: 'The uploaded file is not the one declared: attach it again',
  queryTooLong: 'The search is at most 100 characters',
} as const;
