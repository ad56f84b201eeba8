import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewMailing, testMailing, usePreviewPeople } from '../api/mailings';
import { InlineAlert } from '../../../shared/ui/inline-alert';

/**
 * The mailing as one recipient will get it (variables filled by the server, POST /{id}/preview),
 * and a test send to oneself (POST /{id}/test). The preview's HTML is the server's sanitised
 * output; it is shown in a sandboxed frame with no scripts, as the mailbox shows mail.
 */
export const PreviewPanel = ({
  mailingId,
  tag,
}: {
  /** Absent until the draft is first saved. */
  readonly mailingId: string | undefined;
  /** The audience's first tag: whom to offer first. */
  readonly tag: string | undefined;
}) => {
  const { t } = useTranslation();
  const [personId, setPersonId] = useState('');
  const people = (usePreviewPeople({ tag }, Boolean(mailingId)).data?.contacts ?? []).map((person) => ({
    id: person.id,
    name: person.fullName,
  }));
  const chosen = personId || people[0]?.id || '';
  const preview = useMutation({ mutationFn: previewMailing });
  const test = useMutation({ mutationFn: testMailing });
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {t('mailings.editor.preview')}
      </Typography>
      {!mailingId ? <Typography color="text.secondary">{t('mailings.editor.saveFirst')}</Typography> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {people.length > 0 ? (
          <TextField
            select
            size="small"
            label={t('mailings.editor.previewAs')}
            value={chosen}
            onChange={(event) => setPersonId(event.target.value)}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'mailing-preview-person' } }}
            sx={{ minWidth: 220 }}
          >
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </TextField>
        ) : (
          <TextField
            size="small"
            label={t('mailings.editor.previewPerson')}
            value={personId}
            onChange={(event) => setPersonId(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'mailing-preview-person' } }}
          />
        )}
        <Button
          variant="outlined"
          disabled={!mailingId || !chosen || preview.isPending}
          onClick={() => mailingId && preview.mutate({ id: mailingId, personId: chosen })}
          data-testid="mailing-preview"
        >
          {t('mailings.editor.previewShow')}
        </Button>
        <Button
          variant="outlined"
          disabled={!mailingId || test.isPending}
          onClick={() => mailingId && test.mutate(mailingId)}
          data-testid="mailing-test"
        >
          {t('mailings.editor.test')}
        </Button>
      </Stack>
      {test.isSuccess ? <InlineAlert severity="success">{t('mailings.editor.testSent')}</InlineAlert> : null}
      {test.isError ? <InlineAlert severity="error">{t('mailings.editor.testFailed')}</InlineAlert> : null}
      {preview.isError ? <InlineAlert severity="error">{t('mailings.editor.previewFailed')}</InlineAlert> : null}
      {preview.data ? (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="mailing-preview-result">
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {preview.data.subject}
          </Typography>
          <Box
            component="iframe"
            title={t('mailings.editor.previewTitle')}
            sandbox=""
            srcDoc={preview.data.html}
            sx={{ width: '100%', minHeight: 240, border: 0, bgcolor: '#fff', mt: 1 }}
          />
        </Paper>
      ) : null}
    </Stack>
  );
};
