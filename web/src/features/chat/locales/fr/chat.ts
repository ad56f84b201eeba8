import type en from '../en/chat';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

const chat: TranslationShape<typeof en> = {
  chat: {
    title: 'Discussion',
    heading: 'Discussion',
    connection: {
      connecting: 'Connexion…',
      reconnecting: 'Reconnexion… les nouveaux messages vont arriver.',
      open: 'En direct',
    },
    search: {
      label: 'Rechercher un contact',
      placeholder: 'Rechercher par nom…',
    },
    filter: {
      label: 'Filtrer par statut',
      all: 'Tous les statuts',
      presence: 'Présence',
      leadStages: 'Étapes du prospect',
    },
    sections: {
      chats: 'Discussions',
      contacts: 'Contacts',
    },
    empty: {
      chats: 'Aucune discussion',
      contacts: 'Aucun contact',
      pick: 'Choisissez un contact pour commencer une discussion',
      pickHint: 'Vos discussions et contacts sont à gauche.',
      showContacts: 'Afficher les contacts',
      noMessages: 'Aucun message pour l’instant. Dites bonjour à {{name}} !',
    },
    unseen: '{{count}} non lu(s)',
    statuses: {
      online: 'En ligne',
      away: 'Absent',
      offline: 'Hors ligne',
      success: 'Gagné',
      contact_received: 'Contact reçu',
      interest_shown: 'Intérêt manifesté',
      closed: 'Clos',
      deleted: 'Supprimé',
    },
    roles: {
      admin: 'Administrateur',
      client: 'Client',
      lead: 'Prospect',
    },
    log: {
      label: 'Messages avec {{name}}',
      loadOlder: 'Charger les messages précédents',
      loadingOlder: 'Chargement des messages précédents…',
      start: 'C’est le début de votre discussion.',
      today: 'Aujourd’hui',
      yesterday: 'Hier',
      you: 'Vous',
    },
    ticks: {
      sending: 'Envoi en cours',
      sent: 'Envoyé',
      delivered: 'Distribué',
      seen: 'Lu',
      failed: 'Non envoyé',
    },
    composer: {
      label: 'Message à {{name}}',
      placeholder: 'Écrivez un message…',
      send: 'Envoyer',
      hint: 'Entrée pour envoyer · Maj+Entrée pour un retour à la ligne',
      counter: '{{count}} / {{max}}',
      tooLong: 'Un message compte au plus {{max}} caractères.',
      failed: 'Ce message n’a pas été envoyé.',
      retry: 'Réessayer',
      discard: 'Abandonner',
    },
    typing: '{{name}} est en train d’écrire…',
    header: {
      back: 'Retour aux discussions',
      details: 'Détails du contact',
    },
    profile: {
      open: 'Votre profil et statut',
      title: 'Votre profil',
      about: 'À propos',
      status: 'Statut',
      statusHint: 'Le statut passe aussi à Absent après 5 minutes d’inactivité.',
      settings: 'Paramètres',
      twoStep: 'Validation en deux étapes',
      notifications: 'Notifications',
      close: 'Fermer',
    },
    contact: {
      title: 'Détails du contact',
      about: 'À propos',
      noAbout: 'Rien pour l’instant.',
      status: 'Statut',
      changeStatus: 'Changer le statut',
      saved: '{{name}} est maintenant « {{status}} ».',
      failed: 'Le statut n’a pas pu être modifié.',
      close: 'Fermer',
    },
    errors: {
      load: 'La discussion n’a pas pu être chargée.',
      retry: 'Réessayer',
      contact: 'Ce contact n’est pas disponible.',
    },
  },
};

export default chat;
