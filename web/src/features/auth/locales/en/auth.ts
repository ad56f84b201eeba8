/**
 * English, auth part: the sign-in, registration and password-recovery pages, with their field
 * validation messages.
 */
const auth = {
  auth: {
    fields: {
      phone: 'Phone',
      phoneHint: 'International format, e.g. +15550100001',
      password: 'Password',
      newPassword: 'New password',
      passwordHint: 'At least 8 characters',
      fullName: 'Full name',
      email: 'Email',
      referralCode: 'Referral code',
      code: 'Verification code',
      codeHint: 'The 6-digit code we sent you',
    },
    signIn: {
      title: 'Sign in',
      heading: 'Welcome to Orbit',
      subtitle: 'Sign in with your phone number and password.',
      submit: 'Sign in',
      submitting: 'Signing in…',
      forgotPassword: 'Forgot password?',
      noAccount: 'New to Orbit?',
      createAccount: 'Create an account',
      throttled: 'Too many sign-in attempts. Try again {{when}}.',
      phoneRequired: 'Enter your phone number',
      passwordRequired: 'Enter your password',
    },
    register: {
      title: 'Create an account',
      heading: 'Create your Orbit account',
      subtitle: 'Follow your projects and talk to your team in one place.',
      submit: 'Create account',
      submitting: 'Creating account…',
      haveAccount: 'Already have an account?',
      signIn: 'Sign in instead',
    },
    forgotPassword: {
      title: 'Forgot password',
      heading: 'Forgot your password?',
      subtitle: 'Enter your phone number and we will send you a 6-digit code.',
      sendCode: 'Send code',
      sendingCode: 'Sending code…',
      codeSent: 'If an account uses {{phone}}, a code is on its way. It is valid for 15 minutes.',
      resetHeading: 'Choose a new password',
      resetSubmit: 'Set new password',
      resetSubmitting: 'Saving…',
      resendCode: 'Send a new code',
      changePhone: 'Use another phone number',
      doneHeading: 'Password changed',
      done: 'Your password has been changed and every device was signed out. Sign in with your new password.',
      backToSignIn: 'Back to sign in',
    },
    errors: {
      invalidCredentials: 'That phone number and password do not match an account.',
      unknownReferralCode: 'No account has this referral code. Check it, or leave the field empty.',
      phoneTaken: 'An account with this phone number already exists.',
      emailTaken: 'An account with this email address already exists.',
      invalidCode: 'The code is wrong or has expired. Request a new one.',
    },
  },
  validation: {
    required: 'This field is required.',
    fullName: 'Enter your full name (2 to 120 characters).',
    phone: 'Enter the phone number in international format, e.g. +15550100001.',
    email: 'Enter a valid email address.',
    password: 'The password must have 8 to 128 characters.',
    referralCode: 'A referral code has 4 to 16 letters or digits.',
    code: 'The code has 6 digits.',
  },
};

export default auth;
