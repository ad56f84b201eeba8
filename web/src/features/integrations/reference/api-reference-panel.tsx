import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenApiViewer, openApiDocumentUrl } from './openapi-viewer';
import { SignatureSnippets } from './signature-snippets';

type ViewerState = 'loading' | 'ready' | 'failed';

/**
 * The API reference tab of /apps/integrations (docs/integrations.md, "Public API"): the generated
 * OpenAPI document in RapiDoc, which downloads only when this tab is shown (its own chunk), and
 * how to verify a webhook's signature in a few languages. Needs the `integrations`
 * translation part; lazy-load it like a page (`(await import(…)).ApiReferencePanel`).
 */
export const ApiReferencePanel = () => {
  const { t } = useTranslation();
  const [state, setState] = useState<ViewerState>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    import('rapidoc').then(
      () => current && setState('ready'),
      () => current && setState('failed'),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = () => {
    setState('loading');
    setAttempt((previous) => previous + 1);
  };

  return (
    <Stack spacing={4}>
      <Stack component="section" aria-labelledby="api-reference-heading" spacing={2}>
        <Typography id="api-reference-heading" variant="h6" component="h3">
          {t('integrationsReference.title')}
        </Typography>
        <Typography color="text.secondary">{t('integrationsReference.intro')}</Typography>
        <Link href={openApiDocumentUrl} download="orbit-openapi.json" sx={{ alignSelf: 'start' }}>
          {t('integrationsReference.download')}
        </Link>
        {state === 'loading' && (
          <Skeleton variant="rounded" height={480} aria-label={t('integrationsReference.loading')} />
        )}
        {state === 'failed' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={retry}>
                {t('integrationsReference.retry')}
              </Button>
            }
          >
            {t('integrationsReference.failed')}
          </Alert>
        )}
        {state === 'ready' && <OpenApiViewer label={t('integrationsReference.viewerLabel')} />}
      </Stack>
      <SignatureSnippets />
    </Stack>
  );
};
