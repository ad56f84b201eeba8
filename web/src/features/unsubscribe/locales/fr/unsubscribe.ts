import type en from '../en/unsubscribe';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const unsubscribe: TranslationShape<typeof en> = {
  unsubscribe: {
    title: 'Désinscription',
    heading: 'Se désinscrire de ces envois',
    loading: 'Vérification de votre lien…',
    explain: '{{workspace}} cessera d’envoyer ses campagnes et messages de suivi à {{address}}.',
    button: 'Me désinscrire',
    submitting: 'Désinscription…',
    note: 'Vous pouvez fermer cette page si vous souhaitez continuer à les recevoir.',
    doneHeading: 'Vous êtes désinscrit',
    done: '{{address}} ne recevra plus de campagnes de {{workspace}}.',
    alreadyHeading: 'Vous êtes déjà désinscrit',
    already: '{{address}} ne reçoit aucune campagne de {{workspace}}.',
    invalidHeading: 'Ce lien n’est pas valide',
    invalid:
      'Ce lien de désinscription n’est pas valide : il est peut-être incomplet. Ouvrez le lien complet depuis l’e-mail, ou répondez à l’e-mail pour demander à être retiré de la liste.',
    failed: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    retry: 'Réessayer',
  },
};

export default unsubscribe;
