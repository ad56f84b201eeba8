import type en from '../en/auth';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const auth: TranslationShape<typeof en> = {
  auth: {
    fields: {
      phone: 'Téléphone',
      phoneHint: 'Format international, par ex. +15550100001',
      password: 'Mot de passe',
      newPassword: 'Nouveau mot de passe',
      passwordHint: 'Au moins 8 caractères',
      fullName: 'Nom complet',
      email: 'E-mail',
      referralCode: 'Code de parrainage',
      code: 'Code de vérification',
      codeHint: 'Le code à 6 chiffres que nous vous avons envoyé',
    },
    signIn: {
      title: 'Connexion',
      heading: 'Bienvenue sur Orbit',
      subtitle: 'Connectez-vous avec votre numéro de téléphone et votre mot de passe.',
      submit: 'Se connecter',
      submitting: 'Connexion…',
      forgotPassword: 'Mot de passe oublié ?',
      noAccount: 'Nouveau sur Orbit ?',
      createAccount: 'Créer un compte',
      throttled: 'Trop de tentatives de connexion. Réessayez {{when}}.',
    },
    register: {
      title: 'Créer un compte',
      heading: 'Créez votre compte Orbit',
      subtitle: 'Suivez vos projets et échangez avec votre équipe au même endroit.',
      submit: 'Créer le compte',
      submitting: 'Création du compte…',
      haveAccount: 'Vous avez déjà un compte ?',
      signIn: 'Se connecter',
    },
    forgotPassword: {
      title: 'Mot de passe oublié',
      heading: 'Mot de passe oublié ?',
      subtitle: 'Saisissez votre numéro de téléphone : nous vous enverrons un code à 6 chiffres.',
      sendCode: 'Envoyer le code',
      sendingCode: 'Envoi du code…',
      codeSent: 'Si un compte utilise le {{phone}}, un code est en route. Il est valable 15 minutes.',
      resetHeading: 'Choisissez un nouveau mot de passe',
      resetSubmit: 'Enregistrer le mot de passe',
      resetSubmitting: 'Enregistrement…',
      resendCode: 'Envoyer un nouveau code',
      changePhone: 'Utiliser un autre numéro',
      doneHeading: 'Mot de passe modifié',
      done: 'Votre mot de passe a été modifié et tous vos appareils ont été déconnectés. Connectez-vous avec le nouveau mot de passe.',
      backToSignIn: 'Retour à la connexion',
    },
    errors: {
      invalidCredentials: 'E-mail ou mot de passe invalide',
      phoneTaken: 'Un compte existe déjà avec ce numéro de téléphone.',
      emailTaken: 'Un compte existe déjà avec cette adresse e-mail.',
      invalidCode: 'Le code est erroné ou a expiré. Demandez-en un nouveau.',
    },
  },
  validation: {
    required: 'Ce champ est obligatoire.',
    fullName: 'Saisissez votre nom complet (2 à 120 caractères).',
    phone: 'Saisissez le numéro au format international, par ex. +15550100001.',
    email: 'Saisissez une adresse e-mail valide.',
    password: 'Le mot de passe doit contenir de 8 à 128 caractères.',
    referralCode: 'Un code de parrainage contient 4 à 16 lettres ou chiffres.',
    code: 'Le code comporte 6 chiffres.',
  },
};

export default auth;
