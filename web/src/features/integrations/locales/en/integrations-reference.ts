/** English, the integrations part's reference words: the API reference tab of /apps/integrations. */
const integrationsReference = {
  integrationsReference: {
    title: 'API reference',
    intro:
      'Every route an API key may call, with its parameters, answers and the scope it needs, generated from the API itself. Send the key as Authorization: Bearer orb_….',
    download: 'Download the OpenAPI document',
    loading: 'Loading the API reference…',
    failed: 'The API reference could not be loaded. Try again later.',
    retry: 'Try again',
    viewerLabel: 'Routes and schemas',
    signatures: {
      title: 'Verify webhook signatures',
      intro:
        'Each delivery is signed per Standard Webhooks with the subscription’s secret: check it with the library of your language before trusting the body, and answer 2xx only then.',
      languages: 'Languages',
      install: 'Install',
      code: 'Verify a delivery',
    },
  },
};

export default integrationsReference;
