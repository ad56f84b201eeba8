import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import type { ReauthenticateRequest } from '@orbit/functions/auth/security-contract';
import { useText } from '../../../shared/i18n/translate';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useConfirmTwoStep, useStartTwoStep } from '../api/security';
import { securityErrorOf } from './security-errors';

/** The QR code's renderer, downloaded when an enrolment starts, not with the tab. */
const SecurityQrCode = lazy(() => import('../../../shared/ui/qr-code'));

const codeField = (value: string) => value.replace(/\D/g, '').slice(0, 6);

/** Recovery codes, shown once: copy them or download them as a text file. */
export const RecoveryCodesView = ({ codes }: { readonly codes: readonly string[] }) => {
  const { t } = useText();
  const [copied, setCopied] = useState(false);
  const asText = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${asText}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'orbit-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">
        {t('userSecurity.twoStep.codesHeading')}
      </Typography>
      <InlineAlert severity="warning">{t('userSecurity.twoStep.codesIntro')}</InlineAlert>
      <Box
        component="ul"
        aria-label={t('userSecurity.twoStep.codesHeading')}
        dir="ltr"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          listStyle: 'none',
          p: 2,
          m: 0,
          fontFamily: 'monospace',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          onClick={() => {
            void navigator.clipboard?.writeText(asText).then(() => setCopied(true));
          }}
        >
          {copied ? t('userSecurity.twoStep.copied') : t('userSecurity.twoStep.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('userSecurity.twoStep.download')}
        </Button>
      </Stack>
    </Stack>
  );
};

/**
 * Turning two-step verification on: a new secret as a QR code and as text, then the first code
 * from the app; on success the ten recovery codes, shown this once.
 */
export const EnableTwoStepDialog = ({ userId, onClose }: { readonly userId: string; readonly onClose: () => void }) => {
  const text = useText();
  const { t } = text;
  const start = useStartTwoStep(userId);
  const confirm = useConfirmTwoStep(userId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const started = useRef(false);
  const { mutate: startEnrolment } = start;

  useEffect(() => {
    // Once per dialog: a second secret would void the QR code already scanned.
    if (started.current) return;
    started.current = true;
    startEnrolment();
  }, [startEnrolment]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t('userSecurity.errors.codeFormat'));
      return;
    }
    setError(undefined);
    confirm.mutate(code, { onError: (failure) => setError(securityErrorOf(failure, text).message) });
  };

  const enrolment = start.data;
  const codes = confirm.data?.recoveryCodes;
  return (
    <Dialog open onClose={onClose} aria-labelledby="enable-two-step-title" maxWidth="sm" fullWidth>
      <DialogTitle id="enable-two-step-title">{t('userSecurity.twoStep.heading')}</DialogTitle>
      {codes ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <InlineAlert severity="success">{t('userSecurity.twoStep.enabled')}</InlineAlert>
              <RecoveryCodesView codes={codes} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('userSecurity.twoStep.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <DialogContent>
            {start.isError ? (
              <InlineAlert severity="error">{securityErrorOf(start.error, text).message}</InlineAlert>
            ) : !enrolment ? (
              <CircularProgress aria-label={t('userSecurity.activity.loading')} />
            ) : (
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <DialogContentText>{t('userSecurity.twoStep.scan')}</DialogContentText>
                <Suspense fallback={<CircularProgress aria-label={t('userSecurity.activity.loading')} />}>
                  <SecurityQrCode value={enrolment.uri} label={t('userSecurity.twoStep.qrLabel')} />
                </Suspense>
                <Typography variant="body2">
                  {t('userSecurity.twoStep.secret')}:{' '}
                  <Box component="code" dir="ltr" data-testid="two-step-secret" sx={{ wordBreak: 'break-all' }}>
                    {enrolment.secret}
                  </Box>
                </Typography>
                <TextField
                  name="code"
                  label={t('userSecurity.twoStep.code')}
                  value={code}
                  onChange={(event) => setCode(codeField(event.target.value))}
                  error={Boolean(error)}
                  helperText={error}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 6 } }}
                  autoFocus
                />
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('userSecurity.twoStep.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={!enrolment || confirm.isPending}>
              {confirm.isPending ? t('userSecurity.twoStep.verifying') : t('userSecurity.twoStep.verify')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};

/**
 * Proof that the owner is there before two-step verification goes off or its codes change: the
 * password, or a current code. `onConfirmed` makes the call; new codes, if any, are shown here.
 */
export const ReauthenticateDialog = ({
  title,
  onConfirm,
  onClose,
}: {
  readonly title: string;
  /** Makes the change; resolves with new recovery codes to show, if there are any. */
  readonly onConfirm: (body: ReauthenticateRequest) => Promise<readonly string[] | undefined>;
  readonly onClose: () => void;
}) => {
  const text = useText();
  const { t } = text;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: string; message: string }>();
  const [pending, setPending] = useState(false);
  const [codes, setCodes] = useState<readonly string[]>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password && !/^\d{6}$/.test(code)) {
      setError({ field: 'password', message: t('userSecurity.errors.passwordOrCode') });
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const shown = await onConfirm(password ? { password } : { code });
      if (shown) setCodes(shown);
      else onClose();
    } catch (failure) {
      setError(securityErrorOf(failure, text));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="reauthenticate-title" maxWidth="sm" fullWidth>
      <DialogTitle id="reauthenticate-title">{title}</DialogTitle>
      {codes ? (
        <>
          <DialogContent>
            <RecoveryCodesView codes={codes} />
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('userSecurity.twoStep.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>{t('userSecurity.twoStep.confirmIntro')}</DialogContentText>
              {error && !error.field ? <InlineAlert severity="error">{error.message}</InlineAlert> : null}
              <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
              <TextField
                name="password"
                type="password"
                label={t('userSecurity.twoStep.passwordField')}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={error?.field === 'password'}
                helperText={error?.field === 'password' ? error.message : undefined}
                autoFocus
              />
              <TextField
                name="code"
                label={t('userSecurity.twoStep.orCode')}
                value={code}
                onChange={(event) => setCode(codeField(event.target.value))}
                error={error?.field === 'code'}
                helperText={error?.field === 'code' ? error.message : undefined}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 6 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('userSecurity.twoStep.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={pending}>
              {t('userSecurity.twoStep.confirmAction')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
