import type en from '../en/notifications';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const notifications: TranslationShape<typeof en> = {
  notifications: {
    newCount_one: '{{count}} nouvelle',
    newCount_many: '{{count}} nouvelles',
    newCount_other: '{{count}} nouvelles',
    markAllRead: 'Tout marquer comme lu',
    markRead: 'Marquer comme lu',
    unread: 'Non lue',
    empty: 'Vous êtes à jour',
    emptyHint: 'Les messages, les tâches qui vous sont assignées, les commentaires et les mentions apparaissent ici.',
    loadFailed: 'Impossible de charger les notifications.',
    retry: 'Réessayer',
    loadMore: 'Afficher les plus anciennes',
    close: 'Fermer les notifications',
    settings: 'Paramètres de notification',
    events: {
      message_one: '{{name}} vous a envoyé un message',
      message_many: '{{name}} vous a envoyé {{count}} de messages',
      message_other: '{{name}} vous a envoyé {{count}} messages',
      taskAssigned: '{{name}} vous a assigné « {{task}} » dans {{project}}',
      taskComment: '{{name}} a commenté « {{task}} »',
      projectStatus: '{{name}} a passé {{project}} en {{status}}',
      mention: '{{name}} vous a mentionné',
      webhookDisabled: 'Le point de terminaison webhook {{url}} a été désactivé : ses livraisons échouaient sans cesse',
    },
    statuses: {
      planning: 'Planification',
      active: 'Actif',
      on_hold: 'En pause',
      completed: 'Terminé',
      archived: 'Archivé',
    },
  },
};

export default notifications;
