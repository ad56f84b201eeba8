import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailDetail, RecipientStatus } from '@orbit/functions/email/contract';
import { fetchAttachmentUrl } from '../api/email';
import { formatSize } from './attachment-checks';
import { AttachIcon, ImageIcon } from './icons';
import { MailBody } from './mail-body';
import { fullDate, nameOf } from './mail-format';

const statusColors: Readonly<Record<RecipientStatus, 'secondary' | 'info' | 'success' | 'error' | 'warning'>> = {
  queued: 'secondary',
  sent: 'info',
  delivered: 'success',
  bounced: 'error',
  complained: 'warning',
  suppressed: 'warning',
  failed: 'error',
};

/** One opened mail: who, when, the body, the remote-images switch, attachments and, on a sent copy, each recipient's delivery. */
export const MailContent = ({
  mail,
  onShowImages,
  onDownloadFailed,
}: {
  mail: MailDetail;
  onShowImages?: () => void;
  onDownloadFailed: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const [downloading, setDownloading] = useState<string | null>(null);
  const line = (label: string, people: MailDetail['to']) =>
    people.length > 0 ? (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
        {people.map((person) => (person.name ? `${person.name} <${person.address}>` : person.address)).join(', ')}
      </Typography>
    ) : undefined;
  const download = async (attachmentId: string) => {
    setDownloading(attachmentId);
    try {
      const url = await fetchAttachmentUrl(mail.id, attachmentId);
      window.open(url, '_blank', 'noopener');
    } catch {
      onDownloadFailed();
    } finally {
      setDownloading(null);
    }
  };
  return (
    <Stack spacing={1.5} data-testid="email-mail" data-mail-id={mail.id}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 600 }}>{nameOf(mail.from)}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {mail.from.address}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', marginInlineStart: 'auto' }}>
          <time dateTime={mail.date}>{fullDate(mail.date, i18n.language)}</time>
        </Typography>
      </Box>
      <Box>
        {line(t('email.view.to'), mail.to)}
        {line(t('email.view.cc'), mail.cc)}
        {line(t('email.view.bcc'), mail.bcc)}
      </Box>
      {mail.recipients.length > 0 ? (
        <Box
          component="ul"
          aria-label={t('email.view.recipients')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
        >
          {mail.recipients.map((recipient) => (
            <li key={recipient.address}>
              <Chip
                size="small"
                variant="outlined"
                icon={
                  <Box
                    component="span"
                    sx={{
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      bgcolor: `${statusColors[recipient.status]}.main`,
                      ml: 1,
                    }}
                  />
                }
                label={`${recipient.address}: ${t(`email.status.${recipient.status}`)}`}
                title={recipient.detail}
                data-testid="email-recipient-status"
                data-status={recipient.status}
              />
            </li>
          ))}
        </Box>
      ) : undefined}
      {mail.remoteImages && !mail.showImages && onShowImages ? (
        <Alert
          severity="info"
          icon={<ImageIcon fontSize="inherit" />}
          action={
            <Button color="inherit" size="small" onClick={onShowImages}>
              {t('email.view.showImages')}
            </Button>
          }
        >
          {t('email.view.remoteImages')}
        </Alert>
      ) : undefined}
      <MailBody html={mail.html} title={t('email.view.body')} dir={i18n.dir(i18n.language)} />
      {mail.attachments.length > 0 ? (
        <Box component="section" aria-label={t('email.view.attachments')}>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('email.view.attachments')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {mail.attachments.map((attachment) => (
              <Button
                key={attachment.id}
                variant="outlined"
                size="small"
                startIcon={<AttachIcon />}
                disabled={downloading === attachment.id}
                onClick={() => void download(attachment.id)}
                aria-label={t('email.view.download', { name: attachment.name })}
                data-testid="email-attachment"
              >
                {attachment.name} ({formatSize(attachment.size, i18n.language)})
              </Button>
            ))}
          </Box>
        </Box>
      ) : undefined}
    </Stack>
  );
};
