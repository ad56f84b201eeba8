import type en from '../en/plans';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';
import invoices from './plans-invoices';
import overview from './plans-overview';
import pricing from './plans-pricing';
import subscription from './plans-subscription';

/** العربية، جزء الخطط: صفحة الخطط والفوترة (features/plans). */
const plans: TranslationShape<typeof en> = {
  plans: {
    title: 'الخطط والفوترة',
    subtitle: 'خطط الخدمة والاشتراكات والفواتير.',
    tabs: {
      label: 'أقسام الخطط',
      mine: 'خطتي',
      pricing: 'الخطط',
      invoices: 'الفواتير',
      subscriptions: 'الاشتراكات',
      overview: 'نظرة عامة',
    },
    common: {
      retry: 'إعادة المحاولة',
      loadMore: 'عرض المزيد',
      loadFailed: 'تعذر تحميل هذا المحتوى.',
      failed: 'لم ينجح ذلك. حاول مرة أخرى.',
      network: 'تعذر الوصول إلى الخادم. تحقق من اتصالك وحاول مرة أخرى.',
      conflict: 'غيّر شخص آخر هذا في الأثناء. لم يُستبدل شيء: أعد التحميل لرؤية النسخة الحالية.',
      cancel: 'إلغاء',
      close: 'إغلاق',
      none: '—',
      monthly: 'شهري',
      yearly: 'سنوي',
      perMonth: '{{price}} / شهر',
      perYear: '{{price}} / سنة',
      noLimit: 'غير محدود',
    },
    pricing,
    subscription,
    invoices,
    overview,
  },
};

export default plans;
