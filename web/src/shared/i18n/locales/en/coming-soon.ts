/**
 * English, coming-soon part: the pages that are not built yet (shared/ui/coming-soon.tsx) and their
 * descriptions.
 */
const areas = {
  linkNotConfigured: {
    wiki: 'Wiki',
    telegram: 'Telegram',
    message: 'This link is not configured.',
    description: 'An administrator sets its address in Integrations; until then there is nowhere to go.',
    descriptionAdmin: 'Set its address in Integrations, under Help links; until then there is nowhere to go.',
    setUp: 'Set up help links',
  },
  comingSoon: {
    badge: 'Coming soon',
    honesty: 'Nothing here is sample data: this page will show your real workspace once it ships.',
  },
  areas: {
    plans: {
      title: 'Plans',
      message: 'Plans are coming soon.',
      description: 'Your current plan, its limits and usage, and your invoices.',
    },
  },
};

export default areas;
