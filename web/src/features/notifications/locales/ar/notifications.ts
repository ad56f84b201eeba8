import type en from '../en/notifications';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const notifications: TranslationShape<typeof en> = {
  notifications: {
    newCount_zero: 'لا جديد',
    newCount_one: 'واحد جديد',
    newCount_two: 'اثنان جديدان',
    newCount_few: '{{count}} جديدة',
    newCount_many: '{{count}} جديدًا',
    newCount_other: '{{count}} جديد',
    markAllRead: 'تعليم الكل كمقروء',
    markRead: 'تعليم كمقروء',
    unread: 'غير مقروء',
    empty: 'لا جديد لديك',
    emptyHint: 'تظهر هنا الرسائل والمهام المسندة إليك والتعليقات والإشارات.',
    loadFailed: 'تعذّر تحميل الإشعارات.',
    retry: 'إعادة المحاولة',
    loadMore: 'عرض الأقدم',
    close: 'إغلاق الإشعارات',
    settings: 'إعدادات الإشعارات',
    events: {
      message_zero: 'أرسل إليك {{name}} رسائل',
      message_one: 'أرسل إليك {{name}} رسالة',
      message_two: 'أرسل إليك {{name}} رسالتين',
      message_few: 'أرسل إليك {{name}} {{count}} رسائل',
      message_many: 'أرسل إليك {{name}} {{count}} رسالة',
      message_other: 'أرسل إليك {{name}} {{count}} رسالة',
      taskAssigned: 'أسند إليك {{name}} المهمة «{{task}}» في {{project}}',
      taskComment: 'علّق {{name}} على «{{task}}»',
      projectStatus: 'نقل {{name}} {{project}} إلى {{status}}',
      mention: 'أشار إليك {{name}}',
      webhookDisabled: 'أُوقف عنوان الويب هوك {{url}} لأن عمليات التسليم إليه ظلت تفشل',
    },
    statuses: {
      planning: 'التخطيط',
      active: 'نشط',
      on_hold: 'معلّق',
      completed: 'مكتمل',
      archived: 'مؤرشف',
    },
  },
};

export default notifications;
