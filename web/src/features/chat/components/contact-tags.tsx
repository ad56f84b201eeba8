import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contact } from '@orbit/functions/chat/contract';
import { useSetContactTags } from '../api/contact-tags-api';
import { isApiError } from '../../../shared/api/api-error';

/** The server's tag rule (mailings audience-filter.ts): lower-case letters, digits, - and _, 1–32. */
const tagPattern = /^[\p{L}\p{N}_-]{1,32}$/u;
const maxTags = 20;

const cleanTags = (tags: readonly string[]): string[] => [
  ...new Set(tags.map((tag) => tag.trim().toLowerCase()).filter((tag) => tagPattern.test(tag))),
];

/**
 * The contact's mailing tags in the contact panel: shown to everyone who sees the panel, edited
 * (typed, Enter, Save) by people allowed to update contacts; the server checks that again.
 */
export const ContactTags = ({ contact, canEdit }: { readonly contact: Contact; readonly canEdit: boolean }) => {
  const { t } = useTranslation();
  const saved = contact.tags ?? [];
  const [draft, setDraft] = useState<readonly string[] | null>(null);
  const save = useSetContactTags();
  const tags = draft ?? saved;
  const changed = draft !== null && draft.join(',') !== saved.join(',');
  return (
    <Box sx={{ mt: 3 }} data-testid="chat-contact-tags">
      <Typography variant="overline" component="h3" color="text.secondary">
        {t('chat.contact.tags')}
      </Typography>
      {canEdit ? (
        <Stack spacing={1}>
          <Autocomplete
            multiple
            freeSolo
            options={[] as string[]}
            value={[...tags]}
            onChange={(_event, chosen) => {
              setDraft(cleanTags(chosen).slice(0, maxTags));
              save.reset();
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                size="small"
                label={t('chat.contact.editTags')}
                helperText={t('chat.contact.tagsHint')}
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'chat-contact-tags-input' },
                }}
              />
            )}
          />
          <Box>
            <Button
              size="small"
              variant="contained"
              disabled={!changed || save.isPending}
              onClick={() => save.mutate({ id: contact.id, tags }, { onSuccess: () => setDraft(null) })}
              data-testid="chat-contact-tags-save"
            >
              {t('chat.contact.saveTags')}
            </Button>
          </Box>
          {save.isSuccess ? <Alert severity="success">{t('chat.contact.tagsSaved')}</Alert> : null}
          {save.isError ? (
            <Alert severity="error">
              {t('chat.contact.tagsFailed', {
                reason: isApiError(save.error) ? (save.error.fieldError('tags') ?? save.error.message) : '',
              })}
            </Alert>
          ) : null}
        </Stack>
      ) : tags.length > 0 ? (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {tags.map((tag) => (
            <Chip key={tag} size="small" label={tag} />
          ))}
        </Stack>
      ) : (
        <Typography variant="body2">{t('chat.contact.noTags')}</Typography>
      )}
    </Box>
  );
};
