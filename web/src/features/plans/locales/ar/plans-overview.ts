import type en from '../en/plans-overview';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

/** العربية، جزء الخطط، النظرة العامة (features/plans): أرقام المسؤولين. */
const overview: TranslationShape<typeof en> = {
  summary: 'الفوترة في لمحة',
  mrr: 'الإيراد الشهري المتكرر',
  mrrHint: 'قبل الضريبة؛ تُحتسب الخطة السنوية بجزء من اثني عشر من سعرها.',
  mrrNone: 'لا إيراد متكرر بعد',
  open: 'الفواتير المفتوحة',
  overdue: 'الفواتير المتأخرة',
  openNone: 'لا فواتير مفتوحة',
  overdueNone: 'لا فواتير متأخرة',
  invoices_zero: 'لا فواتير',
  invoices_one: 'فاتورة واحدة',
  invoices_two: 'فاتورتان',
  invoices_few: '{{count}} فواتير',
  invoices_many: '{{count}} فاتورة',
  invoices_other: '{{count}} فاتورة',
  viewOpen: 'عرض الفواتير المفتوحة',
  viewOverdue: 'عرض الفواتير المتأخرة',
  perPlan: 'العملاء حسب الخطة',
  perPlanEmpty: 'لا يملك أي عميل اشتراكًا بعد.',
  plan: 'الخطة',
  monthly: 'المشتركون شهريًا',
  yearly: 'المشتركون سنويًا',
  total: 'الإجمالي',
  allPlans: 'كل الخطط',
};

export default overview;
