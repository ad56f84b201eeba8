import { callerFor } from '@orbit/functions/core/caller';
import { getUserByPhone } from '@orbit/functions/core/users/repository';
import { createPlan } from '@orbit/functions/plans/catalogue-service';
import type { CreatePlan } from '@orbit/functions/plans/contract';
import { setSubscription } from '@orbit/functions/plans/subscription-service';

import { demoUsers } from './demo-users';

/**
 * The plans' demo data (docs/plans.md): three plans in euros, 20 % tax, a yearly price of ten
 * months (two free), and demo clients subscribed through the service, so each subscription's
 * first invoice is drafted by the worker as a real one is. The two clients the tests sign in as
 * are on Scale, whose projects are unlimited, so no other area's test meets a plan limit.
 */

const gigabyte = 1_000_000_000;

const feature = (en: string, fr: string, ar: string) => ({ en, fr, ar });

const plans = {
  starter: {
    name: feature('Starter', 'Essentiel', 'البداية'),
    description: feature(
      'For a first website or a small campaign.',
      'Pour un premier site ou une petite campagne.',
      'لموقع أول أو حملة صغيرة.',
    ),
    currency: 'EUR',
    monthlyPrice: 2900,
    yearlyPrice: 29_000,
    taxRateBps: 2000,
    features: [
      feature('3 active projects', '3 projets actifs', '3 مشاريع نشطة'),
      feature('1 GB of files', '1 Go de fichiers', '1 غيغابايت من الملفات'),
      feature('Email support', 'Assistance par e-mail', 'دعم عبر البريد الإلكتروني'),
    ],
    limits: { activeProjects: 3, storageBytes: gigabyte },
    visible: true,
    archived: false,
    position: 1,
  },
  growth: {
    name: feature('Growth', 'Croissance', 'النمو'),
    description: feature(
      'For a business running several projects at once.',
      'Pour une entreprise qui mène plusieurs projets à la fois.',
      'لشركة تدير عدة مشاريع في وقت واحد.',
    ),
    currency: 'EUR',
    monthlyPrice: 7900,
    yearlyPrice: 79_000,
    taxRateBps: 2000,
    features: [
      feature('10 active projects', '10 projets actifs', '10 مشاريع نشطة'),
      feature('10 GB of files', '10 Go de fichiers', '10 غيغابايت من الملفات'),
      feature('Chat and email support', 'Assistance par chat et e-mail', 'دعم عبر الدردشة والبريد الإلكتروني'),
      feature('Monthly report', 'Rapport mensuel', 'تقرير شهري'),
    ],
    limits: { activeProjects: 10, storageBytes: 10 * gigabyte },
    visible: true,
    archived: false,
    position: 2,
  },
  scale: {
    name: feature('Scale', 'Échelle', 'التوسع'),
    description: feature(
      'For teams that need the agency as an extension of their own.',
      "Pour les équipes qui font de l'agence le prolongement de la leur.",
      'للفرق التي تحتاج الوكالة امتدادًا لفريقها.',
    ),
    currency: 'EUR',
    monthlyPrice: 19_900,
    yearlyPrice: 199_000,
    taxRateBps: 2000,
    features: [
      feature('Unlimited active projects', 'Projets actifs illimités', 'مشاريع نشطة غير محدودة'),
      feature('100 GB of files', '100 Go de fichiers', '100 غيغابايت من الملفات'),
      feature('A dedicated account manager', 'Un chargé de compte dédié', 'مدير حساب مخصص'),
      feature('Priority support', 'Assistance prioritaire', 'دعم ذو أولوية'),
    ],
    limits: { activeProjects: null, storageBytes: 100 * gigabyte },
    visible: true,
    archived: false,
    position: 3,
  },
} satisfies Record<string, CreatePlan>;

/** Who is on what (by the demo users' phones): every plan and both intervals appear. */
const subscriptions: readonly { phone: string; plan: keyof typeof plans; interval: 'month' | 'year' }[] = [
  { phone: '+15550100002', plan: 'scale', interval: 'month' }, // Liam Carter (the tests' client A)
  { phone: '+15550100003', plan: 'scale', interval: 'year' }, // Sophia Nguyen (the tests' client B)
  { phone: '+15550100005', plan: 'starter', interval: 'month' }, // Emma Rossi: 2 of 3 projects
  { phone: '+15550100006', plan: 'growth', interval: 'month' }, // Lucas Moreau
  { phone: '+15550100007', plan: 'growth', interval: 'year' }, // Amira Haddad
];

export const seedPlans = async (): Promise<void> => {
  const demoAdmin = demoUsers.find((user) => user.role === 'admin');
  const admin = demoAdmin && (await getUserByPhone(demoAdmin.phone));
  if (!admin) throw new Error('seed: the demo administrator is missing');
  const caller = callerFor(admin);
  const created = new Map<string, string>();
  for (const [key, plan] of Object.entries(plans)) {
    created.set(key, (await createPlan(caller, () => plan)).id);
  }
  for (const subscription of subscriptions) {
    const client = await getUserByPhone(subscription.phone);
    const planId = created.get(subscription.plan);
    if (!client || !planId) throw new Error(`seed: cannot subscribe ${subscription.phone}`);
    await setSubscription(caller, client.id, () => ({ planId, interval: subscription.interval }));
  }
};
