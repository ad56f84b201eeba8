import invoices from './plans-invoices';
import overview from './plans-overview';
import pricing from './plans-pricing';
import subscription from './plans-subscription';

/** English, plans part: the plans page (features/plans): the catalogue, a client's plan, invoices, the admins' views. */
const plans = {
  plans: {
    title: 'Plans & billing',
    subtitle: 'Service plans, subscriptions and invoices.',
    tabs: {
      label: 'Plans sections',
      mine: 'My plan',
      pricing: 'Plans',
      invoices: 'Invoices',
      subscriptions: 'Subscriptions',
      overview: 'Overview',
    },
    common: {
      retry: 'Retry',
      loadMore: 'Load more',
      loadFailed: 'This could not be loaded.',
      failed: 'That did not work. Try again.',
      network: 'The server could not be reached. Check your connection and try again.',
      conflict: 'Someone changed this meanwhile. Nothing was overwritten: reload to see the current version.',
      cancel: 'Cancel',
      close: 'Close',
      none: '—',
      monthly: 'Monthly',
      yearly: 'Yearly',
      perMonth: '{{price}} / month',
      perYear: '{{price}} / year',
      noLimit: 'Unlimited',
    },
    pricing,
    subscription,
    invoices,
    overview,
  },
};

export default plans;
