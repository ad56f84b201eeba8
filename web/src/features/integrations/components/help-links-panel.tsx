import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  helpLinkNames,
  saveHelpLinksSchema,
  type HelpLinkName,
  type HelpLinks,
} from '@orbit/functions/integrations/links-contract';
import { isApiError } from '../../../shared/api/api-error';
import { ConflictAlert, LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { useHelpLinks, useSaveHelpLinks } from '../api/help-links';
import { formatWhen } from '../utils/format';
import { invalidFields } from '../utils/forms';

type Draft = Record<HelpLinkName, string>;

const draftOf = (links: HelpLinks): Draft => ({ wiki: links.wiki ?? '', telegram: links.telegram ?? '' });

/** An empty field clears its link (null), as the contract reads it. */
const linkOf = (text: string): string | null => (text.trim() === '' ? null : text.trim());

const fieldWords = {
  wiki: { label: 'integrations.links.wiki', hint: 'integrations.links.wikiHint' },
  telegram: { label: 'integrations.links.telegram', hint: 'integrations.links.telegramHint' },
} as const;

/** The form, from the links as read (its version): a stale save is refused and "Reload" shows the current ones. */
const HelpLinksForm = ({
  links,
  onReload,
}: {
  readonly links: HelpLinks;
  readonly onReload: () => Promise<HelpLinks | undefined>;
}) => {
  const { t, i18n } = useTranslation();
  const save = useSaveHelpLinks();
  const [base, setBase] = useState(links);
  const [draft, setDraft] = useState(() => draftOf(links));
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<'conflict' | 'failed' | 'network' | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { wiki: linkOf(draft.wiki), telegram: linkOf(draft.telegram), version: base.version };
    const fields = invalidFields(saveHelpLinksSchema, body);
    setInvalid(fields);
    setProblem(null);
    setSaved(false);
    if (fields.size > 0) return;
    try {
      const answer = await save.mutateAsync(body);
      setBase(answer.links);
      setDraft(draftOf(answer.links));
      setSaved(true);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409) setProblem('conflict');
      else if (error.status === 400) setInvalid(new Set(helpLinkNames.filter((name) => error.fieldError(name))));
      else setProblem(error.code === 'network' ? 'network' : 'failed');
    }
  };

  const reload = async () => {
    const current = await onReload();
    if (!current) return;
    setBase(current);
    setDraft(draftOf(current));
    setProblem(null);
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      spacing={2.5}
      data-testid="help-links-form"
    >
      {problem === 'conflict' ? (
        <ConflictAlert actionLabel={t('integrations.common.reload')} onAction={() => void reload()}>
          {t('integrations.common.conflict')}
        </ConflictAlert>
      ) : problem ? (
        <InlineAlert severity="error">
          {problem === 'network' ? t('integrations.common.network') : t('integrations.common.failed')}
        </InlineAlert>
      ) : saved ? (
        <InlineAlert severity="success">{t('integrations.links.saved')}</InlineAlert>
      ) : null}
      {helpLinkNames.map((name) => (
        <TextField
          key={name}
          type="url"
          name={name}
          label={t(fieldWords[name].label)}
          value={draft[name]}
          onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
          error={invalid.has(name)}
          helperText={invalid.has(name) ? t('integrations.links.invalid') : t(fieldWords[name].hint)}
          slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': `help-link-${name}` } }}
          fullWidth
        />
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="help-links-save">
          {save.isPending ? t('integrations.links.saving') : t('integrations.links.save')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {base.updatedAt
            ? t('integrations.links.lastSaved', { when: formatWhen(base.updatedAt, i18n.language) })
            : t('integrations.links.neverSaved')}
        </Typography>
      </Stack>
    </Stack>
  );
};

/** The help links tab: where the navigation's Wiki and Telegram lead. */
export const HelpLinksPanel = () => {
  const { t } = useTranslation();
  const links = useHelpLinks();
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="help-links-heading"
      data-testid="help-links-panel"
    >
      <Typography id="help-links-heading" variant="h6" component="h2">
        {t('integrations.links.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('integrations.links.description')}
      </Typography>
      {links.isError ? (
        <LoadFailedAlert actionLabel={t('integrations.common.retry')} onAction={() => void links.refetch()}>
          {t('integrations.common.loadFailed')}
        </LoadFailedAlert>
      ) : links.data ? (
        <HelpLinksForm links={links.data.links} onReload={async () => (await links.refetch()).data?.links} />
      ) : (
        <SkeletonBlock height={180} />
      )}
    </Paper>
  );
};
