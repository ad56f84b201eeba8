import type en from '../en/coming-soon';
import type { TranslationShape } from '../shape';

const areas: TranslationShape<typeof en> = {
  linkNotConfigured: {
    wiki: 'الويكي',
    telegram: 'تيليجرام',
    message: 'هذا الرابط غير مُعدّ.',
    description: 'يحدد المسؤول عنوانه في التكاملات؛ وحتى ذلك الحين لا يؤدي إلى أي مكان.',
    descriptionAdmin: 'حدّد عنوانه في التكاملات، ضمن روابط المساعدة؛ وحتى ذلك الحين لا يؤدي إلى أي مكان.',
    setUp: 'إعداد روابط المساعدة',
  },
  comingSoon: {
    badge: 'قريبًا',
    honesty: 'لا شيء هنا بيانات تجريبية: ستعرض هذه الصفحة مساحة عملك الحقيقية عند إطلاقها.',
  },
  areas: {
    plans: {
      title: 'الخطط',
      message: 'الخطط قادمة قريبًا.',
      description: 'خطتك الحالية وحدودها واستهلاكك وفواتيرك.',
    },
  },
};

export default areas;
