/**
 * The one route table. The local server serves it, CDK builds API Gateway from it, and the
 * authorisation matrix test walks it. Adding a route here without a handler fails typecheck
 * (each area's handler must implement exactly its route keys), and so does adding one without
 * its row in tests/support/route-expectations.ts (who may call it: the authorisation matrix).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One Lambda function per area; `functions/src/<area>/handler.ts` exports `handler`. */
export const areas = [
  'health',
  'auth',
  'chat',
  'permissions',
  'projects',
  'channels',
  'users',
  'notifications',
  'team',
  'email',
  'mailings',
  'integrations',
  'openapi',
  'plans',
  'referrals',
  'invoice-pdf',
  'payments',
] as const;
export type Area = (typeof areas)[number];

export interface HttpRouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway path syntax: `{name}` for a path parameter. Keeps the `/api` prefix. */
  readonly path: `/api/${string}`;
  readonly area: Area;
  /** Public routes skip authentication; every other route requires a valid access token. */
  readonly access: 'public' | 'signed-in';
}

/** A route of one area (each area's list is typed so a route cannot sit in another's). */
export type AreaRouteDefinition<A extends Area> = HttpRouteDefinition & { readonly area: A };

// One line per route reads as a table; keep it that way. What a route does goes in its line's
// comment, not in a field. The table is written per area so that each area's Lambda bundle
// carries only its own routes (core/handler.ts takes an area's list); `httpRoutes` joins them.

// prettier-ignore
export const healthHttpRoutes = [
  { method: 'GET', path: '/api/health', area: 'health', access: 'public' }, // Liveness probe
] as const satisfies readonly AreaRouteDefinition<'health'>[];

// prettier-ignore
export const authHttpRoutes = [
  { method: 'POST', path: '/api/auth/login', area: 'auth', access: 'public' }, // Sign in with phone and password
  { method: 'POST', path: '/api/auth/register', area: 'auth', access: 'public' }, // Create a client account and sign in
  { method: 'POST', path: '/api/auth/refresh', area: 'auth', access: 'public' }, // Rotate the refresh cookie, issue a new access token
  { method: 'POST', path: '/api/auth/logout', area: 'auth', access: 'public' }, // Revoke the current session
  { method: 'POST', path: '/api/auth/forgot-password', area: 'auth', access: 'public' }, // Send a one-time reset code
  { method: 'POST', path: '/api/auth/reset-password', area: 'auth', access: 'public' }, // Set a new password with the code
  { method: 'GET', path: '/api/auth/me', area: 'auth', access: 'signed-in' }, // The signed-in user and ability rules
  // Security (docs/user-view.md): the second step of a sign-in, sessions, password, two-step verification, the security log
  { method: 'POST', path: '/api/auth/login/two-step', area: 'auth', access: 'public' }, // Finish a sign-in with a TOTP or recovery code: challenge, code | recoveryCode
  { method: 'GET', path: '/api/users/{id}/sessions', area: 'auth', access: 'signed-in' }, // Live sessions with browser, OS, IP, created, last used (own; admin)
  { method: 'DELETE', path: '/api/users/{id}/sessions/{sessionId}', area: 'auth', access: 'signed-in' }, // Revoke one session: 401 next and its sockets closed (own; admin)
  { method: 'POST', path: '/api/users/{id}/sessions/revoke-others', area: 'auth', access: 'signed-in' }, // Revoke every session but this one (own only)
  { method: 'GET', path: '/api/users/{id}/security-log', area: 'auth', access: 'signed-in' }, // Security log, newest first: cursor, limit (own; admin)
  { method: 'POST', path: '/api/users/{id}/password', area: 'auth', access: 'signed-in' }, // Change password: currentPassword, newPassword; other sessions end (own only)
  { method: 'GET', path: '/api/users/{id}/two-step', area: 'auth', access: 'signed-in' }, // Two-step verification on or off, recovery codes left (own; admin)
  { method: 'POST', path: '/api/users/{id}/two-step', area: 'auth', access: 'signed-in' }, // Start enrolment: otpauth URI and secret, once (own only)
  { method: 'POST', path: '/api/users/{id}/two-step/confirm', area: 'auth', access: 'signed-in' }, // Turn on with a first code: ten recovery codes, once (own only)
  { method: 'DELETE', path: '/api/users/{id}/two-step', area: 'auth', access: 'signed-in' }, // Turn off: password or code (own only)
  { method: 'POST', path: '/api/users/{id}/two-step/recovery-codes', area: 'auth', access: 'signed-in' }, // New recovery codes, old ones void: password or code (own only)
  // Team (docs/roles.md, "Team and invitations"): the auth area issues sessions and owns two-step records
  { method: 'POST', path: '/api/auth/accept-invitation', area: 'auth', access: 'public' }, // Sign up through an invitation link: token, fullName, password, the contact it lacks; signed in as register
  { method: 'POST', path: '/api/team/members/{id}/two-step/reset', area: 'auth', access: 'signed-in' }, // Turn a member's two-step verification off, in their security log (update Team; an admin's only by an admin)
] as const satisfies readonly AreaRouteDefinition<'auth'>[];

// prettier-ignore
export const chatHttpRoutes = [
  { method: 'GET', path: '/api/apps/chat/chats-and-contacts', area: 'chat', access: 'signed-in' }, // Chats (newest first), contacts and the profile user; q and statusFilter
  { method: 'GET', path: '/api/apps/chat/chats/{userId}', area: 'chat', access: 'signed-in' }, // Open the chat with a contact (newest page); resets unseenMsgs
  { method: 'GET', path: '/api/apps/chat/chats/{userId}/messages', area: 'chat', access: 'signed-in' }, // Older messages of a chat, newest first, by cursor
  { method: 'POST', path: '/api/apps/chat/chats/{userId}', area: 'chat', access: 'signed-in' }, // Send a message (creates the chat on the first one)
  { method: 'GET', path: '/api/apps/chat/contacts', area: 'chat', access: 'signed-in' }, // Contacts the caller may chat with, by name (q, limit); reads only (the navbar search)
  { method: 'POST', path: '/api/apps/chat/contacts', area: 'chat', access: 'signed-in' }, // Change a contact's status (admins; body userId, status)
  { method: 'POST', path: '/api/apps/chat/chats/{userId}/messages/{messageId}/retry', area: 'chat', access: 'signed-in' }, // Send a failed / unknown channel reply again (admin; a new delivery job, same message)
  { method: 'GET', path: '/api/apps/chat/chats/{userId}/scheduled', area: 'chat', access: 'signed-in' }, // The caller's messages scheduled to a contact, soonest first (admin; send later)
  { method: 'POST', path: '/api/apps/chat/chats/{userId}/scheduled', area: 'chat', access: 'signed-in' }, // Schedule a message: message, sendAt in the coming year (admin)
  { method: 'PATCH', path: '/api/apps/chat/chats/{userId}/scheduled/{scheduledId}', area: 'chat', access: 'signed-in' }, // Edit message and/or sendAt from the version read, until it is being sent (admin; else 409)
  { method: 'DELETE', path: '/api/apps/chat/chats/{userId}/scheduled/{scheduledId}', area: 'chat', access: 'signed-in' }, // Cancel a scheduled message until it is being sent (admin; else 409)
  { method: 'POST', path: '/api/realtime/ticket', area: 'chat', access: 'signed-in' }, // A single-use ticket for the next WebSocket handshake (/ws?ticket=), good 30 s; sessions only, never a key
] as const satisfies readonly AreaRouteDefinition<'chat'>[];

// prettier-ignore
export const permissionsHttpRoutes = [
  { method: 'GET', path: '/api/apps/permissions', area: 'permissions', access: 'signed-in' }, // List permissions with their rules (docs/product.md#calls: q, sortBy=name, orderBy, page, itemsPerPage; read Permission)
  { method: 'POST', path: '/api/apps/permissions', area: 'permissions', access: 'signed-in' }, // Create a permission with a unique name and its rules; rewrites the role rules (create Permission; no escalation)
  { method: 'PATCH', path: '/api/apps/permissions/{id}', area: 'permissions', access: 'signed-in' }, // Rename, reassign and/or change the rules from the version read; stale is 409 (update Permission; no escalation)
  { method: 'DELETE', path: '/api/apps/permissions/{id}', area: 'permissions', access: 'signed-in' }, // Delete a permission, optionally at ?version=; rewrites the role rules (delete Permission; no escalation)
] as const satisfies readonly AreaRouteDefinition<'permissions'>[];

// prettier-ignore
export const projectsHttpRoutes = [
  { method: 'GET', path: '/api/apps/projects', area: 'projects', access: 'signed-in' }, // List projects in the caller's scope: q, status, type, clientId, sort, order, limit, cursor
  { method: 'POST', path: '/api/apps/projects', area: 'projects', access: 'signed-in' }, // Create a project of a type (admin)
  { method: 'GET', path: '/api/apps/projects/people', area: 'projects', access: 'signed-in' }, // Clients or admins to pick for a project, by name prefix (admin)
  { method: 'GET', path: '/api/apps/projects/{id}', area: 'projects', access: 'signed-in' }, // One project with its stages and progress
  { method: 'PATCH', path: '/api/apps/projects/{id}', area: 'projects', access: 'signed-in' }, // Edit from the version read (admin; stale is 409 with the current state)
  { method: 'DELETE', path: '/api/apps/projects/{id}', area: 'projects', access: 'signed-in' }, // Delete with its tasks, confirmed by ?confirm=<exact name> (admin)
  { method: 'POST', path: '/api/apps/projects/{id}/archive', area: 'projects', access: 'signed-in' }, // Archive from the version read (admin)
  { method: 'POST', path: '/api/apps/projects/{id}/restore', area: 'projects', access: 'signed-in' }, // Restore an archived project to its earlier status (admin)
  { method: 'GET', path: '/api/apps/projects/{id}/board', area: 'projects', access: 'signed-in' }, // The project and all its tasks by stage and rank
  { method: 'GET', path: '/api/apps/projects/{id}/activity', area: 'projects', access: 'signed-in' }, // What happened in a project, newest first, by cursor
  { method: 'POST', path: '/api/apps/projects/{id}/tasks', area: 'projects', access: 'signed-in' }, // Add a task at the end of a stage (admin)
  { method: 'GET', path: '/api/apps/projects/{id}/tasks/{taskId}', area: 'projects', access: 'signed-in' }, // One task
  { method: 'PATCH', path: '/api/apps/projects/{id}/tasks/{taskId}', area: 'projects', access: 'signed-in' }, // Edit a task from the version read (admin)
  { method: 'DELETE', path: '/api/apps/projects/{id}/tasks/{taskId}', area: 'projects', access: 'signed-in' }, // Delete a task and its comments (admin)
  { method: 'POST', path: '/api/apps/projects/{id}/tasks/{taskId}/move', area: 'projects', access: 'signed-in' }, // Move a task to a stage and index, from the version read (admin)
  { method: 'GET', path: '/api/apps/projects/{id}/tasks/{taskId}/comments', area: 'projects', access: 'signed-in' }, // Comments of a task, oldest first, by cursor
  { method: 'POST', path: '/api/apps/projects/{id}/tasks/{taskId}/comments', area: 'projects', access: 'signed-in' }, // Comment on a task (admin, or the project's client)
  { method: 'DELETE', path: '/api/apps/projects/{id}/tasks/{taskId}/comments/{commentId}', area: 'projects', access: 'signed-in' }, // Delete a comment (admin)
] as const satisfies readonly AreaRouteDefinition<'projects'>[];

// prettier-ignore
export const channelsHttpRoutes = [
  { method: 'GET', path: '/api/apps/channels', area: 'channels', access: 'signed-in' }, // List channels with status, last activity and counts (admin)
  { method: 'POST', path: '/api/apps/channels', area: 'channels', access: 'signed-in' }, // Connect a channel by type (admin; a webhook's signing secret is returned this once)
  { method: 'GET', path: '/api/apps/channels/leads', area: 'channels', access: 'signed-in' }, // The lead board: leads by status with counts and their channel (admin)
  { method: 'GET', path: '/api/apps/channels/work', area: 'channels', access: 'signed-in' }, // Background jobs that need an admin: dead or unknown outcome (admin)
  { method: 'POST', path: '/api/apps/channels/work/{jobId}/replay', area: 'channels', access: 'signed-in' }, // Queue a dead / unknown job again (admin)
  { method: 'GET', path: '/api/apps/channels/{id}', area: 'channels', access: 'signed-in' }, // One channel (admin)
  { method: 'PATCH', path: '/api/apps/channels/{id}', area: 'channels', access: 'signed-in' }, // Edit name, owner, settings, a new bot token, from the version read (admin; stale is 409)
  { method: 'DELETE', path: '/api/apps/channels/{id}', area: 'channels', access: 'signed-in' }, // Remove a channel (admin; a Telegram bot's webhook is removed in the background)
  { method: 'POST', path: '/api/apps/channels/{id}/pause', area: 'channels', access: 'signed-in' }, // Stop sending and receiving (admin)
  { method: 'POST', path: '/api/apps/channels/{id}/resume', area: 'channels', access: 'signed-in' }, // Active again (admin)
  { method: 'POST', path: '/api/apps/channels/{id}/test', area: 'channels', access: 'signed-in' }, // Send a test message to yourself in the background; 202, the result lands in lastTest (admin)
  { method: 'POST', path: '/api/hooks/telegram/{channelId}', area: 'channels', access: 'public' }, // Telegram updates; only with the channel's secret token header
  { method: 'POST', path: '/api/hooks/webhook/{channelId}', area: 'channels', access: 'public' }, // Inbound webhook messages; only with a valid Standard Webhooks signature
] as const satisfies readonly AreaRouteDefinition<'channels'>[];

// prettier-ignore
export const usersHttpRoutes = [
  { method: 'GET', path: '/api/users/{id}', area: 'users', access: 'signed-in' }, // The user view: profile and counts (admins anyone's; a client its own, else 404)
  { method: 'PATCH', path: '/api/users/{id}', area: 'users', access: 'signed-in' }, // Edit fullName, about, status, language from the version read (stale is 409)
  { method: 'POST', path: '/api/users/{id}/avatar/upload', area: 'users', access: 'signed-in' }, // A presigned PUT for a picture of this type and size (jpeg/png/webp, at most 2 MB)
  { method: 'POST', path: '/api/users/{id}/avatar', area: 'users', access: 'signed-in' }, // Confirm the upload: checked on S3 (type, size), then the profile's avatar
  { method: 'DELETE', path: '/api/users/{id}/avatar', area: 'users', access: 'signed-in' }, // Remove the avatar
  { method: 'POST', path: '/api/users/{id}/contact-change', area: 'users', access: 'signed-in' }, // Send a 6-digit code to a new email or phone: currentPassword (or a two-step code) (the owner only; 202)
  { method: 'POST', path: '/api/users/{id}/contact-change/confirm', area: 'users', access: 'signed-in' }, // Change email or phone with the code: claims and profile in one transaction
  { method: 'POST', path: '/api/users/contact-change/undo', area: 'users', access: 'public' }, // The old email's or phone's link (token): the change undone, every session ended, once
] as const satisfies readonly AreaRouteDefinition<'users'>[];

// prettier-ignore
export const notificationsHttpRoutes = [
  { method: 'GET', path: '/api/notifications', area: 'notifications', access: 'signed-in' }, // The caller's own notifications, newest first (limit, cursor), with the unread count
  { method: 'GET', path: '/api/notifications/unread', area: 'notifications', access: 'signed-in' }, // The caller's unread count only (the navbar's badge)
  { method: 'POST', path: '/api/notifications/read', area: 'notifications', access: 'signed-in' }, // Mark some of the caller's notifications read (ids; one not theirs → 404, nothing changed)
  { method: 'POST', path: '/api/notifications/read-all', area: 'notifications', access: 'signed-in' }, // Mark every one of the caller's notifications read
  { method: 'GET', path: '/api/notifications/settings', area: 'notifications', access: 'signed-in' }, // The caller's choices per event and channel (in-app, email)
  { method: 'PUT', path: '/api/notifications/settings', area: 'notifications', access: 'signed-in' }, // Save the caller's whole table of choices (and the profile's isNotificationsOn)
] as const satisfies readonly AreaRouteDefinition<'notifications'>[];

// prettier-ignore
export const teamHttpRoutes = [
  { method: 'GET', path: '/api/team/members', area: 'team', access: 'signed-in' }, // Everyone who signs in: q, role, page, itemsPerPage; status and last seen (read Team)
  { method: 'PATCH', path: '/api/team/members/{id}/role', area: 'team', access: 'signed-in' }, // Change a member's role, version optional (update Role; administrator only by one; never one's own; never the last administrator)
  { method: 'POST', path: '/api/team/members/{id}/suspend', area: 'team', access: 'signed-in' }, // Suspend: sign-in refused, sessions revoked, sockets closed (update Team; not oneself; not the last administrator)
  { method: 'POST', path: '/api/team/members/{id}/reactivate', area: 'team', access: 'signed-in' }, // Lift a suspension (update Team)
  { method: 'GET', path: '/api/team/invitations', area: 'team', access: 'signed-in' }, // Pending invitations, newest first (read Team)
  { method: 'POST', path: '/api/team/invitations', area: 'team', access: 'signed-in' }, // Invite by email or phone with a role; the link is sent in the background (create Team; administrator only by one)
  { method: 'POST', path: '/api/team/invitations/{id}/resend', area: 'team', access: 'signed-in' }, // Send a new link; the old one stops working (create Team)
  { method: 'DELETE', path: '/api/team/invitations/{id}', area: 'team', access: 'signed-in' }, // Revoke a pending invitation (delete Team)
  { method: 'GET', path: '/api/team/invitations/accept', area: 'team', access: 'public' }, // What an invitation link offers (?token=): inviter, role, contact; 404 used/revoked, 410 expired
] as const satisfies readonly AreaRouteDefinition<'team'>[];

// prettier-ignore
export const emailHttpRoutes = [
  // The caller's own mailbox only (docs/email.md): another person's mail is a 404 for everyone
  { method: 'GET', path: '/api/apps/email/mails', area: 'email', access: 'signed-in' }, // A page of mails, newest first: filter | label, q, unread, attachments, cursor, limit; with counts (read Email)
  { method: 'GET', path: '/api/apps/email/counts', area: 'email', access: 'signed-in' }, // Unread per folder, starred and label; drafts (read Email)
  { method: 'GET', path: '/api/apps/email/mails/{id}', area: 'email', access: 'signed-in' }, // One mail with body, attachments, recipients' status and its thread (read Email)
  { method: 'PATCH', path: '/api/apps/email/mails/{id}', area: 'email', access: 'signed-in' }, // Read, starred, folder, labels, showImages (update Email)
  { method: 'POST', path: '/api/apps/email/mails/bulk', area: 'email', access: 'signed-in' }, // The same changes or deleteForever on up to 100 ids (update Email)
  { method: 'DELETE', path: '/api/apps/email/mails/{id}', area: 'email', access: 'signed-in' }, // Delete forever, from trash or spam only (update Email)
  { method: 'POST', path: '/api/apps/email/folders/{folder}/empty', area: 'email', access: 'signed-in' }, // Empty spam or trash (update Email)
  { method: 'GET', path: '/api/apps/email/mails/{id}/attachments/{attachmentId}', area: 'email', access: 'signed-in' }, // A signed download link for a minute (read Email)
  { method: 'POST', path: '/api/apps/email/drafts', area: 'email', access: 'signed-in' }, // A new draft, or a reply / reply-all / forward of a mail (create Email)
  { method: 'PUT', path: '/api/apps/email/drafts/{id}', area: 'email', access: 'signed-in' }, // Save a draft from the version read; stale is 409 with the current draft (create Email)
  { method: 'DELETE', path: '/api/apps/email/drafts/{id}', area: 'email', access: 'signed-in' }, // Discard a draft (create Email)
  { method: 'POST', path: '/api/apps/email/drafts/{id}/send', area: 'email', access: 'signed-in' }, // Send a draft from the version read: the sent copy, delivery by background work (create Email)
  { method: 'POST', path: '/api/apps/email/drafts/{id}/attachments', area: 'email', access: 'signed-in' }, // Attach a file: type and size checked, a presigned upload (create Email)
  { method: 'DELETE', path: '/api/apps/email/drafts/{id}/attachments/{attachmentId}', area: 'email', access: 'signed-in' }, // Remove an attachment from a draft (create Email)
  { method: 'GET', path: '/api/apps/email/recipients', area: 'email', access: 'signed-in' }, // To/Cc/Bcc suggestions by q: users and contacts the caller may write to (create Email)
] as const satisfies readonly AreaRouteDefinition<'email'>[];

// prettier-ignore
export const mailingsHttpRoutes = [
  // Audiences and tags (docs/mailings.md, "Audiences"): people are chat contacts, users and leads alike
  { method: 'POST', path: '/api/apps/mailings/audience/preview', area: 'mailings', access: 'signed-in' }, // Recipient count, a sample of names and who is left out (opted out, suppressed, unreachable) for an audience on a channel (read Mailing)
  { method: 'GET', path: '/api/apps/mailings/channels', area: 'mailings', access: 'signed-in' }, // The Telegram channels a mailing can go through, by name (read Mailing)
  { method: 'GET', path: '/api/apps/mailings/contacts', area: 'mailings', access: 'signed-in' }, // People with their tags, status and opt-out, by q / tag / status and cursor, for bulk tagging (read Contact)
  { method: 'GET', path: '/api/apps/mailings/tags', area: 'mailings', access: 'signed-in' }, // The tags in use, with how many people carry each (read Contact)
  { method: 'PUT', path: '/api/apps/mailings/contacts/{id}/tags', area: 'mailings', access: 'signed-in' }, // Set one person's tags (update Contact)
  { method: 'POST', path: '/api/apps/mailings/contacts/tags', area: 'mailings', access: 'signed-in' }, // Add and remove tags on up to 500 people at once (update Contact)
  // Mailings (docs/mailings.md, "States"): draft → scheduled → sending ↔ paused → sent, or cancelled
  { method: 'GET', path: '/api/apps/mailings', area: 'mailings', access: 'signed-in' }, // Mailings newest first with state and totals: state, cursor, limit (read Mailing)
  { method: 'POST', path: '/api/apps/mailings', area: 'mailings', access: 'signed-in' }, // A new draft mailing (create Mailing)
  { method: 'GET', path: '/api/apps/mailings/{id}', area: 'mailings', access: 'signed-in' }, // One mailing with its audience, content, schedule and totals (read Mailing)
  { method: 'PUT', path: '/api/apps/mailings/{id}', area: 'mailings', access: 'signed-in' }, // Save a draft from the version read: stale is 409, a mailing past draft is 409 (update Mailing)
  { method: 'DELETE', path: '/api/apps/mailings/{id}', area: 'mailings', access: 'signed-in' }, // Delete a draft (delete Mailing)
  { method: 'POST', path: '/api/apps/mailings/{id}/transitions', area: 'mailings', access: 'signed-in' }, // Change state from the version read: schedule (at, time zone) or send now, unschedule, pause, resume, cancel; a transition the state does not allow is 409 (update Mailing)
  { method: 'POST', path: '/api/apps/mailings/{id}/preview', area: 'mailings', access: 'signed-in' }, // The subject and body as one recipient will get them, variables filled (read Mailing)
  { method: 'POST', path: '/api/apps/mailings/{id}/test', area: 'mailings', access: 'signed-in' }, // Send the mailing to yourself now, marked as a test, in the background (update Mailing)
  { method: 'GET', path: '/api/apps/mailings/{id}/recipients', area: 'mailings', access: 'signed-in' }, // Each recipient's status: status, cursor, limit (read Mailing)
  { method: 'GET', path: '/api/apps/mailings/{id}/stats', area: 'mailings', access: 'signed-in' }, // Totals and sends over time (read Mailing)
  // Sequences (docs/mailings.md, "Sequences"): steps sent N days after a person enters a status or a tag
  { method: 'GET', path: '/api/apps/mailings/sequences', area: 'mailings', access: 'signed-in' }, // Sequences with their trigger, state and each step's totals (read Mailing)
  { method: 'POST', path: '/api/apps/mailings/sequences', area: 'mailings', access: 'signed-in' }, // A new sequence, paused (create Mailing)
  { method: 'GET', path: '/api/apps/mailings/sequences/{id}', area: 'mailings', access: 'signed-in' }, // One sequence with its steps and their statistics (read Mailing)
  { method: 'PUT', path: '/api/apps/mailings/sequences/{id}', area: 'mailings', access: 'signed-in' }, // Save name, trigger, channel, steps and active from the version read: stale is 409 (update Mailing)
  { method: 'DELETE', path: '/api/apps/mailings/sequences/{id}', area: 'mailings', access: 'signed-in' }, // Delete a sequence; its enrolments stop (delete Mailing)
  { method: 'GET', path: '/api/apps/mailings/sequences/{id}/enrolments', area: 'mailings', access: 'signed-in' }, // Who is in it, at which step, or why they left: status, cursor (read Mailing)
  // Opting out: public, the signed token is the credential (RFC 8058 one-click, and the footer's page)
  { method: 'GET', path: '/api/mailings/unsubscribe/{token}', area: 'mailings', access: 'public' }, // What the unsubscribe page shows: the workspace, a masked address, the language, already opted out
  { method: 'POST', path: '/api/mailings/unsubscribe/{token}', area: 'mailings', access: 'public' }, // Opt out of every mailing and sequence (List-Unsubscribe=One-Click, or the page's button)
] as const satisfies readonly AreaRouteDefinition<'mailings'>[];

// prettier-ignore
export const integrationsHttpRoutes = [
  // Help links (docs/integrations.md, "Help links"): where /wiki and /telegram lead, set by an admin
  { method: 'GET', path: '/api/integrations/links', area: 'integrations', access: 'public' }, // The /wiki and /telegram targets, null until set (public: the routes that open them are)
  { method: 'PUT', path: '/api/apps/integrations/links', area: 'integrations', access: 'signed-in' }, // Set or clear both targets (http(s) URLs) from the version read (update Integration)
  // Webhooks out (docs/integrations.md, "Webhooks")
  { method: 'GET', path: '/api/apps/integrations/webhooks', area: 'integrations', access: 'signed-in' }, // The subscriptions, newest first, never their secrets (read Integration)
  { method: 'POST', path: '/api/apps/integrations/webhooks', area: 'integrations', access: 'signed-in' }, // A subscription to a checked public URL; its signing secret answered this once (create Integration)
  { method: 'GET', path: '/api/apps/integrations/webhooks/{id}', area: 'integrations', access: 'signed-in' }, // One subscription (read Integration)
  { method: 'PATCH', path: '/api/apps/integrations/webhooks/{id}', area: 'integrations', access: 'signed-in' }, // URL, events, description, on/off from the version read; stale is 409 (update Integration)
  { method: 'DELETE', path: '/api/apps/integrations/webhooks/{id}', area: 'integrations', access: 'signed-in' }, // Remove a subscription; its log expires by TTL (delete Integration)
  { method: 'POST', path: '/api/apps/integrations/webhooks/{id}/rotate-secret', area: 'integrations', access: 'signed-in' }, // A new secret answered once; the old one signs beside it for 24 h (update Integration)
  { method: 'POST', path: '/api/apps/integrations/webhooks/{id}/test', area: 'integrations', access: 'signed-in' }, // Queue a webhook.test event to this subscription only (update Integration)
  { method: 'GET', path: '/api/apps/integrations/webhooks/{id}/deliveries', area: 'integrations', access: 'signed-in' }, // The delivery log, newest first, by status, by cursor (read Integration)
  { method: 'GET', path: '/api/apps/integrations/webhooks/{id}/deliveries/{deliveryId}', area: 'integrations', access: 'signed-in' }, // One delivery with its attempts (read Integration)
  { method: 'POST', path: '/api/apps/integrations/webhooks/{id}/deliveries/{deliveryId}/replay', area: 'integrations', access: 'signed-in' }, // Send a finished delivery again under the same webhook-id (update Integration)
  { method: 'POST', path: '/api/apps/integrations/webhooks/{id}/replay-failed', area: 'integrations', access: 'signed-in' }, // Send again every failed delivery since a time (update Integration)
  // API keys (docs/integrations.md, "API keys")
  { method: 'GET', path: '/api/apps/integrations/api-keys', area: 'integrations', access: 'signed-in' }, // Every key, newest first, revoked ones too, with its last use; never the key itself (read Integration)
  { method: 'POST', path: '/api/apps/integrations/api-keys', area: 'integrations', access: 'signed-in' }, // Create a key: name, scopes within the caller's rights, expiresAt, rateLimitPerMinute; the key answered this once (create Integration)
  { method: 'DELETE', path: '/api/apps/integrations/api-keys/{id}', area: 'integrations', access: 'signed-in' }, // Revoke: the key's next request is 401; again is 200 and changes nothing (delete Integration)
] as const satisfies readonly AreaRouteDefinition<'integrations'>[];

// prettier-ignore
export const openapiHttpRoutes = [
  // The public API's description (docs/integrations.md, "Public API"): a function of its own, as it carries every area's contracts
  { method: 'GET', path: '/api/openapi.json', area: 'openapi', access: 'public' }, // OpenAPI 3.1 of every route an API key may call and the webhooks' payloads, generated from the contracts
] as const satisfies readonly AreaRouteDefinition<'openapi'>[];

// Plans (docs/plans.md): the catalogue, clients' subscriptions and their invoices. Each part's list is joined below.
// prettier-ignore
const plansCatalogueHttpRoutes = [
  // Catalogue and subscriptions (docs/plans.md, "Catalogue", "Subscriptions")
  { method: 'GET', path: '/api/apps/plans', area: 'plans', access: 'signed-in' }, // The catalogue by position: every plan for those who may update Plan, visible and not archived for the others (read Plan)
  { method: 'POST', path: '/api/apps/plans', area: 'plans', access: 'signed-in' }, // A plan: names, descriptions and features in en/fr/ar, prices in minor units, tax, limits (create Plan)
  { method: 'PATCH', path: '/api/apps/plans/{id}', area: 'plans', access: 'signed-in' }, // Any of a plan's fields from the version read; stale is 409 (update Plan)
  { method: 'GET', path: '/api/apps/plans/subscriptions', area: 'plans', access: 'signed-in' }, // Every client's subscription by client id, by cursor (read Subscription, all)
  { method: 'GET', path: '/api/apps/plans/subscriptions/{clientId}', area: 'plans', access: 'signed-in' }, // A client's plan, period, usage against the limits and next invoice; another client's is 404 (read Subscription)
  { method: 'PUT', path: '/api/apps/plans/subscriptions/{clientId}', area: 'plans', access: 'signed-in' }, // Subscribe a client (first invoice drafted at once) or change plan (prorated now) or interval (at the period's end) (update Subscription)
  { method: 'POST', path: '/api/apps/plans/subscriptions/{clientId}/change-request', area: 'plans', access: 'signed-in' }, // The client asks for another plan or interval (the client themself)
  { method: 'DELETE', path: '/api/apps/plans/subscriptions/{clientId}/change-request', area: 'plans', access: 'signed-in' }, // The client withdraws the request, or an admin declines it (update Subscription)
  { method: 'POST', path: '/api/apps/plans/subscriptions/{clientId}/change-request/approve', area: 'plans', access: 'signed-in' }, // Apply the client's request as an admin's own change (update Subscription)
  { method: 'POST', path: '/api/apps/plans/subscriptions/{clientId}/cancel', area: 'plans', access: 'signed-in' }, // End at the period's end: no further invoice (the client themself)
  { method: 'POST', path: '/api/apps/plans/subscriptions/{clientId}/resume', area: 'plans', access: 'signed-in' }, // Keep the subscription after all (the client themself)
  // Overview (docs/plans.md, "Overview")
  { method: 'GET', path: '/api/apps/plans/overview', area: 'plans', access: 'signed-in' }, // Clients per plan and interval, MRR per currency, open and overdue invoices (read Subscription all, read Invoice)
] as const satisfies readonly AreaRouteDefinition<'plans'>[];

// prettier-ignore
const plansInvoiceHttpRoutes = [
  // Invoices (docs/plans.md, "Invoices")
  { method: 'GET', path: '/api/apps/plans/invoices', area: 'plans', access: 'signed-in' }, // A client's own newest first, never drafts; an admin's by ?status (draft, open, overdue, paid, void; default open) or ?clientId; by cursor (read Invoice)
  { method: 'GET', path: '/api/apps/plans/invoices/{id}', area: 'plans', access: 'signed-in' }, // One invoice with its lines, sums and payment; another client's or a draft is 404 to a client (read Invoice)
  { method: 'POST', path: '/api/apps/plans/invoices/{id}/issue', area: 'plans', access: 'signed-in' }, // A draft open now: the year's next number, referral credit applied, due in 14 days, mailed; not a draft is 409 (update Invoice)
  { method: 'POST', path: '/api/apps/plans/invoices/{id}/void', area: 'plans', access: 'signed-in' }, // A draft or open invoice void, keeping its number; an open one's applied credit goes back to the balance (update Invoice)
  { method: 'POST', path: '/api/apps/plans/invoices/{id}/payments', area: 'plans', access: 'signed-in' }, // The whole amount due received (method, paidOn, reference): open → paid, the referral step queued; not open is 409 (update Invoice)
] as const satisfies readonly AreaRouteDefinition<'plans'>[];

export const plansHttpRoutes = [...plansCatalogueHttpRoutes, ...plansInvoiceHttpRoutes] as const;

// prettier-ignore
export const referralsHttpRoutes = [
  // Referrals (docs/plans.md, "Referrals")
  { method: 'GET', path: '/api/apps/referrals/users/{userId}', area: 'referrals', access: 'signed-in' }, // A person's code, link, counts per stage, referrals (names shortened for the referrer), credit and the rule (own; read Referral for anyone's)
  { method: 'GET', path: '/api/apps/referrals', area: 'referrals', access: 'signed-in' }, // Every referral, newest first, by cursor (read every Referral)
  { method: 'GET', path: '/api/apps/referrals/credits', area: 'referrals', access: 'signed-in' }, // Every credit balance, by person, by cursor (read every Referral)
  { method: 'GET', path: '/api/apps/referrals/reward-rule', area: 'referrals', access: 'signed-in' }, // The reward rule, null until set (anyone signed in)
  { method: 'PUT', path: '/api/apps/referrals/reward-rule', area: 'referrals', access: 'signed-in' }, // Set the rule (fixed, or a percentage with a cap) from the version read; stale is 409 (update Referral)
] as const satisfies readonly AreaRouteDefinition<'referrals'>[];

// prettier-ignore
export const invoicePdfHttpRoutes = [
  // An invoice as PDF (docs/plans.md, "Invoice PDF"): a function of its own, as it carries a PDF writer and fonts
  { method: 'GET', path: '/api/apps/plans/invoices/{id}/pdf', area: 'invoice-pdf', access: 'signed-in' }, // The invoice as PDF in ?lang=en|fr|ar (default the client's): own for a client, another's 404; drafts only for who may update invoices
] as const satisfies readonly AreaRouteDefinition<'invoice-pdf'>[];

// prettier-ignore
export const paymentsHttpRoutes = [
  // Paying online (docs/plans.md, "Paying online"): a function of its own, as it carries the provider's SDK
  { method: 'GET', path: '/api/payments/provider', area: 'payments', access: 'signed-in' }, // Whether invoices can be paid online here: {online} (a provider is configured)
  { method: 'POST', path: '/api/apps/plans/invoices/{id}/checkout', area: 'payments', access: 'signed-in' }, // The client themself pays an open invoice: {url} of a checkout session; 409 when not online or not open
  { method: 'POST', path: '/api/payments/stripe/webhook', area: 'payments', access: 'public' }, // The provider's signed events (Stripe-Signature): a completed, paid checkout marks the invoice paid, once per event
] as const satisfies readonly AreaRouteDefinition<'payments'>[];

/**
 * Joins the areas' lists. A call marked pure, unlike a spread literal, lets a bundle that never
 * reads every route (an area's Lambda) drop the other areas' lists.
 */
const joinRoutes = <const Lists extends readonly (readonly HttpRouteDefinition[])[]>(
  ...lists: Lists
): readonly Lists[number][number][] => lists.flat();

/** Every HTTP route: the local server, the CDK stack and the authorisation matrix walk this. */
export const httpRoutes = /* @__PURE__ */ joinRoutes(
  healthHttpRoutes,
  authHttpRoutes,
  chatHttpRoutes,
  permissionsHttpRoutes,
  projectsHttpRoutes,
  channelsHttpRoutes,
  usersHttpRoutes,
  notificationsHttpRoutes,
  teamHttpRoutes,
  emailHttpRoutes,
  mailingsHttpRoutes,
  integrationsHttpRoutes,
  openapiHttpRoutes,
  plansHttpRoutes,
  referralsHttpRoutes,
  invoicePdfHttpRoutes,
  paymentsHttpRoutes,
);

export type HttpRoute = (typeof httpRoutes)[number];
/** Distributes over a union of routes (a plain template literal would cross methods and paths). */
export type RouteKey<R extends HttpRouteDefinition = HttpRoute> = R extends HttpRouteDefinition
  ? `${R['method']} ${R['path']}`
  : never;
export type AreaRouteKey<A extends Area> = RouteKey<Extract<HttpRoute, { area: A }>>;

export const routeKeyOf = (route: HttpRouteDefinition): string => `${route.method} ${route.path}`;

/**
 * API Gateway selects a WebSocket route by the frame's `action` (`$request.body.action`): a
 * frame whose action names a route goes to that route's area, any other to `$default`.
 */
export type WebSocketActionRouteKey = 'subscribeBoard' | 'unsubscribeBoard';

export interface WebSocketRouteDefinition {
  readonly routeKey: '$connect' | '$disconnect' | '$default' | WebSocketActionRouteKey;
  readonly area: Area;
}

/** WebSocket routes: one connection per tab; each area serves its own frames and pushes to connections. */
// prettier-ignore
export const webSocketRoutes = [
  { routeKey: '$connect', area: 'chat' }, // Use up the ticket (?ticket=, POST /api/realtime/ticket), check its session, record the connection, go online
  { routeKey: '$disconnect', area: 'chat' }, // Forget the connection (and the board it was viewing); presence offline with the last one
  { routeKey: '$default', area: 'chat' }, // Client frames: delivered receipts, typing, presence
  { routeKey: 'subscribeBoard', area: 'projects' }, // Watch a project's board (live changes, who else is looking); one board per connection
  { routeKey: 'unsubscribeBoard', area: 'projects' }, // Stop watching the board
] as const satisfies readonly WebSocketRouteDefinition[];
