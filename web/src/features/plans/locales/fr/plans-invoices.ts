import type en from '../en/plans-invoices';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

/** Français, partie offres, rubrique des factures (features/plans) : la liste, une facture, son PDF, les paiements. */
const invoices: TranslationShape<typeof en> = {
  heading: 'Factures',
  headingMine: 'Vos factures',
  introMine: 'Les plus récentes d’abord. Ouvrez-en une pour voir ses lignes ou télécharger son PDF.',
  introStaff:
    'Les factures de tous les clients, par statut. Ouvrez-en une pour l’émettre, enregistrer un paiement ou l’annuler.',
  filter: {
    label: 'Statut des factures',
    client: 'Client : {{name}}',
    clientUnknown: 'Client : un seul client',
    clearClient: 'Afficher les factures par statut',
  },
  status: {
    draft: 'Brouillon',
    open: 'À payer',
    overdue: 'En retard',
    paid: 'Payée',
    void: 'Annulée',
  },
  table: {
    number: 'Numéro',
    client: 'Client',
    period: 'Période',
    issued: 'Émise le',
    due: 'Échéance',
    total: 'Total',
    amountDue: 'Reste à payer',
    status: 'Statut',
    draft: 'Brouillon',
    open: 'Ouvrir la facture {{number}}',
    openDraft: 'Ouvrir le brouillon de {{name}}',
  },
  empty: {
    mine: 'Aucune facture pour l’instant',
    mineHint: 'Vos factures apparaissent ici dès leur émission ; elles vous sont aussi envoyées par e-mail.',
    client: 'Ce client n’a encore aucune facture.',
    draft: 'Aucun brouillon en attente d’émission.',
    open: 'Aucune facture à payer.',
    overdue: 'Aucune facture en retard.',
    paid: 'Aucune facture payée.',
    void: 'Aucune facture annulée.',
  },
  dialog: {
    title: 'Facture {{number}}',
    titleDraft: 'Brouillon de facture',
    loading: 'Chargement de la facture…',
    notFound: 'Cette facture n’existe pas, ou vous n’avez pas accès à elle.',
    billedTo: 'Facturé à',
    issued: 'Émise le',
    due: 'Échéance',
    period: 'Période',
    notIssued: 'Pas encore émise',
    lines: 'Lignes de la facture',
    description: 'Désignation',
    amount: 'Montant',
    subtotal: 'Sous-total',
    tax: 'TVA ({{rate}})',
    total: 'Total',
    credit: 'Crédit de parrainage déduit',
    amountDue: 'Reste à payer',
    payment: 'Paiement',
    paidOn: 'Payée le',
    method: 'Moyen de paiement',
    reference: 'Référence',
    voided: 'Annulée le {{day}}. Le numéro est conservé ; rien n’est dû.',
    actions: 'Actions sur la facture',
  },
  lines: {
    unused: 'Temps non utilisé sur {{plan}}',
    remaining: 'Temps restant sur {{plan}}',
    days_one: '{{days}} jour sur {{total}}',
    days_many: '{{days}} de jours sur {{total}}',
    days_other: '{{days}} jours sur {{total}}',
  },
  methods: {
    bank_transfer: 'Virement bancaire',
    card: 'Carte bancaire',
    cash: 'Espèces',
    online: 'Paiement en ligne',
    other: 'Autre',
  },
  languages: {
    en: 'anglais',
    fr: 'français',
    ar: 'arabe',
  },
  pdf: {
    download: 'Télécharger le PDF',
    downloadIn: 'Télécharger le PDF en {{language}}',
    downloading: 'Téléchargement…',
    clientLanguage: 'La langue du client est le {{language}}.',
    failed: 'Le PDF n’a pas pu être téléchargé. Réessayez.',
  },
  pay: {
    online: 'Payer en ligne',
    opening: 'Ouverture de la page de paiement…',
    notOpen:
      'Cette facture ne peut plus être payée en ligne : elle a changé entre-temps. Elle est affichée telle qu’elle est maintenant.',
  },
  checkout: {
    done: 'Merci ! Votre paiement est en cours de confirmation. Cette page se met à jour dès qu’il l’est.',
    confirmed: 'Merci ! Votre paiement est bien reçu et la facture est payée.',
    waiting:
      'Votre paiement n’est pas encore confirmé. Cela peut prendre quelques minutes : la facture apparaîtra payée dès que le prestataire de paiement l’aura confirmé.',
    cancelled: 'Paiement annulé. Rien n’a été débité ; vous pourrez payer quand vous le souhaitez.',
  },
  actions: {
    issue: 'Émettre maintenant',
    issuing: 'Émission…',
    void: 'Annuler la facture',
    record: 'Enregistrer un paiement',
    issued: 'La facture {{number}} est émise et envoyée au client par e-mail.',
    voided: 'La facture est annulée.',
    recorded: 'Paiement enregistré : la facture {{number}} est payée.',
    noLongerDraft:
      'Cette facture n’est plus un brouillon : quelqu’un l’a modifiée entre-temps. Elle est affichée telle qu’elle est maintenant.',
    noLongerOpen:
      'Cette facture n’est plus à payer : quelqu’un l’a modifiée entre-temps. Elle est affichée telle qu’elle est maintenant.',
    noLongerVoidable:
      'Cette facture ne peut plus être annulée : quelqu’un l’a modifiée entre-temps. Elle est affichée telle qu’elle est maintenant.',
  },
  void: {
    title: 'Annuler cette facture ?',
    messageOpen:
      'La facture {{number}} sera annulée et le client ne la devra plus. Son numéro est conservé, car un numéro de facture n’est jamais réutilisé, et le crédit de parrainage déduit revient au client.',
    messageDraft: 'Ce brouillon sera annulé : il ne sera jamais émis ni envoyé. Aucun numéro n’est utilisé.',
    confirm: 'Annuler la facture',
    voiding: 'Annulation…',
    keep: 'La conserver',
  },
  payment: {
    title: 'Enregistrer un paiement',
    intro: 'La totalité du reste à payer, {{amount}}, reçue pour la facture {{number}}.',
    method: 'Moyen de paiement',
    paidOn: 'Date du paiement',
    reference: 'Référence',
    referenceHint: 'Facultatif : une référence de virement ou un numéro de reçu (100 caractères au plus).',
    save: 'Enregistrer le paiement',
    saving: 'Enregistrement…',
    back: 'Retour',
    errors: {
      method: 'Choisissez le moyen de paiement.',
      paidOn: 'Indiquez une date valide.',
      reference: '100 caractères au plus.',
    },
  },
};

export default invoices;
