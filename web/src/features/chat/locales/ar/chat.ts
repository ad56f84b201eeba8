import type en from '../en/chat';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const chat: TranslationShape<typeof en> = {
  chat: {
    title: 'المحادثة',
    heading: 'المحادثة',
    connection: {
      connecting: 'جارٍ الاتصال…',
      reconnecting: 'جارٍ إعادة الاتصال… ستصل الرسائل الجديدة.',
      open: 'مباشر',
    },
    search: {
      label: 'البحث في جهات الاتصال',
      placeholder: 'ابحث بالاسم…',
    },
    filter: {
      label: 'التصفية حسب الحالة',
      all: 'كل الحالات',
      presence: 'التواجد',
      leadStages: 'مراحل العميل المحتمل',
    },
    sections: {
      chats: 'المحادثات',
      contacts: 'جهات الاتصال',
    },
    empty: {
      chats: 'لا توجد محادثات',
      contacts: 'لا توجد جهات اتصال',
      pick: 'اختر جهة اتصال لبدء محادثة',
      pickHint: 'محادثاتك وجهات اتصالك في القائمة الجانبية.',
      showContacts: 'عرض جهات الاتصال',
      noMessages: 'لا توجد رسائل بعد. ألقِ التحية على {{name}}!',
    },
    unseen: '{{count}} غير مقروءة',
    statuses: {
      online: 'متصل',
      away: 'بعيد',
      offline: 'غير متصل',
      success: 'ناجح',
      contact_received: 'تم استلام التواصل',
      interest_shown: 'أبدى اهتمامًا',
      closed: 'مغلق',
      deleted: 'محذوف',
    },
    roles: {
      admin: 'مسؤول',
      client: 'عميل',
      lead: 'عميل محتمل',
    },
    log: {
      label: 'الرسائل مع {{name}}',
      loadOlder: 'تحميل الرسائل الأقدم',
      loadingOlder: 'جارٍ تحميل الرسائل الأقدم…',
      start: 'هذه بداية محادثتكما.',
      today: 'اليوم',
      yesterday: 'أمس',
      you: 'أنت',
    },
    ticks: {
      sending: 'جارٍ الإرسال',
      sent: 'مُرسلة',
      delivered: 'تم التسليم',
      seen: 'تمت القراءة',
      failed: 'لم تُرسل',
    },
    composer: {
      label: 'رسالة إلى {{name}}',
      placeholder: 'اكتب رسالة…',
      send: 'إرسال',
      hint: 'Enter للإرسال · Shift+Enter لسطر جديد',
      counter: '{{count}} / {{max}}',
      tooLong: 'الحد الأقصى للرسالة {{max}} حرف.',
      failed: 'لم تُرسل هذه الرسالة.',
      retry: 'إعادة المحاولة',
      discard: 'تجاهل',
    },
    typing: '{{name}} يكتب…',
    header: {
      back: 'العودة إلى المحادثات',
      details: 'تفاصيل جهة الاتصال',
    },
    profile: {
      open: 'ملفك الشخصي وحالتك',
      title: 'ملفك الشخصي',
      about: 'نبذة',
      status: 'الحالة',
      statusHint: 'تصبح الحالة «بعيد» أيضًا بعد 5 دقائق دون نشاط.',
      settings: 'الإعدادات',
      twoStep: 'التحقق بخطوتين',
      notifications: 'الإشعارات',
      close: 'إغلاق',
    },
    contact: {
      title: 'تفاصيل جهة الاتصال',
      about: 'نبذة',
      noAbout: 'لا شيء بعد.',
      status: 'الحالة',
      changeStatus: 'تغيير الحالة',
      saved: 'أصبحت حالة {{name}} «{{status}}».',
      failed: 'تعذّر تغيير الحالة.',
      close: 'إغلاق',
    },
    errors: {
      load: 'تعذّر تحميل المحادثة.',
      retry: 'حاول مرة أخرى',
      contact: 'جهة الاتصال هذه غير متاحة.',
    },
  },
};

export default chat;
