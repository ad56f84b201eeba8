import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAudiencePreview, useTags } from '../api/audience';
import {
  audienceLimits,
  contactStatuses,
  type AudienceFilter,
  type ContactStatus,
  type MailingChannel,
} from '../api/mailing-types';
import { audienceRoles, normaliseTag } from './audience-helpers';
import { roleLabel } from '../../../shared/i18n/role-label';

/**
 * The editor's audience builder (docs/mailings.md, "Audiences"): people by status, tags (any or
 * all of them), role, on the mailing's channel. The count, a sample of names and who is left
 * out come from the server as the choices settle (the same resolution the send uses), so what
 * the page says is who the mailing reaches; opted-out and suppressed people are never counted in.
 */
export const AudienceSection = ({
  channel,
  channelId,
  value,
  onChange,
}: {
  readonly channel: MailingChannel;
  /** A Telegram mailing's channel: the count is of chats on that bot. */
  readonly channelId?: string;
  readonly value: AudienceFilter;
  readonly onChange: (value: AudienceFilter) => void;
}) => {
  const { t } = useTranslation();
  const tags = useTags();
  const preview = useAudiencePreview(channel, value, channelId);
  const tagOptions = (tags.data?.tags ?? []).map((entry) => entry.tag);
  const tagCounts = new Map((tags.data?.tags ?? []).map((entry) => [entry.tag, entry.count]));
  const result = preview.data;
  return (
    <Stack spacing={2} data-testid="audience-builder">
      <Typography variant="h6" component="h2">
        {t('mailings.editor.audience')}
      </Typography>
      <Autocomplete
        multiple
        options={contactStatuses}
        value={value.statuses}
        onChange={(_event, statuses) => onChange({ ...value, statuses: [...statuses] as ContactStatus[] })}
        getOptionLabel={(status) => t(`mailings.audience.statuses.${status}`)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('mailings.audience.statusLabel')}
            helperText={t('mailings.audience.anyHint')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'audience-statuses' },
            }}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Autocomplete
          multiple
          freeSolo
          sx={{ flex: 1 }}
          options={tagOptions}
          value={value.tags}
          onChange={(_event, chosen) => {
            const next = [...new Set(chosen.map(normaliseTag).filter((tag): tag is string => tag !== null))];
            onChange({ ...value, tags: next.slice(0, audienceLimits.maxTags) });
          }}
          getOptionLabel={(tag) => tag}
          renderOption={({ key, ...props }, tag) => (
            <li key={key} {...props}>
              {t('mailings.audience.tagOption', { tag, count: tagCounts.get(tag) ?? 0 })}
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('mailings.audience.tagsLabel')}
              helperText={t('mailings.audience.tagsHint')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'audience-tags' },
              }}
            />
          )}
        />
        <ToggleButtonGroup
          exclusive
          size="small"
          value={value.tagMatch}
          onChange={(_event, match: 'any' | 'all' | null) => {
            if (match) onChange({ ...value, tagMatch: match });
          }}
          aria-label={t('mailings.audience.tagMatch')}
          sx={{ mt: { sm: 1 } }}
        >
          <ToggleButton value="any" data-testid="audience-tag-any">
            {t('mailings.audience.any')}
          </ToggleButton>
          <ToggleButton value="all" data-testid="audience-tag-all">
            {t('mailings.audience.all')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Autocomplete
        multiple
        options={audienceRoles}
        value={value.roles}
        onChange={(_event, roles) => onChange({ ...value, roles: [...roles] })}
        getOptionLabel={(role) => roleLabel(t, role)}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('mailings.audience.rolesLabel')}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'audience-roles' },
            }}
          />
        )}
      />
      <Box
        role="status"
        aria-live="polite"
        aria-busy={preview.isFetching}
        data-testid="audience-preview"
        sx={{ p: 2, borderRadius: 1, bgcolor: 'action.hover' }}
      >
        {preview.isError ? (
          <Typography color="error">{t('mailings.audience.previewFailed')}</Typography>
        ) : !result ? (
          <Typography color="text.secondary">{t('mailings.audience.counting')}</Typography>
        ) : (
          <Stack spacing={1}>
            <Typography variant="subtitle1" component="p" data-testid="audience-count" data-count={result.count}>
              {t('mailings.audience.count', { count: result.count, channel: t(`mailings.channels.${channel}`) })}
            </Typography>
            {result.sample.length > 0 ? (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="audience-sample">
                <Typography variant="body2" color="text.secondary" component="span">
                  {t('mailings.audience.sample')}
                </Typography>
                {result.sample.map((name, index) => (
                  <Chip key={`${name}-${index}`} size="small" label={name} />
                ))}
              </Stack>
            ) : null}
            <Typography variant="body2" color="text.secondary" data-testid="audience-excluded">
              {t('mailings.audience.excluded', {
                optedOut: result.excluded.optedOut,
                suppressed: result.excluded.suppressed,
                unreachable: result.excluded.unreachable,
              })}
            </Typography>
          </Stack>
        )}
      </Box>
    </Stack>
  );
};
