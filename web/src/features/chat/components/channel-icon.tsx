import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useTranslation } from 'react-i18next';
import type { ChannelName } from '../utils/channel';
import { EmailIcon, SmsIcon, TelegramIcon, WebhookIcon } from './icons';

const icons = { telegram: TelegramIcon, webhook: WebhookIcon, email: EmailIcon, sms: SmsIcon } as const;

/** The channel's mark, named for screen readers ("Via Telegram"). */
export const ChannelIcon = ({ channel, ...props }: { channel: ChannelName } & Omit<SvgIconProps, 'children'>) => {
  const { t } = useTranslation();
  const Icon = icons[channel];
  return (
    <Icon
      fontSize="inherit"
      titleAccess={t('chat.channels.via', { channel: t(`chat.channels.${channel}`) })}
      data-channel={channel}
      {...props}
    />
  );
};
