import type en from '../en/referrals';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

/** Français, partie parrainages : la page des parrainages (features/referrals). */
const referrals: TranslationShape<typeof en> = {
  referrals: {
    title: 'Parrainages',
    subtitle:
      'Partagez votre lien : quand une personne que vous parrainez paie sa première facture, vous gagnez un crédit sur votre prochaine facture.',
    tabs: {
      label: 'Rubriques des parrainages',
      mine: 'Mes parrainages',
      all: 'Tous les parrainages',
      credits: 'Soldes de crédit',
      rule: 'Règle de récompense',
    },
    common: {
      retry: 'Réessayer',
      reload: 'Recharger',
      loadMore: 'Afficher plus',
      loadFailed: 'Le chargement a échoué.',
      failed: 'Cela n’a pas fonctionné. Réessayez.',
      network: 'Le serveur est injoignable. Vérifiez votre connexion et réessayez.',
      conflict: 'Quelqu’un a modifié ceci entre-temps. Rien n’a été écrasé : rechargez pour voir la version actuelle.',
      none: '—',
    },
    link: {
      heading: 'Votre lien de parrainage',
      description: 'Toute personne qui s’inscrit avec ce lien compte comme votre filleul.',
      label: 'Lien de parrainage',
      code: 'Votre code : {{code}}',
      copy: 'Copier le lien',
      copied: 'Lien copié',
      copyFailed: 'La copie n’est pas autorisée ici : sélectionnez le lien et copiez-le vous-même.',
      share: 'Partager',
      shareTitle: 'Rejoignez-moi sur {{app}}',
      shareText: 'Inscrivez-vous avec mon lien de parrainage :',
      qr: 'QR code de votre lien de parrainage',
    },
    stages: {
      registered: 'Inscrit',
      active: 'Actif',
      rewarded: 'Récompensé',
    },
    stageHints: {
      registered: 'Inscrit, aucune facture payée pour l’instant',
      active: 'Première facture payée',
      rewarded: 'Crédit gagné',
    },
    counts: {
      heading: 'Parrainages par étape',
    },
    table: {
      heading: 'Les personnes que vous avez parrainées',
      headingAll: 'Tous les parrainages',
      name: 'Nom',
      referrer: 'Parrainé par',
      stage: 'Étape',
      registered: 'Inscription',
      activated: 'Premier paiement',
      reward: 'Crédit gagné',
      empty: 'Aucun parrainage pour l’instant',
      emptyHint: 'Partagez votre lien : les personnes qui s’inscrivent avec lui apparaissent ici.',
      emptyAll: 'Personne ne s’est encore inscrit avec un lien de parrainage.',
      privacy: 'Les noms sont abrégés pour protéger la vie privée des personnes que vous avez parrainées.',
    },
    credit: {
      heading: 'Votre crédit',
      earned: 'Gagné',
      applied: 'Déduit des factures',
      available: 'Disponible',
      empty: 'Pas encore de crédit : il est gagné quand une personne parrainée paie sa première facture.',
      note: 'Le crédit disponible est déduit automatiquement de votre prochaine facture.',
    },
    balances: {
      heading: 'Soldes de crédit',
      person: 'Personne',
      currency: 'Devise',
      empty: 'Personne n’a encore gagné de crédit.',
    },
    rule: {
      heading: 'Ce que rapporte un parrainage',
      none: 'Aucune récompense n’est encore définie. Les parrainages comptent quand même et seront récompensés selon la règle qu’un administrateur fixera.',
      fixed: 'Chaque client parrainé vous rapporte {{amount}} de crédit une fois sa première facture payée.',
      percent:
        'Chaque client parrainé vous rapporte {{percent}} de sa première facture payée en crédit, jusqu’à {{cap}}.',
    },
    form: {
      heading: 'Règle de récompense',
      description:
        'S’applique aux parrainages récompensés à partir de maintenant ; le crédit déjà gagné reste acquis. Un parrainage est récompensé une seule fois, quand la première facture de son client est payée.',
      kind: 'Récompense',
      fixed: 'Crédit fixe',
      percent: 'Pourcentage de la première facture payée',
      amount: 'Montant',
      amountHint: 'Crédit par client parrainé, par ex. 20',
      percentage: 'Pourcentage',
      percentageHint: 'Entre 0,01 et 100',
      cap: 'Au plus',
      capHint: 'Le maximum que rapporte un parrainage',
      currency: 'Devise',
      invalidAmount: 'Saisissez un montant supérieur à 0',
      invalidPercent: 'Saisissez un pourcentage entre 0,01 et 100',
      save: 'Enregistrer la règle',
      saving: 'Enregistrement…',
      saved: 'La règle est enregistrée.',
      lastSaved: 'Enregistrée le {{when}}',
      neverSaved: 'Pas encore définie',
      current: 'Actuellement :',
    },
  },
};

export default referrals;
