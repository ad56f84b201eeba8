import type en from '../en/integrations-reference';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const integrationsReference: TranslationShape<typeof en> = {
  integrationsReference: {
    title: 'مرجع واجهة البرمجة',
    intro:
      'كل مسار يمكن لمفتاح الواجهة استدعاؤه، مع معاملاته وردوده والنطاق الذي يحتاجه، مولَّد من الواجهة نفسها. أرسل المفتاح هكذا: Authorization: Bearer orb_….',
    download: 'تنزيل مستند OpenAPI',
    loading: 'جارٍ تحميل مرجع واجهة البرمجة…',
    failed: 'تعذّر تحميل مرجع واجهة البرمجة. حاول مرة أخرى لاحقًا.',
    retry: 'إعادة المحاولة',
    viewerLabel: 'المسارات والمخططات',
    signatures: {
      title: 'التحقق من توقيعات الويب هوك',
      intro:
        'كل إرسال موقَّع وفق Standard Webhooks بسرّ الاشتراك: تحقّق منه بمكتبة لغتك قبل الوثوق بالمحتوى، ولا تُجب بـ 2xx إلا بعد ذلك.',
      languages: 'اللغات',
      install: 'التثبيت',
      code: 'التحقق من إرسال',
    },
  },
};

export default integrationsReference;
