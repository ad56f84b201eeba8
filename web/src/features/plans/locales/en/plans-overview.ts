/** English, plans part, the overview section (features/plans): the admins' figures. */
const overview = {
  summary: 'Billing at a glance',
  mrr: 'Monthly recurring revenue',
  mrrHint: 'Before tax; a yearly plan counts as a twelfth of its price.',
  mrrNone: 'No recurring revenue yet',
  open: 'Open invoices',
  overdue: 'Overdue invoices',
  openNone: 'No open invoice',
  overdueNone: 'No overdue invoice',
  invoices_one: '{{count}} invoice',
  invoices_other: '{{count}} invoices',
  viewOpen: 'See open invoices',
  viewOverdue: 'See overdue invoices',
  perPlan: 'Clients per plan',
  perPlanEmpty: 'No client has a subscription yet.',
  plan: 'Plan',
  monthly: 'Monthly subscribers',
  yearly: 'Yearly subscribers',
  total: 'Total',
  allPlans: 'All plans',
};

export default overview;
