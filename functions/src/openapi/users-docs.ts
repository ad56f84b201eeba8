import type { AreaRouteKey } from '../routes';
import {
  avatarConfirmRequest,
  avatarUploadRequest,
  contactChangeConfirmRequest,
  contactChangeRequest,
  contactChangeUndoRequest,
  updateProfileRequest,
} from '../users/requests';
import type { RouteDoc } from './route-doc';

/** The users area's routes in the public API's description (schemas from its contract). */
export const usersRouteDocs = {
  'GET /api/users/{id}': {
    summary: "The user view: profile and counts (admins anyone's; a client its own, else 404)",
    status: 200,
  },
  'PATCH /api/users/{id}': {
    summary: 'Edit fullName, about, status, language from the version read (stale is 409)',
    body: updateProfileRequest,
    status: 200,
  },
  'POST /api/users/{id}/avatar/upload': {
    summary: 'A presigned PUT for a picture of this type and size (jpeg/png/webp, at most 2 MB)',
    body: avatarUploadRequest,
    status: 200,
  },
  'POST /api/users/{id}/avatar': {
    summary: "Confirm the upload: checked on S3 (type, size), then the profile's avatar",
    body: avatarConfirmRequest,
    status: 200,
  },
  'DELETE /api/users/{id}/avatar': { summary: 'Remove the avatar', status: 200 },
  'POST /api/users/{id}/contact-change': {
    summary: 'Send a 6-digit code to a new email or phone: currentPassword (or a two-step code) (the owner only; 202)',
    body: contactChangeRequest,
    status: 202,
  },
  'POST /api/users/{id}/contact-change/confirm': {
    summary: 'Change email or phone with the code: claims and profile in one transaction',
    body: contactChangeConfirmRequest,
    status: 200,
  },
  'POST /api/users/contact-change/undo': {
    summary: "The old email's or phone's link (token): the change undone, every session ended, once",
    body: contactChangeUndoRequest,
    status: 200,
  },
} as const satisfies Record<AreaRouteKey<'users'>, RouteDoc>;
