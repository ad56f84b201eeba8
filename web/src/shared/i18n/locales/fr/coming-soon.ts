import type en from '../en/coming-soon';
import type { TranslationShape } from '../shape';

const areas: TranslationShape<typeof en> = {
  linkNotConfigured: {
    wiki: 'Wiki',
    telegram: 'Telegram',
    message: 'Ce lien n’est pas configuré.',
    description: 'Un administrateur définit son adresse dans Intégrations ; d’ici là, il ne mène nulle part.',
    descriptionAdmin: 'Définissez son adresse dans Intégrations, sous Liens d’aide ; d’ici là, il ne mène nulle part.',
    setUp: 'Configurer les liens d’aide',
  },
  comingSoon: {
    badge: 'Bientôt disponible',
    honesty:
      'Rien ici n’est une donnée d’exemple : cette page affichera votre véritable espace de travail dès sa sortie.',
  },
  areas: {
    plans: {
      title: 'Offres',
      message: 'Les offres arrivent bientôt.',
      description: 'Votre offre actuelle, ses limites, votre consommation et vos factures.',
    },
  },
};

export default areas;
