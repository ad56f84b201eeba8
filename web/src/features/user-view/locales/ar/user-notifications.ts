import type en from '../en/user-notifications';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const userNotifications: TranslationShape<typeof en> = {
  userNotifications: {
    title: 'الإشعارات',
    description:
      'اختر كيف تعرف بما يحدث في Orbit. تصلك الرسائل البريدية في ملخص واحد كل بضع دقائق، لا رسالة لكل محادثة.',
    table: 'إعدادات الإشعارات',
    event: 'الحدث',
    channels: {
      inApp: 'داخل التطبيق',
      email: 'البريد الإلكتروني',
    },
    events: {
      message: 'الرسائل الجديدة',
      messageHint: 'تُجمع الرسائل غير المقروءة في المحادثة الواحدة في إشعار واحد.',
      taskAssigned: 'إسناد مهمة إليّ',
      taskAssignedHint: 'عندما يسند إليك شخص آخر مهمة.',
      taskComment: 'التعليقات على مهامي',
      taskCommentHint: 'على المهام المسندة إليك ومهام مشاريعك.',
      projectStatus: 'تغيّر حالة المشروع',
      projectStatusHint: 'عندما ينتقل أحد مشاريعك إلى حالة أخرى.',
      mention: 'الإشارات',
      mentionHint: 'يكتب أحدهم @اسمك أو @اسم المستخدم في تعليق أو رسالة.',
      webhookDisabled: 'إيقاف عنوان ويب هوك',
      webhookDisabledHint: 'عندما تظل عمليات التسليم إليه تفشل طوال يوم. لمن يدير عمليات التكامل فقط.',
    },
    toggle: '{{event}}: {{channel}}',
    save: 'حفظ التغييرات',
    discard: 'تجاهل',
    saved: 'حُفظت إعدادات الإشعارات.',
    saveFailed: 'تعذّر حفظ إعدادات الإشعارات. حاول مرة أخرى.',
    loadFailed: 'تعذّر تحميل إعدادات الإشعارات.',
    retry: 'إعادة المحاولة',
    othersNote: 'إعدادات الإشعارات شخصية: لا يغيّرها إلا صاحبها.',
  },
};

export default userNotifications;
