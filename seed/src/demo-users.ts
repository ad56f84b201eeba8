import type { Role } from '@orbit/functions/core/roles';
import type { ContactStatus } from '@orbit/functions/core/users/records';

export interface DemoUser {
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly password: string;
  readonly role: Role;
  readonly about: string;
  readonly status: ContactStatus;
  readonly referralCode: string;
  /** The app language chosen on the account (en when absent); applied at sign-in. */
  readonly language?: 'en' | 'fr' | 'ar';
  /** Shown by `npm start` and in the README. */
  readonly printed?: boolean;
}

export const adminPassword = 'Admin#2026';
export const clientPassword = 'Client#2026';
/** The staff members who are neither administrators nor clients (docs/roles.md). */
export const staffPassword = 'Staff#2026';

export const demoUsers: readonly DemoUser[] = [
  {
    fullName: 'Olivia Bennett',
    email: 'olivia@orbit.example',
    phone: '+15550100001',
    password: adminPassword,
    role: 'admin',
    about: 'Founder and account director. Runs every client engagement from kickoff to launch.',
    status: 'online',
    referralCode: 'OLIVIA01',
    printed: true,
  },
  {
    fullName: 'Liam Carter',
    email: 'liam@northwind.example',
    phone: '+15550100002',
    password: clientPassword,
    role: 'client',
    about: 'Head of digital at Northwind Traders.',
    status: 'away',
    referralCode: 'LIAMC002',
    printed: true,
  },
  {
    fullName: 'Sophia Nguyen',
    email: 'sophia@bluepeak.example',
    phone: '+15550100003',
    password: clientPassword,
    role: 'client',
    about: 'Marketing lead at Bluepeak Outfitters.',
    status: 'offline',
    referralCode: 'SOPHIA03',
    printed: true,
  },
  {
    fullName: 'Noah Patel',
    email: 'noah@orbit.example',
    phone: '+15550100004',
    password: adminPassword,
    role: 'admin',
    about: 'Project manager for development and design engagements.',
    status: 'away',
    referralCode: 'NOAHP004',
  },
  {
    fullName: 'Emma Rossi',
    email: 'emma@casamia.example',
    phone: '+15550100005',
    password: clientPassword,
    role: 'client',
    about: 'Owner of Casa Mia restaurants.',
    status: 'online',
    referralCode: 'EMMAR005',
  },
  {
    fullName: 'Lucas Moreau',
    email: 'lucas@atelier-lumen.example',
    phone: '+15550100006',
    password: clientPassword,
    role: 'client',
    about: 'Creative director at Atelier Lumen, Lyon.',
    status: 'offline',
    referralCode: 'LUCAS006',
    language: 'fr',
  },
  {
    fullName: 'Amira Haddad',
    email: 'amira@sahara-tech.example',
    phone: '+15550100007',
    password: clientPassword,
    role: 'client',
    about: 'CTO at Sahara Tech.',
    status: 'away',
    referralCode: 'AMIRA007',
    language: 'ar',
  },
  {
    fullName: 'Mia Schneider',
    email: 'mia@orbit.example',
    phone: '+15550100008',
    password: adminPassword,
    role: 'admin',
    about: 'Support and client communication.',
    status: 'offline',
    referralCode: 'MIASC008',
  },
  // One staff member per role below the administrator, so every role's rules can be tried (docs/roles.md).
  {
    fullName: 'Grace Okafor',
    email: 'grace@orbit.example',
    phone: '+15550100009',
    password: staffPassword,
    role: 'manager',
    about: 'Delivery manager: plans projects, staffs them and keeps clients in the loop.',
    status: 'online',
    referralCode: 'GRACE009',
    printed: true,
  },
  {
    fullName: 'Daniel Kim',
    email: 'daniel@orbit.example',
    phone: '+15550100010',
    password: staffPassword,
    role: 'support',
    about: 'Client support: answers chats and follows up on tickets.',
    status: 'away',
    referralCode: 'DANIEL10',
  },
  {
    fullName: 'Chloé Martin',
    email: 'chloe@orbit.example',
    phone: '+15550100011',
    password: staffPassword,
    role: 'users',
    about: 'Designer working on the agency’s design engagements.',
    status: 'offline',
    referralCode: 'CHLOE011',
    language: 'fr',
  },
  {
    fullName: 'Omar Haddad',
    email: 'omar@orbit.example',
    phone: '+15550100012',
    password: staffPassword,
    role: 'restricted-user',
    about: 'Intern: follows projects, read only.',
    status: 'offline',
    referralCode: 'OMARH012',
  },
];

export const printedSignIns = demoUsers.filter((user) => user.printed);
