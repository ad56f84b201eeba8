import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { CopyIcon } from './icons';

/**
 * A secret the server answers once (a webhook's signing secret, an API key), with a copy button
 * and a plain "you will not see it again". Closing is a deliberate "I have saved it": no Escape,
 * no backdrop click (the dialog has no onClose), since there is no second chance.
 */
export const OnceDialog = ({
  title,
  text,
  label,
  value,
  testId,
  onDone,
}: {
  readonly title: string;
  readonly text: string;
  readonly label: string;
  readonly value: string;
  readonly testId: string;
  readonly onDone: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid={testId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{text}</DialogContentText>
        <InlineAlert severity="warning">{t('integrations.once.warning')}</InlineAlert>
        <TextField
          label={label}
          value={value}
          fullWidth
          slotProps={{
            htmlInput: {
              readOnly: true,
              dir: 'ltr',
              style: { fontFamily: 'monospace' },
              'data-testid': `${testId}-value`,
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button
                    size="small"
                    startIcon={<CopyIcon fontSize="small" />}
                    aria-label={`${t('integrations.common.copy')}: ${label}`}
                    onClick={() => {
                      void navigator.clipboard?.writeText(value).then(() => setCopied(true));
                    }}
                  >
                    {copied ? t('integrations.common.copied') : t('integrations.common.copy')}
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDone} data-testid={`${testId}-done`}>
          {t('integrations.once.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
