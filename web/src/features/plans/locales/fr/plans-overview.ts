import type en from '../en/plans-overview';
import type { TranslationShape } from '../../../../shared/i18n/locales/shape';

/** Français, partie plans, la vue d’ensemble (features/plans) : les chiffres des administrateurs. */
const overview: TranslationShape<typeof en> = {
  summary: 'La facturation en un coup d’œil',
  mrr: 'Revenu mensuel récurrent',
  mrrHint: 'Hors taxes ; une formule annuelle compte pour un douzième de son prix.',
  mrrNone: 'Pas encore de revenu récurrent',
  open: 'Factures en attente',
  overdue: 'Factures en retard',
  openNone: 'Aucune facture en attente',
  overdueNone: 'Aucune facture en retard',
  invoices_one: '{{count}} facture',
  invoices_many: '{{count}} factures',
  invoices_other: '{{count}} factures',
  viewOpen: 'Voir les factures en attente',
  viewOverdue: 'Voir les factures en retard',
  perPlan: 'Clients par formule',
  perPlanEmpty: 'Aucun client n’a encore d’abonnement.',
  plan: 'Formule',
  monthly: 'Abonnés mensuels',
  yearly: 'Abonnés annuels',
  total: 'Total',
  allPlans: 'Toutes les formules',
};

export default overview;
