import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useText } from '../../../shared/i18n/translate';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useDisableTwoStep, useRegenerateRecoveryCodes, useTwoStepStatus } from '../api/security';
import { EnableTwoStepDialog, ReauthenticateDialog } from './security-two-step-dialogs';
import { Tag } from '../../../shared/ui/tag';

type Open = 'enable' | 'disable' | 'codes' | undefined;

/**
 * Two-step verification: on or off and how many recovery codes are left; the owner turns it on
 * (enrolment dialog), off, or gets new recovery codes. An admin sees the state only.
 */
export const SecurityTwoStepCard = ({ userId, isSelf }: { readonly userId: string; readonly isSelf: boolean }) => {
  const { t } = useText();
  const status = useTwoStepStatus(userId);
  const disable = useDisableTwoStep(userId);
  const regenerate = useRegenerateRecoveryCodes(userId);
  const [open, setOpen] = useState<Open>();
  const enabled = status.data?.enabled ?? false;

  return (
    <Card component="section" aria-labelledby="security-two-step-heading">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
          <Typography id="security-two-step-heading" variant="h6" component="h2">
            {t('userSecurity.twoStep.heading')}
          </Typography>
          {status.data ? (
            // Outlined: a filled success pill's white text is below 4.5:1 on this theme's green.
            <Tag
              variant="outlined"
              color={enabled ? 'success' : 'default'}
              label={enabled ? t('userSecurity.twoStep.on') : t('userSecurity.twoStep.off')}
              data-testid="two-step-state"
            />
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('userSecurity.twoStep.intro')}
        </Typography>
        {status.isError ? <InlineAlert severity="error">{t('userSecurity.errors.loadFailed')}</InlineAlert> : null}
        {enabled && status.data ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('userSecurity.twoStep.codesLeft', { count: status.data.recoveryCodesLeft })}
          </Typography>
        ) : null}
        {!isSelf ? (
          <Typography variant="body2" color="text.secondary">
            {t('userSecurity.twoStep.onlyOwner')}
          </Typography>
        ) : status.data && !enabled ? (
          <Button variant="contained" onClick={() => setOpen('enable')}>
            {t('userSecurity.twoStep.enable')}
          </Button>
        ) : status.data ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => setOpen('codes')}>
              {t('userSecurity.twoStep.newCodes')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setOpen('disable')}>
              {t('userSecurity.twoStep.disable')}
            </Button>
          </Stack>
        ) : null}
      </CardContent>
      {open === 'enable' ? <EnableTwoStepDialog userId={userId} onClose={() => setOpen(undefined)} /> : null}
      {open === 'disable' ? (
        <ReauthenticateDialog
          title={t('userSecurity.twoStep.disable')}
          onConfirm={async (body) => {
            await disable.mutateAsync(body);
            return undefined;
          }}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
      {open === 'codes' ? (
        <ReauthenticateDialog
          title={t('userSecurity.twoStep.newCodes')}
          onConfirm={async (body) => (await regenerate.mutateAsync(body)).recoveryCodes}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </Card>
  );
};
