/**
 * English, coming-soon part: the pages that are not built yet (shared/ui/coming-soon.tsx) and their
 * descriptions.
 */
const areas = {
  linkNotConfigured: {
    wiki: 'Wiki',
    telegram: 'Telegram',
    message: 'This link is not configured.',
    description: 'Whoever deploys this workspace sets its address; until then there is nowhere to go.',
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
    referrals: {
      title: 'Referrals',
      message: 'Referrals are coming soon.',
      description: 'Your referral link, the people who signed up with it and the credit you earned.',
    },
  },
};

export default areas;
