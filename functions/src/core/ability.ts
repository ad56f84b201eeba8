import { Ability, type ForcedSubject, type MatchConditions, type RawRuleOf } from '@casl/ability';

/**
 * The one ability definition, shared by the web app (what to show) and the functions (what to
 * allow). docs/product.md#roles: admin `manage all`; client `read AclDemo`, plus the client's rights over its
 * own data written as conditions on the subject's fields. The server checks a concrete record
 * against the conditions (core/authorize.ts); the web app asks only about subject types, which
 * a conditional rule grants, so a client sees the pages of its own data and nothing else.
 *
 * What a client may do, and the field that makes a record its own:
 * | subject  | actions              | condition            | why                                     |
 * |----------|----------------------|----------------------|-----------------------------------------|
 * | AclDemo  | read                 | —                    | docs/product.md#roles                   |
 * | User     | read, update         | id = me              | its own profile (user view)             |
 * | Project  | read                 | clientId = me        | follows its own projects                |
 * | Task     | read                 | clientId = me        | tasks carry their project's clientId    |
 * | Comment  | read, create         | clientId = me        | comments on its own projects' tasks     |
 * | Chat     | read, create         | —                    | talks (sends messages) to its contacts; the chat area limits them to the admins |
 * | Email    | read, create, update | ownerId = me         | its own mailbox                         |
 * | Plan     | read                 | —                    | the workspace's plan catalogue          |
 * | Subscription | read             | clientId = me        | its own plan, period and usage; it asks for changes itself (plans area) |
 * | Invoice  | read                 | clientId = me        | its own invoices (and paying them)      |
 * | Referral | read                 | referrerId = me      | the sign-ups its own code brought       |
 * Anything else (Permission, Channel, Integration, Mailing, other users' data) is the admin's.
 *
 * Every condition is a field equality (`{ clientId: me }`), so the ability is CASL's plain
 * `Ability` with `matchEveryField` as its conditions matcher, not `createMongoAbility` and its
 * MongoDB query engine (docs/decisions.md, "Authorisation rules are equality conditions").
 */

export { roles, type Role } from './roles';

export type Action = 'manage' | 'create' | 'read' | 'update' | 'delete';
export type Subject =
  | 'all'
  | 'AclDemo'
  | 'User'
  | 'Project'
  | 'Task'
  | 'Comment'
  | 'Chat'
  | 'Email'
  | 'Plan'
  /** A client's plan and billing period (docs/plans.md): read shows it, update changes it for the client. */
  | 'Subscription'
  /** A client's invoices: read lists and downloads, update issues, voids and records payments. */
  | 'Invoice'
  | 'Referral'
  | 'Permission'
  | 'Channel'
  | 'Integration'
  | 'Mailing'
  | 'Contact'
  /** The workspace's members and invitations (the team page): read lists them; create invites; update suspends, reactivates, resets two-step; delete revokes an invitation. */
  | 'Team'
  /** Assigning roles to users (the team page's role change). */
  | 'Role';

/** A record checked against the rules' conditions, tagged with its type by CASL's `subject()`. */
export type SubjectRecord = object & ForcedSubject<Subject>;
/** A rule's conditions: field → the value the record's field must equal. */
export type Conditions = Readonly<Record<string, unknown>>;
export type AppAbility = Ability<[Action, Subject | SubjectRecord], Conditions>;
/** A rule as stored in the browser and sent by sign-in (docs/product.md#stored-values: action, subject). */
export interface AbilityRule {
  readonly action: Action;
  readonly subject: Subject;
  readonly conditions?: Conditions;
  readonly inverted?: boolean;
}

/**
 * CASL's conditions matcher for our rules: a record matches when every field the conditions
 * name holds exactly (`===`) the given value; a field the record lacks does not match. There are
 * no MongoDB operators: a condition such as `{ status: { $in: [...] } }` equals no field value,
 * so a rule written that way grants nothing (rather than something unintended).
 */
export const matchEveryField = (conditions: Conditions): MatchConditions => {
  const required = Object.entries(conditions);
  return (record: Record<PropertyKey, unknown>) => required.every(([field, value]) => record[field] === value);
};

export interface AbilityOwner {
  readonly id: string;
  readonly role: string;
}

/**
 * A permission's rule as stored (docs/roles.md): an action on a subject, for every record of it or
 * only for the user's own (`own`: the subject's owner field equals the user's id). Permissions are
 * built from these blocks only; `all` is the administrator's and no permission grants it.
 */
export interface PermissionRule {
  readonly action: Action;
  readonly subject: GrantableSubject;
  readonly own?: true;
}

/** The subjects a permission may grant rules over. */
export const grantableSubjects = [
  'Project',
  'Task',
  'Comment',
  'Chat',
  'Contact',
  'Channel',
  'Email',
  'Mailing',
  'Integration',
  'Plan',
  'Subscription',
  'Invoice',
  'Referral',
  'User',
  'Team',
  'Role',
  'Permission',
] as const satisfies readonly Subject[];
export type GrantableSubject = (typeof grantableSubjects)[number];
export const grantableActions = ['read', 'create', 'update', 'delete', 'manage'] as const satisfies readonly Action[];

/** The field that makes a record the user's own, for the subjects a rule can limit to "own". */
export const ownerFieldOf: Readonly<Partial<Record<GrantableSubject, string>>> = {
  Task: 'assigneeId',
  Email: 'ownerId',
};

/**
 * What the permissions assigned to each staff role grant, kept in one item beside the
 * permissions (core/role-rules.ts) and read with every signed-in request's session, so a change
 * takes effect on the next request. The administrator is not in it: `manage all` always.
 */
export type RoleRules = Readonly<Partial<Record<string, readonly PermissionRule[]>>>;

/** What every staff member may do whatever their permissions: see the access-control page and their own profile. */
const staffBaseline = (me: string): AbilityRule[] => [
  { action: 'read', subject: 'AclDemo' },
  { action: 'read', subject: 'User', conditions: { id: me } },
  { action: 'update', subject: 'User', conditions: { id: me } },
];

const toAbilityRule = (rule: PermissionRule, me: string): AbilityRule => {
  const ownerField = rule.own ? ownerFieldOf[rule.subject] : undefined;
  return ownerField
    ? { action: rule.action, subject: rule.subject, conditions: { [ownerField]: me } }
    : { action: rule.action, subject: rule.subject };
};

const sameRule = (a: AbilityRule, b: AbilityRule) =>
  a.action === b.action && a.subject === b.subject && JSON.stringify(a.conditions) === JSON.stringify(b.conditions);

export const abilityRulesFor = (user: AbilityOwner, roleRules: RoleRules = {}): AbilityRule[] => {
  switch (user.role) {
    case 'admin':
      return [{ action: 'manage', subject: 'all' }];
    case 'client': {
      const me = user.id;
      // One action per rule: the rule shape of docs/product.md#stored-values is a single action and subject.
      return [
        { action: 'read', subject: 'AclDemo' },
        { action: 'read', subject: 'User', conditions: { id: me } },
        { action: 'update', subject: 'User', conditions: { id: me } },
        { action: 'read', subject: 'Project', conditions: { clientId: me } },
        { action: 'read', subject: 'Task', conditions: { clientId: me } },
        { action: 'read', subject: 'Comment', conditions: { clientId: me } },
        { action: 'create', subject: 'Comment', conditions: { clientId: me } },
        { action: 'read', subject: 'Chat' },
        { action: 'create', subject: 'Chat' },
        { action: 'read', subject: 'Email', conditions: { ownerId: me } },
        { action: 'create', subject: 'Email', conditions: { ownerId: me } },
        { action: 'update', subject: 'Email', conditions: { ownerId: me } },
        { action: 'read', subject: 'Plan' },
        { action: 'read', subject: 'Subscription', conditions: { clientId: me } },
        { action: 'read', subject: 'Invoice', conditions: { clientId: me } },
        { action: 'read', subject: 'Referral', conditions: { referrerId: me } },
      ];
    }
    case 'manager':
    case 'support':
    case 'users':
    case 'restricted-user': {
      const rules = staffBaseline(user.id);
      for (const rule of roleRules[user.role] ?? []) {
        const abilityRule = toAbilityRule(rule, user.id);
        if (!rules.some((existing) => sameRule(existing, abilityRule))) rules.push(abilityRule);
      }
      return rules;
    }
    default:
      // docs/product.md#roles: other roles have no rules and fall to the login redirect from '/'.
      return [];
  }
};

export const buildAbility = (rules: readonly AbilityRule[]): AppAbility =>
  new Ability<[Action, Subject | SubjectRecord], Conditions>(rules as RawRuleOf<AppAbility>[], {
    conditionsMatcher: matchEveryField,
  });
