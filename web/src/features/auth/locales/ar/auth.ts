import type en from '../en/auth';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const auth: TranslationShape<typeof en> = {
  auth: {
    fields: {
      phone: 'رقم الهاتف',
      phoneHint: 'بالصيغة الدولية، مثل ‎+15550100001',
      password: 'كلمة المرور',
      newPassword: 'كلمة المرور الجديدة',
      passwordHint: '8 أحرف على الأقل',
      fullName: 'الاسم الكامل',
      email: 'البريد الإلكتروني',
      referralCode: 'رمز الإحالة',
      code: 'رمز التحقق',
      codeHint: 'الرمز المكوّن من 6 أرقام الذي أرسلناه إليك',
    },
    signIn: {
      title: 'تسجيل الدخول',
      heading: 'مرحبًا بك في Orbit',
      subtitle: 'سجّل الدخول باستخدام رقم هاتفك وكلمة المرور.',
      submit: 'تسجيل الدخول',
      submitting: 'جارٍ تسجيل الدخول…',
      forgotPassword: 'نسيت كلمة المرور؟',
      noAccount: 'جديد على Orbit؟',
      createAccount: 'أنشئ حسابًا',
      throttled: 'محاولات تسجيل دخول كثيرة جدًا. حاول مرة أخرى {{when}}.',
    },
    register: {
      title: 'إنشاء حساب',
      heading: 'أنشئ حسابك في Orbit',
      subtitle: 'تابع مشاريعك وتواصل مع فريقك في مكان واحد.',
      submit: 'إنشاء الحساب',
      submitting: 'جارٍ إنشاء الحساب…',
      haveAccount: 'لديك حساب بالفعل؟',
      signIn: 'سجّل الدخول',
    },
    forgotPassword: {
      title: 'نسيت كلمة المرور',
      heading: 'هل نسيت كلمة المرور؟',
      subtitle: 'أدخل رقم هاتفك وسنرسل إليك رمزًا من 6 أرقام.',
      sendCode: 'إرسال الرمز',
      sendingCode: 'جارٍ إرسال الرمز…',
      codeSent: 'إذا كان هناك حساب يستخدم الرقم {{phone}}، فالرمز في طريقه إليك. وهو صالح لمدة 15 دقيقة.',
      resetHeading: 'اختر كلمة مرور جديدة',
      resetSubmit: 'حفظ كلمة المرور الجديدة',
      resetSubmitting: 'جارٍ الحفظ…',
      resendCode: 'إرسال رمز جديد',
      changePhone: 'استخدام رقم هاتف آخر',
      doneHeading: 'تم تغيير كلمة المرور',
      done: 'تم تغيير كلمة المرور وتسجيل الخروج من جميع الأجهزة. سجّل الدخول بكلمة المرور الجديدة.',
      backToSignIn: 'العودة إلى تسجيل الدخول',
    },
    errors: {
      invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
      phoneTaken: 'يوجد حساب بهذا الرقم بالفعل.',
      emailTaken: 'يوجد حساب بهذا البريد الإلكتروني بالفعل.',
      invalidCode: 'الرمز غير صحيح أو منتهي الصلاحية. اطلب رمزًا جديدًا.',
    },
  },
  validation: {
    required: 'هذا الحقل مطلوب.',
    fullName: 'أدخل اسمك الكامل (من 2 إلى 120 حرفًا).',
    phone: 'أدخل رقم الهاتف بالصيغة الدولية، مثل ‎+15550100001.',
    email: 'أدخل بريدًا إلكترونيًا صالحًا.',
    password: 'يجب أن تتكون كلمة المرور من 8 إلى 128 حرفًا.',
    referralCode: 'يتكون رمز الإحالة من 4 إلى 16 حرفًا أو رقمًا.',
    code: 'يتكون الرمز من 6 أرقام.',
  },
};

export default auth;
