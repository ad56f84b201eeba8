import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMailingChannels } from '../api/audience';
import { InlineAlert } from '../../../shared/ui/inline-alert';

/**
 * Which Telegram bot a Telegram mailing goes through (docs/mailings.md, "Audiences"): only chats
 * on that bot are counted and sent to. The first one is chosen when none is; with none connected
 * the editor says so rather than offering an empty choice.
 */
export const TelegramChannelField = ({
  value,
  onChange,
  error,
}: {
  readonly value: string | undefined;
  readonly onChange: (channelId: string) => void;
  readonly error: string | undefined;
}) => {
  const { t } = useTranslation();
  const channels = useMailingChannels(true);
  const options = channels.data?.telegram ?? [];
  const first = options[0]?.id;
  useEffect(() => {
    if (!value && first) onChange(first);
  }, [value, first, onChange]);

  if (channels.isSuccess && options.length === 0)
    return <InlineAlert severity="info">{t('mailings.editor.noTelegramChannel')}</InlineAlert>;
  return (
    <TextField
      select
      label={t('mailings.editor.telegramChannel')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? (channels.isError ? t('mailings.editor.telegramChannelsFailed') : undefined)}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'mailing-telegram-channel' } }}
    >
      {value ? null : <option value="" disabled />}
      {options.map((channel) => (
        <option key={channel.id} value={channel.id}>
          {channel.paused ? t('mailings.editor.pausedChannel', { name: channel.name }) : channel.name}
        </option>
      ))}
    </TextField>
  );
};
