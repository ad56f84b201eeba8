import type en from '../en/link-not-configured';
import type { TranslationShape } from '../shape';

const words: TranslationShape<typeof en> = {
  linkNotConfigured: {
    wiki: 'Wiki',
    telegram: 'Telegram',
    message: 'Ce lien n’est pas configuré.',
    description: 'Un administrateur définit son adresse dans Intégrations ; d’ici là, il ne mène nulle part.',
    descriptionAdmin: 'Définissez son adresse dans Intégrations, sous Liens d’aide ; d’ici là, il ne mène nulle part.',
    setUp: 'Configurer les liens d’aide',
  },
};

export default words;
