import type { NotificationEvent, NotificationParams } from '../core/notifications/records';

/**
 * The email digest's words, translated on the server (the worker knows no browser): English,
 * French and Arabic, chosen by the user's `language` (English when unset or unknown). Plurals by
 * Intl.PluralRules, so Arabic gets its six forms' worth of choices.
 */
export const digestLanguages = ['en', 'fr', 'ar'] as const;
export type DigestLanguage = (typeof digestLanguages)[number];

export const digestLanguageOf = (language: unknown): DigestLanguage =>
  digestLanguages.find((candidate) => typeof language === 'string' && language.toLowerCase().startsWith(candidate)) ??
  'en';

type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const plural = (language: DigestLanguage, count: number, forms: Plural): string =>
  (forms[new Intl.PluralRules(language).select(count)] ?? forms.other).replace('{n}', String(count));

export interface DigestLine {
  readonly event: NotificationEvent;
  readonly actorName: string;
  readonly params: NotificationParams;
  readonly count: number;
}

interface Words {
  readonly subject: Plural;
  readonly greeting: (name: string) => string;
  readonly intro: string;
  readonly messages: Plural;
  readonly line: (line: DigestLine, messages: string) => string;
  readonly statuses: Readonly<Record<string, string>>;
  readonly open: string;
  readonly settings: string;
}

const quoted = (language: DigestLanguage, text = '') =>
  language === 'fr' ? `« ${text} »` : language === 'ar' ? `«${text}»` : `“${text}”`;

const words: Record<DigestLanguage, Words> = {
  en: {
    subject: { one: 'You have a new notification on Orbit', other: 'You have {n} new notifications on Orbit' },
    greeting: (name) => `Hello ${name},`,
    intro: 'Here is what happened while you were away:',
    messages: { one: 'a message', other: '{n} messages' },
    line: (line, messages) => {
      const { actorName: who, params } = line;
      switch (line.event) {
        case 'message':
          return `${who} sent you ${messages}`;
        case 'taskAssigned':
          return `${who} assigned you ${quoted('en', params.taskTitle)} in ${params.projectName ?? ''}`;
        case 'taskComment':
          return `${who} commented on ${quoted('en', params.taskTitle)}: ${params.excerpt ?? ''}`;
        case 'projectStatus':
          return `${who} changed the status of ${params.projectName ?? ''} to ${words.en.statuses[params.status ?? ''] ?? params.status ?? ''}`;
        case 'mention':
          return `${who} mentioned you: ${params.excerpt ?? ''}`;
        case 'webhookDisabled':
          return `The webhook endpoint ${params.url ?? ''} was turned off: its deliveries kept failing`;
      }
    },
    statuses: {
      planning: 'Planning',
      active: 'Active',
      on_hold: 'On hold',
      completed: 'Completed',
      archived: 'Archived',
    },
    open: 'Open Orbit',
    settings: 'Choose what you receive by email in your notification settings',
  },
  fr: {
    subject: {
      one: 'Vous avez une nouvelle notification sur Orbit',
      other: 'Vous avez {n} nouvelles notifications sur Orbit',
    },
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Voici ce qui s’est passé en votre absence :',
    messages: { one: 'un message', other: '{n} messages' },
    line: (line, messages) => {
      const { actorName: who, params } = line;
      switch (line.event) {
        case 'message':
          return `${who} vous a envoyé ${messages}`;
        case 'taskAssigned':
          return `${who} vous a assigné ${quoted('fr', params.taskTitle)} dans ${params.projectName ?? ''}`;
        case 'taskComment':
          return `${who} a commenté ${quoted('fr', params.taskTitle)} : ${params.excerpt ?? ''}`;
        case 'projectStatus':
          return `${who} a changé le statut de ${params.projectName ?? ''} en ${words.fr.statuses[params.status ?? ''] ?? params.status ?? ''}`;
        case 'mention':
          return `${who} vous a mentionné : ${params.excerpt ?? ''}`;
        case 'webhookDisabled':
          return `Le point de terminaison webhook ${params.url ?? ''} a été désactivé : ses livraisons échouaient sans cesse`;
      }
    },
    statuses: {
      planning: 'Planification',
      active: 'Actif',
      on_hold: 'En pause',
      completed: 'Terminé',
      archived: 'Archivé',
    },
    open: 'Ouvrir Orbit',
    settings: 'Choisissez ce que vous recevez par e-mail dans vos paramètres de notification',
  },
  ar: {
    subject: {
      zero: 'لديك إشعارات جديدة على Orbit',
      one: 'لديك إشعار جديد على Orbit',
      two: 'لديك إشعاران جديدان على Orbit',
      few: 'لديك {n} إشعارات جديدة على Orbit',
      other: 'لديك {n} إشعارًا جديدًا على Orbit',
    },
    greeting: (name) => `مرحبًا ${name}،`,
    intro: 'إليك ما حدث أثناء غيابك:',
    messages: { one: 'رسالة', two: 'رسالتين', few: '{n} رسائل', other: '{n} رسالة' },
    line: (line, messages) => {
      const { actorName: who, params } = line;
      switch (line.event) {
        case 'message':
          return `أرسل إليك ${who} ${messages}`;
        case 'taskAssigned':
          return `أسند إليك ${who} المهمة ${quoted('ar', params.taskTitle)} في ${params.projectName ?? ''}`;
        case 'taskComment':
          return `علّق ${who} على ${quoted('ar', params.taskTitle)}: ${params.excerpt ?? ''}`;
        case 'projectStatus':
          return `غيّر ${who} حالة ${params.projectName ?? ''} إلى ${words.ar.statuses[params.status ?? ''] ?? params.status ?? ''}`;
        case 'mention':
          return `أشار إليك ${who}: ${params.excerpt ?? ''}`;
        case 'webhookDisabled':
          return `أُوقف عنوان الويب هوك ${params.url ?? ''} لأن عمليات التسليم إليه ظلت تفشل`;
      }
    },
    statuses: { planning: 'التخطيط', active: 'نشط', on_hold: 'معلّق', completed: 'مكتمل', archived: 'مؤرشف' },
    open: 'افتح Orbit',
    settings: 'اختر ما يصلك بالبريد الإلكتروني من إعدادات الإشعارات',
  },
};

/** The mail: subject and plain text, one line per event (a chat's messages summed into one). */
export const digestEmail = (
  language: DigestLanguage,
  recipientName: string,
  lines: readonly DigestLine[],
  baseUrl?: string,
): { subject: string; text: string } => {
  const w = words[language];
  const total = lines.reduce((sum, line) => sum + line.count, 0);
  const body = lines.map((line) => `• ${w.line(line, plural(language, line.count, w.messages))}`);
  const links = baseUrl
    ? ['', `${w.open}: ${baseUrl}/`, `${w.settings}: ${baseUrl}/user/view?tab=notifications`]
    : ['', w.settings];
  return {
    subject: plural(language, total, w.subject),
    text: [w.greeting(recipientName), '', w.intro, '', ...body, ...links].join('\n'),
  };
};
