/**
 * The mailings' validation messages (English; the web app shows its own translations for the
 * fields it knows, and these for anything else). Shared with the web app through requests.ts.
 */
export const mailingMessages = {
  nameRequired: 'Enter a name',
  nameTooLong: 'A name is at most 200 characters',
  channelUnknown: 'Choose email or Telegram',
  channelIdInvalid: 'Choose a Telegram channel',
  channelIdRequired: 'Choose the Telegram channel it goes through',
  channelIdUnknown: 'No Telegram channel of the workspace has this id',
  subjectTooLong: 'The subject is at most 250 characters',
  subjectRequired: 'An email mailing needs a subject',
  bodyTooLong: 'The message is too long',
  bodyRequired: 'Write the message',
  throttleInvalid: 'Messages per minute is a whole number from 1 to 10000',
  versionRequired: 'The version you read is required',
  staleVersion: 'This mailing was changed elsewhere: here is the current version',
  notEditable: 'Only a draft can be changed: unschedule it first',
  notDeletable: 'Only a draft can be deleted',
  transitionRefused: 'This mailing cannot move to that state from where it is now',
  targetUnknown: 'Choose scheduled, draft, paused, sending or cancelled',
  scheduleOrNow: 'Choose a time, or send now',
  scheduleNotAllowed: 'Only scheduling takes a time',
  atInvalid: 'Enter a date and time',
  atPast: 'Choose a time in the future',
  atTooFar: 'Choose a time within a year',
  timeZoneInvalid: 'Choose a time zone',
  unknownVariable: 'Unknown variable: use {{fullName}} or {{firstName}}',
  malformedVariable: 'A variable is written {{firstName}} or {{firstName | "fallback"}}',
  personRequired: 'Choose a person',
  stateUnknown: 'Unknown state',
  cursorInvalid: 'Invalid cursor',
} as const;
