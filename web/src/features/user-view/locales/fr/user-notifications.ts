import type en from '../en/user-notifications';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const userNotifications: TranslationShape<typeof en> = {
  userNotifications: {
    title: 'Notifications',
    description:
      'Choisissez comment vous êtes informé de ce qui se passe dans Orbit. Les e-mails arrivent en un seul récapitulatif toutes les quelques minutes, jamais un par message.',
    table: 'Paramètres de notification',
    event: 'Événement',
    channels: {
      inApp: 'Dans l’application',
      email: 'E-mail',
    },
    events: {
      message: 'Nouveaux messages',
      messageHint: 'Les messages non lus d’une discussion sont regroupés en une seule notification.',
      taskAssigned: 'Une tâche m’est assignée',
      taskAssignedHint: 'Quand quelqu’un d’autre vous confie une tâche.',
      taskComment: 'Commentaires sur mes tâches',
      taskCommentHint: 'Sur les tâches qui vous sont assignées et celles de vos projets.',
      projectStatus: 'Changements de statut de projet',
      projectStatusHint: 'Quand l’un de vos projets change de statut.',
      mention: 'Mentions',
      mentionHint: 'Quelqu’un écrit @votre nom ou @identifiant dans un commentaire ou un message.',
      webhookDisabled: 'Un point de terminaison webhook est désactivé',
      webhookDisabledHint:
        'Quand ses livraisons ont échoué pendant une journée. Seulement pour qui gère les intégrations.',
    },
    toggle: '{{event}} : {{channel}}',
    save: 'Enregistrer',
    discard: 'Annuler',
    saved: 'Vos paramètres de notification sont enregistrés.',
    saveFailed: 'Impossible d’enregistrer vos paramètres de notification. Réessayez.',
    loadFailed: 'Impossible de charger vos paramètres de notification.',
    retry: 'Réessayer',
    othersNote: 'Les paramètres de notification sont personnels : seul cet utilisateur peut modifier les siens.',
  },
};

export default userNotifications;
