import type { ComponentType } from 'react';
import type { TranslationPart } from '../../shared/i18n/translation-parts';
import type { RouteHandle } from './route-handle';

/**
 * docs/product.md#routes, one entry per path, in that table's order. An alias is a second entry with the same
 * handle. Pages load lazily, so each route is its own chunk and /login downloads only itself; the translation
 * parts a page needs beyond `core` (shared/i18n/translation-parts.ts) download with it. The action/subject
 * choices (docs/product.md#routes names only access-control's) are explained in web/README.md.
 */

export interface RouteEntry {
  readonly path: string;
  readonly handle: RouteHandle;
  /** The page; absent for routes that never render (the index redirect). /wiki and /telegram render only when not configured. */
  readonly page?: () => Promise<ComponentType>;
  /**
   * The translation parts the page uses beyond `core`, downloaded with its code in the active
   * language (routes.tsx); none when the page shows only `core` words.
   */
  readonly parts?: readonly TranslationPart[];
  /** Opens this destination in a new tab instead of rendering (see routes.tsx). */
  readonly externalLink?: 'wiki' | 'telegram';
  /**
   * The values a path parameter may take; any other value is the not-found page (routes.tsx),
   * as an unknown path would be.
   */
  readonly paramValues?: Readonly<Record<string, readonly string[]>>;
}

/** The mailbox's folders and labels (docs/decisions.md), the only values of /apps/email/:filter|:label. */
export const emailFolders = ['inbox', 'sent', 'draft', 'starred', 'spam', 'trash'] as const;
export const emailLabels = ['personal', 'company', 'important', 'private'] as const;

const fixedHeight = 'layout-content-height-fixed';

const handles = {
  index: { name: 'index' },
  login: { name: 'login', layout: 'blank', public: true, unauthenticatedOnly: true },
  register: { name: 'register', layout: 'blank', unauthenticatedOnly: true },
  forgotPassword: { name: 'forgot-password', layout: 'blank', unauthenticatedOnly: true },
  notAuthorized: { name: 'not-authorized', layout: 'blank', public: true },
  notFound: { name: '$error', layout: 'blank', public: true },
  accessControl: { name: 'access-control', action: 'read', subject: 'AclDemo' },
  // Beyond the table of docs/product.md#routes (listed in web/README.md): the permissions page, for whoever may read permissions (docs/roles.md).
  permissions: { name: 'apps-permissions', action: 'read', subject: 'Permission' },
  channels: { name: 'apps-channels', action: 'manage', subject: 'Channel' },
  chat: { name: 'apps-chat', layout: 'fixed', layoutWrapperClasses: fixedHeight, action: 'read', subject: 'Chat' },
  email: {
    name: 'apps-email',
    layout: 'fixed',
    layoutWrapperClasses: fixedHeight,
    action: 'read',
    subject: 'Email',
  },
  emailFilter: {
    name: 'apps-email-filter',
    layout: 'fixed',
    layoutWrapperClasses: fixedHeight,
    navActiveLink: 'apps-email',
    action: 'read',
    subject: 'Email',
  },
  emailLabel: {
    name: 'apps-email-label',
    layout: 'fixed',
    layoutWrapperClasses: fixedHeight,
    navActiveLink: 'apps-email',
    action: 'read',
    subject: 'Email',
  },
  integrations: { name: 'apps-integrations', action: 'manage', subject: 'Integration' },
  mailings: { name: 'apps-mailings', action: 'manage', subject: 'Mailing' },
  projectCreate: {
    name: 'apps-project-create-type',
    navActiveLink: 'apps-projects',
    action: 'create',
    subject: 'Project',
  },
  projectEdit: { name: 'project-edit', navActiveLink: 'apps-projects', action: 'update', subject: 'Project' },
  projects: { name: 'apps-projects', action: 'read', subject: 'Project' },
  // Beyond the table of docs/product.md#routes (listed in web/README.md): one project, its task board and
  // activity.
  projectView: { name: 'apps-project-view', navActiveLink: 'apps-projects', action: 'read', subject: 'Project' },
  plans: { name: 'information-plans', action: 'read', subject: 'Plan' },
  referrals: { name: 'information-referrals', action: 'read', subject: 'Referral' },
  userView: { name: 'user-view', action: 'read', subject: 'User' },
  wiki: { name: 'known-base', public: true },
  telegram: { name: 'telegram', public: true },
  // Beyond the table of docs/product.md#routes (docs/roles.md, "Team and invitations").
  team: { name: 'apps-team', action: 'read', subject: 'Team' },
  invitation: { name: 'invitation', layout: 'blank', public: true, unauthenticatedOnly: true },
  // Beyond the table of docs/product.md#routes (docs/mailings.md): the public unsubscribe link (signed in or not).
  unsubscribe: { name: 'unsubscribe', layout: 'blank', public: true },
  // Beyond the table of docs/product.md#routes (docs/user-view.md): the old email's or phone's undo link (signed in or not).
  contactChangeUndo: { name: 'contact-change-undo', layout: 'blank', public: true },
} as const satisfies Record<string, RouteHandle>;

export const routeTable: readonly RouteEntry[] = [
  { path: '/', handle: handles.index },
  {
    path: '/login',
    handle: handles.login,
    parts: ['auth'],
    page: async () => (await import('../../features/auth/components/sign-in-page')).SignInPage,
  },
  {
    path: '/register',
    handle: handles.register,
    parts: ['auth'],
    page: async () => (await import('../../features/auth/components/register-page')).RegisterPage,
  },
  {
    path: '/forgot-password',
    handle: handles.forgotPassword,
    parts: ['auth'],
    page: async () => (await import('../../features/auth/components/forgot-password-page')).ForgotPasswordPage,
  },
  {
    path: '/not-authorized',
    handle: handles.notAuthorized,
    page: async () => (await import('../../features/misc/not-authorized-page')).NotAuthorizedPage,
  },
  {
    path: '/pages/misc/not-authorized',
    handle: handles.notAuthorized,
    page: async () => (await import('../../features/misc/not-authorized-page')).NotAuthorizedPage,
  },
  {
    path: '*',
    handle: handles.notFound,
    page: async () => (await import('../../features/misc/not-found-page')).NotFoundPage,
  },
  {
    path: '/pages/misc/not-found/*',
    handle: handles.notFound,
    page: async () => (await import('../../features/misc/not-found-page')).NotFoundPage,
  },
  {
    path: '/access-control',
    handle: handles.accessControl,
    parts: ['access-control'],
    page: async () => (await import('../../features/access-control/access-control-page')).AccessControlPage,
  },
  {
    path: '/apps/permissions',
    handle: handles.permissions,
    parts: ['access-control'],
    page: async () => (await import('../../features/access-control/permissions-page')).PermissionsPage,
  },
  {
    path: '/apps/channels',
    handle: handles.channels,
    parts: ['channels'],
    page: async () => (await import('../../features/channels/channels-page')).ChannelsPage,
  },
  {
    path: '/apps/chat',
    handle: handles.chat,
    parts: ['chat'],
    page: async () => (await import('../../features/chat/chat-page')).ChatPage,
  },
  {
    path: '/apps/email',
    handle: handles.email,
    parts: ['email'],
    page: async () => (await import('../../features/email/email-page')).EmailPage,
  },
  {
    // docs/product.md#routes gives /apps/email/:filter and /apps/email/:label the same shape; the first entry
    // matches both, and the email page tells a folder from a label by its value.
    path: '/apps/email/:filter',
    handle: handles.emailFilter,
    parts: ['email'],
    page: async () => (await import('../../features/email/email-page')).EmailPage,
    paramValues: { filter: [...emailFolders, ...emailLabels] },
  },
  {
    path: '/apps/email/:label',
    handle: handles.emailLabel,
    parts: ['email'],
    page: async () => (await import('../../features/email/email-page')).EmailPage,
    paramValues: { label: emailLabels },
  },
  {
    path: '/apps/integrations',
    handle: handles.integrations,
    parts: ['integrations'],
    page: async () => (await import('../../features/integrations/integrations-page')).IntegrationsPage,
  },
  {
    path: '/apps/mailings',
    handle: handles.mailings,
    parts: ['mailings'],
    page: async () => (await import('../../features/mailings/mailings-page')).MailingsPage,
  },
  {
    // A section of the mailings area (docs/mailings.md, "Sequences"): the area's own handle, as an alias.
    path: '/apps/mailings/sequences',
    handle: handles.mailings,
    parts: ['mailings'],
    page: async () => (await import('../../features/mailings/sequences/sequences-page')).SequencesPage,
  },
  {
    // A mailing's editor and its page are the area's too (its handle, as an alias): the app's entry
    // carries one name fewer for each (the first-download budget, `npm run bench -- web`).
    path: '/apps/mailings/new',
    handle: handles.mailings,
    parts: ['mailings'],
    page: async () => (await import('../../features/mailings/mailing-editor-page')).MailingEditorPage,
  },
  {
    path: '/apps/mailings/:id/edit',
    handle: handles.mailings,
    parts: ['mailings'],
    page: async () => (await import('../../features/mailings/mailing-editor-page')).MailingEditorPage,
  },
  {
    path: '/apps/mailings/:id',
    handle: handles.mailings,
    parts: ['mailings'],
    page: async () => (await import('../../features/mailings/mailing-detail-page')).MailingDetailPage,
  },
  {
    path: '/apps/project-create/:type',
    handle: handles.projectCreate,
    parts: ['projects-common', 'projects-detail'],
    page: async () => (await import('../../features/projects/project-editor-page')).ProjectEditorPage,
  },
  {
    path: '/apps/project-create/:type/:id',
    handle: handles.projectEdit,
    parts: ['projects-common', 'projects-detail'],
    page: async () => (await import('../../features/projects/project-editor-page')).ProjectEditorPage,
  },
  {
    path: '/apps/projects',
    handle: handles.projects,
    parts: ['projects-common'],
    page: async () => (await import('../../features/projects/projects-page')).ProjectsPage,
  },
  {
    path: '/apps/projects/:id',
    handle: handles.projectView,
    parts: ['projects-common', 'projects-detail'],
    page: async () => (await import('../../features/projects/project-page')).ProjectPage,
  },
  {
    path: '/information/plans',
    handle: handles.plans,
    parts: ['plans'],
    page: async () => (await import('../../features/plans/plans-page')).PlansPage,
  },
  {
    path: '/information/referrals',
    handle: handles.referrals,
    parts: ['referrals'],
    page: async () => (await import('../../features/referrals/referrals-page')).ReferralsPage,
  },
  {
    path: '/user/view',
    handle: handles.userView,
    parts: ['user-view'],
    page: async () => (await import('../../features/user-view/user-view-page')).UserViewPage,
  },
  {
    path: '/wiki',
    handle: handles.wiki,
    externalLink: 'wiki',
    parts: ['link-not-configured'],
    page: async () => (await import('../../shared/ui/link-not-configured')).linkNotConfiguredPage('wiki'),
  },
  {
    path: '/telegram',
    handle: handles.telegram,
    externalLink: 'telegram',
    parts: ['link-not-configured'],
    page: async () => (await import('../../shared/ui/link-not-configured')).linkNotConfiguredPage('telegram'),
  },
  {
    path: '/apps/team',
    handle: handles.team,
    parts: ['team'],
    page: async () => (await import('../../features/team/team-page')).TeamPage,
  },
  {
    path: '/invitation',
    handle: handles.invitation,
    parts: ['team'],
    page: async () => (await import('../../features/team/invitation-page')).InvitationPage,
  },
  {
    path: '/unsubscribe/:token',
    handle: handles.unsubscribe,
    parts: ['unsubscribe'],
    page: async () => (await import('../../features/unsubscribe/unsubscribe-page')).UnsubscribePage,
  },
  {
    path: '/contact-change/undo',
    handle: handles.contactChangeUndo,
    parts: ['auth'],
    page: async () => (await import('../../features/auth/components/contact-change-undo-page')).ContactChangeUndoPage,
  },
];

/** The handle of each named route (the first entry of a name; aliases share it). */
export const routeHandleByName: ReadonlyMap<string, RouteHandle> = new Map(
  [...routeTable].reverse().map((entry) => [entry.handle.name, entry.handle]),
);

/** The path of each named route without parameters, for links (first entry wins, not an alias). */
export const routePathByName: ReadonlyMap<string, string> = new Map(
  [...routeTable].reverse().map((entry) => [entry.handle.name, entry.path]),
);
