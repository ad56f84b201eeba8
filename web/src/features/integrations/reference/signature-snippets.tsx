import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signatureSnippets, type SignatureSnippet } from './webhook-snippets';

/** Code reads left to right in every interface language. */
const CodeBlock = ({ code, label }: { code: string; label: string }) => (
  <Box
    component="pre"
    dir="ltr"
    tabIndex={0}
    aria-label={label}
    sx={{
      m: 0,
      p: 2,
      overflowX: 'auto',
      textAlign: 'left',
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      fontSize: '0.8125rem',
      lineHeight: 1.6,
      tabSize: 4,
      bgcolor: 'action.hover',
      color: 'text.primary',
      borderRadius: 1,
      '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
    }}
  >
    <code>{code}</code>
  </Box>
);

/** "Verify webhook signatures": one tab per language, its install line and the verifying code. */
export const SignatureSnippets = () => {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<SignatureSnippet['id']>('node');
  const baseId = useId();
  const snippet = signatureSnippets.find((candidate) => candidate.id === selected) ?? signatureSnippets[0];
  if (!snippet) return null;
  return (
    <Stack component="section" aria-labelledby={`${baseId}-heading`} spacing={2}>
      <Typography id={`${baseId}-heading`} variant="h6" component="h3">
        {t('integrationsReference.signatures.title')}
      </Typography>
      <Typography color="text.secondary">{t('integrationsReference.signatures.intro')}</Typography>
      <Tabs
        value={selected}
        onChange={(_event, value: SignatureSnippet['id']) => setSelected(value)}
        aria-label={t('integrationsReference.signatures.languages')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {signatureSnippets.map((candidate) => (
          <Tab
            key={candidate.id}
            value={candidate.id}
            label={candidate.label}
            id={`${baseId}-tab-${candidate.id}`}
            aria-controls={`${baseId}-panel`}
          />
        ))}
      </Tabs>
      <Stack id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${snippet.id}`} spacing={1.5}>
        <CodeBlock
          code={snippet.install}
          label={`${t('integrationsReference.signatures.install')}: ${snippet.label}`}
        />
        <CodeBlock code={snippet.code} label={`${t('integrationsReference.signatures.code')}: ${snippet.label}`} />
      </Stack>
    </Stack>
  );
};
