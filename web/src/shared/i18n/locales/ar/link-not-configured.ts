import type en from '../en/link-not-configured';
import type { TranslationShape } from '../shape';

const words: TranslationShape<typeof en> = {
  linkNotConfigured: {
    wiki: 'الويكي',
    telegram: 'تيليجرام',
    message: 'هذا الرابط غير مُعدّ.',
    description: 'يحدد المسؤول عنوانه في التكاملات؛ وحتى ذلك الحين لا يؤدي إلى أي مكان.',
    descriptionAdmin: 'حدّد عنوانه في التكاملات، ضمن روابط المساعدة؛ وحتى ذلك الحين لا يؤدي إلى أي مكان.',
    setUp: 'إعداد روابط المساعدة',
  },
};

export default words;
