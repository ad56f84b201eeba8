import { originOf } from '../auth/identity-service';
import { defineAreaHandler } from '../core/handler';
import { json, parseBody, pathIdIfValid, pathParam } from '../core/http';
import { userEntity } from '../core/users/entities';
import { usersHttpRoutes } from '../routes';
import { confirmAvatarUpload, removeAvatar, startAvatarUpload } from './avatar-service';
import { confirmContactChange, startContactChange } from './contact-change-service';
import { undoContactChange } from './contact-undo-service';
import {
  avatarConfirmRequest,
  avatarUploadRequest,
  contactChangeConfirmRequest,
  contactChangeRequest,
  contactChangeUndoRequest,
  updateProfileRequest,
} from './requests';
import { editProfile, viewProfile } from './service';

/**
 * The user view's profile and account (docs/user-view.md, "Profile and account"). Thin: one
 * service call per route with the caller, the path's id and the body as a function (the
 * service authorises before it reads it). The profile the path names is read with the session.
 */
export const handler = defineAreaHandler(
  'users',
  usersHttpRoutes,
  {
    'GET /api/users/{id}': async ({ event, caller }) => json(200, await viewProfile(caller, pathParam(event, 'id'))),
    'PATCH /api/users/{id}': async ({ event, caller }) =>
      json(200, {
        user: await editProfile(caller, pathParam(event, 'id'), () => parseBody(event, updateProfileRequest)),
      }),
    'POST /api/users/{id}/avatar/upload': async ({ event, caller }) =>
      json(200, await startAvatarUpload(caller, pathParam(event, 'id'), () => parseBody(event, avatarUploadRequest))),
    'POST /api/users/{id}/avatar': async ({ event, caller }) =>
      json(200, {
        user: await confirmAvatarUpload(caller, pathParam(event, 'id'), () => parseBody(event, avatarConfirmRequest)),
      }),
    'DELETE /api/users/{id}/avatar': async ({ event, caller }) =>
      json(200, { user: await removeAvatar(caller, pathParam(event, 'id')) }),
    'POST /api/users/{id}/contact-change': async ({ event, caller }) =>
      json(202, await startContactChange(caller, pathParam(event, 'id'), () => parseBody(event, contactChangeRequest))),
    'POST /api/users/{id}/contact-change/confirm': async ({ event, caller }) =>
      json(200, {
        user: await confirmContactChange(
          caller,
          pathParam(event, 'id'),
          () => parseBody(event, contactChangeConfirmRequest),
          originOf(event),
        ),
      }),
    'POST /api/users/contact-change/undo': async ({ event }) =>
      json(200, await undoContactChange(() => parseBody(event, contactChangeUndoRequest), originOf(event))),
  },
  {
    readWithSession: (_route, event) => {
      const id = pathIdIfValid(event, 'id');
      return id ? [userEntity.key(id)] : [];
    },
  },
);
