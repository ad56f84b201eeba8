import type en from '../en/plans';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';
import invoices from './plans-invoices';
import overview from './plans-overview';
import pricing from './plans-pricing';
import subscription from './plans-subscription';

/** Français, partie offres : la page des offres et de la facturation (features/plans). */
const plans: TranslationShape<typeof en> = {
  plans: {
    title: 'Offres et facturation',
    subtitle: 'Offres de service, abonnements et factures.',
    tabs: {
      label: 'Rubriques des offres',
      mine: 'Mon offre',
      pricing: 'Offres',
      invoices: 'Factures',
      subscriptions: 'Abonnements',
      overview: 'Vue d’ensemble',
    },
    common: {
      retry: 'Réessayer',
      loadMore: 'Afficher plus',
      loadFailed: 'Impossible de charger ce contenu.',
      failed: 'Cela n’a pas fonctionné. Réessayez.',
      network: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
      conflict: 'Quelqu’un a modifié ceci entre-temps. Rien n’a été écrasé : rechargez pour voir la version actuelle.',
      cancel: 'Annuler',
      close: 'Fermer',
      none: '—',
      monthly: 'Mensuel',
      yearly: 'Annuel',
      perMonth: '{{price}} / mois',
      perYear: '{{price}} / an',
      noLimit: 'Illimité',
    },
    pricing,
    subscription,
    invoices,
    overview,
  },
};

export default plans;
