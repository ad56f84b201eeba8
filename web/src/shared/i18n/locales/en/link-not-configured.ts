/** English, link-not-configured part: /wiki and /telegram before an admin set where they lead (shared/ui/link-not-configured.tsx). */
const words = {
  linkNotConfigured: {
    wiki: 'Wiki',
    telegram: 'Telegram',
    message: 'This link is not configured.',
    description: 'An administrator sets its address in Integrations; until then there is nowhere to go.',
    descriptionAdmin: 'Set its address in Integrations, under Help links; until then there is nowhere to go.',
    setUp: 'Set up help links',
  },
};

export default words;
