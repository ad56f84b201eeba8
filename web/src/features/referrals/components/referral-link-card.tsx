import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appName } from '../../../shared/app-name';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';
import { CopyIcon, ShareIcon } from './icons';

// Drawn in the browser, downloaded with this card only (the page's own chunk stays small).
const QrCode = lazy(() => import('../../../shared/ui/qr-code'));

const qrSize = 168;

/** The referral link with copy, share (the Web Share API, where the browser has it) and its QR code. */
export const ReferralLinkCard = ({ code, linkPath }: { readonly code: string; readonly linkPath: string }) => {
  const { t } = useTranslation();
  const link = `${window.location.origin}${linkPath}`;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  const share = async () => {
    try {
      await navigator.share({
        title: t('referrals.link.shareTitle', { app: appName }),
        text: t('referrals.link.shareText'),
        url: link,
      });
    } catch {
      // Dismissed, or refused by the browser: the link and its copy button are right there.
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="referral-link-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'center' } }}>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Typography id="referral-link-heading" variant="h6" component="h2">
              {t('referrals.link.heading')}
            </Typography>
            <Typography color="text.secondary">{t('referrals.link.description')}</Typography>
          </Box>
          <TextField
            label={t('referrals.link.label')}
            value={link}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'referral-link' } }}
            onFocus={(event) => event.target.select()}
          />
          <Typography variant="body2" color="text.secondary">
            {t('referrals.link.code', { code: `\u2068${code}\u2069` })}
          </Typography>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<CopyIcon fontSize="small" />}
              onClick={() => void copy()}
              data-testid="referral-copy"
            >
              {copied === 'yes' ? t('referrals.link.copied') : t('referrals.link.copy')}
            </Button>
            {canShare ? (
              <Button
                variant="outlined"
                startIcon={<ShareIcon fontSize="small" />}
                onClick={() => void share()}
                data-testid="referral-share"
              >
                {t('referrals.link.share')}
              </Button>
            ) : null}
          </Stack>
          <Box role="status" aria-live="polite">
            {copied === 'failed' ? (
              <InlineAlert severity="warning">{t('referrals.link.copyFailed')}</InlineAlert>
            ) : null}
          </Box>
        </Stack>
        <Box sx={{ alignSelf: 'center', flexShrink: 0 }} data-testid="referral-qr">
          <Suspense fallback={<SkeletonBlock width={qrSize} height={qrSize} />}>
            <QrCode value={link} label={t('referrals.link.qr')} size={qrSize} />
          </Suspense>
        </Box>
      </Stack>
    </Paper>
  );
};
