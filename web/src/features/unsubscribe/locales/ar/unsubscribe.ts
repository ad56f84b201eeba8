import type en from '../en/unsubscribe';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const unsubscribe: TranslationShape<typeof en> = {
  unsubscribe: {
    title: 'إلغاء الاشتراك',
    heading: 'إلغاء الاشتراك في هذه الرسائل',
    loading: 'جارٍ التحقق من الرابط…',
    explain: 'ستتوقف {{workspace}} عن إرسال الرسائل الجماعية ورسائل المتابعة إلى {{address}}.',
    button: 'إلغاء الاشتراك',
    submitting: 'جارٍ إلغاء الاشتراك…',
    note: 'يمكنك إغلاق هذه الصفحة إن أردت الاستمرار في تلقيها.',
    doneHeading: 'تم إلغاء اشتراكك',
    done: 'لن يتلقى {{address}} بعد الآن رسائل جماعية من {{workspace}}.',
    alreadyHeading: 'اشتراكك ملغى بالفعل',
    already: 'لا يتلقى {{address}} أي رسائل جماعية من {{workspace}}.',
    invalidHeading: 'هذا الرابط غير صالح',
    invalid:
      'رابط إلغاء الاشتراك هذا غير صالح: ربما يكون ناقصًا. افتح الرابط كاملًا من البريد الإلكتروني، أو ردّ على الرسالة لطلب حذفك من القائمة.',
    failed: 'حدث خطأ من جهتنا. يُرجى المحاولة مرة أخرى.',
    retry: 'إعادة المحاولة',
  },
};

export default unsubscribe;
