/**
 * Mail HTML as Orbit stores and shows it: the sanitiser lives in core/html-sanitize.ts (the
 * mailings area sanitises its bodies with it too); the email area keeps importing it from here.
 */
export { htmlToText, sanitizeMailHtml, withRemoteImages, type SanitisedHtml } from '../core/html-sanitize';
