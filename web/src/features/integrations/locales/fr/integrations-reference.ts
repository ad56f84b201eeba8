import type en from '../en/integrations-reference';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const integrationsReference: TranslationShape<typeof en> = {
  integrationsReference: {
    title: 'Référence de l’API',
    intro:
      'Chaque route qu’une clé d’API peut appeler, avec ses paramètres, ses réponses et la portée requise, générée à partir de l’API elle-même. Envoyez la clé ainsi : Authorization: Bearer orb_….',
    download: 'Télécharger le document OpenAPI',
    loading: 'Chargement de la référence de l’API…',
    failed: 'La référence de l’API n’a pas pu être chargée. Réessayez plus tard.',
    retry: 'Réessayer',
    viewerLabel: 'Routes et schémas',
    signatures: {
      title: 'Vérifier les signatures des webhooks',
      intro:
        'Chaque envoi est signé selon Standard Webhooks avec le secret de l’abonnement : vérifiez-le avec la bibliothèque de votre langage avant de vous fier au contenu, et ne répondez 2xx qu’ensuite.',
      languages: 'Langages',
      install: 'Installation',
      code: 'Vérifier un envoi',
    },
  },
};

export default integrationsReference;
