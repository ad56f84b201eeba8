import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import {
  channelTypes,
  type Channel,
  type ChannelType,
  type ConnectChannelRequest,
  type UpdateChannelRequest,
} from '@orbit/functions/channels/contract';
import { useConnectChannel, useRemoveChannel, useTestChannel, useUpdateChannel } from '../api/channels';
import { isolate } from '../utils/format';
import {
  draftOf,
  emptyDraft,
  fieldsOf,
  validateDraft,
  type Draft,
  type DraftErrors,
  type DraftField,
} from '../utils/channel-form';
import { ChannelTypeIcon, CopyIcon } from './icons';

/**
 * The Channels page's dialogs, in one module that downloads with the first one opened: connect
 * (type, then the type's form), edit, the webhook secret shown once, test, and remove.
 */

const fieldLabels = {
  name: 'channels.connectDialog.name',
  botToken: 'channels.connectDialog.botToken',
  outboundUrl: 'channels.connectDialog.outboundUrl',
  fromAddress: 'channels.connectDialog.fromAddress',
  fromName: 'channels.connectDialog.fromName',
  senderId: 'channels.connectDialog.senderId',
} as const satisfies Record<DraftField, string>;

const fieldHints = {
  name: 'channels.connectDialog.nameHint',
  botToken: 'channels.connectDialog.botTokenHint',
  outboundUrl: 'channels.connectDialog.outboundUrlHint',
  fromAddress: 'channels.connectDialog.fromAddressHint',
  fromName: undefined,
  senderId: 'channels.connectDialog.senderIdHint',
} as const satisfies Record<DraftField, string | undefined>;

const errorKeys = {
  required: 'channels.connectDialog.required',
  url: 'channels.connectDialog.invalidUrl',
  email: 'channels.connectDialog.invalidEmail',
  senderId: 'channels.connectDialog.invalidSenderId',
  rejected: 'channels.connectDialog.rejected',
  tokenRejected: 'channels.connectDialog.botTokenRejected',
} as const satisfies Record<NonNullable<DraftErrors[DraftField]>, string>;

/** The server's field errors, as the form shows them (its words are translated here, not echoed). */
const serverErrorsOf = (error: unknown): DraftErrors => {
  if (!isApiError(error)) return {};
  const errors: Partial<Record<DraftField, 'rejected' | 'tokenRejected'>> = {};
  for (const field of Object.keys(error.errors)) {
    const key = (field === 'config' ? undefined : field.replace(/^config\./, '')) as DraftField | undefined;
    if (key && key in fieldLabels) errors[key] = key === 'botToken' ? 'tokenRejected' : 'rejected';
  }
  return errors;
};

const TypeStep = ({ onPick }: { readonly onPick: (type: ChannelType) => void }) => {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      spacing={1}
      aria-label={t('channels.connectDialog.typeList')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {channelTypes.map((type) => (
        <li key={type}>
          <ButtonBase
            focusRipple
            onClick={() => onPick(type)}
            data-type={type}
            sx={{
              width: '100%',
              justifyContent: 'flex-start',
              textAlign: 'start',
              gap: 2,
              p: 2,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            <ChannelTypeIcon type={type} color="primary" />
            <span>
              <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                {t(`channels.types.${type}`)}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                {t(`channels.typeHints.${type}`)}
              </Typography>
            </span>
          </ButtonBase>
        </li>
      ))}
    </Stack>
  );
};

interface ConnectDialogProps {
  /** The channel to edit; none to connect a new one. */
  readonly channel?: Channel;
  readonly onClose: () => void;
  readonly onSaved: (channel: Channel, signingSecret?: string) => void;
}

/** Connect a channel (type, then its form) or edit one (its form; a secret only to replace it). */
export const ConnectDialog = ({ channel, onClose, onSaved }: ConnectDialogProps) => {
  const { t } = useTranslation();
  const titleId = useId();
  const [type, setType] = useState<ChannelType | null>(channel?.type ?? null);
  const [draft, setDraft] = useState<Draft | null>(channel ? draftOf(channel) : null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const connect = useConnectChannel();
  const update = useUpdateChannel();
  const pending = connect.isPending || update.isPending;

  const pick = (picked: ChannelType) => {
    setType(picked);
    setDraft(emptyDraft(t(`channels.types.${picked}`)));
    setErrors({});
    setFailure(null);
  };

  const reportFailure = (error: unknown) => {
    const fieldErrors = serverErrorsOf(error);
    setErrors(fieldErrors);
    setFailure(
      isApiError(error) && error.status === 409
        ? t('channels.connectDialog.conflict')
        : Object.keys(fieldErrors).length > 0
          ? null
          : t('channels.connectDialog.failed'),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!type || !draft) return;
    const found = validateDraft(type, draft, { editing: Boolean(channel) });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    if (channel) {
      const body: UpdateChannelRequest = { version: channel.version, ...fieldsOf(type, draft, { editing: true }) };
      update.mutate(
        { id: channel.id, ...body },
        { onSuccess: ({ channel: saved }) => onSaved(saved), onError: reportFailure },
      );
    } else {
      connect.mutate({ type, ...fieldsOf(type, draft, { editing: false }) } as ConnectChannelRequest, {
        onSuccess: ({ channel: saved, signingSecret }) => onSaved(saved, signingSecret),
        onError: reportFailure,
      });
    }
  };

  const field = (name: DraftField, options: { type?: string; autoComplete?: string } = {}) => {
    if (!draft) return null;
    const error = errors[name];
    const hint =
      name === 'botToken' && channel?.secretHint
        ? t('channels.connectDialog.botTokenKeep', { hint: channel.secretHint })
        : fieldHints[name]
          ? t(fieldHints[name])
          : undefined;
    return (
      <TextField
        key={name}
        name={name}
        label={t(fieldLabels[name])}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        error={Boolean(error)}
        helperText={error ? t(errorKeys[error]) : hint}
        required={name !== 'senderId' && (name !== 'botToken' || !channel)}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        slotProps={{ formHelperText: { 'aria-live': 'polite' }, htmlInput: { dir: 'auto', spellCheck: false } }}
        fullWidth
      />
    );
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {channel
            ? t('channels.connectDialog.editTitle', { name: isolate(channel.name) })
            : type
              ? `${t('channels.connectDialog.title')}: ${t(`channels.types.${type}`)}`
              : t('channels.connectDialog.title')}
        </DialogTitle>
        <DialogContent>
          {!type || !draft ? (
            <>
              <DialogContentText sx={{ mb: 2 }}>{t('channels.connectDialog.chooseType')}</DialogContentText>
              <TypeStep onPick={pick} />
            </>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure ? <InlineAlert severity="error">{failure}</InlineAlert> : null}
              {field('name')}
              {type === 'telegram' ? field('botToken', { type: 'password', autoComplete: 'new-password' }) : null}
              {type === 'webhook' ? field('outboundUrl', { type: 'url' }) : null}
              {type === 'email' ? field('fromAddress', { type: 'email' }) : null}
              {type === 'email' ? field('fromName') : null}
              {type === 'sms' ? field('senderId') : null}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {type && !channel ? (
            <Button onClick={() => setType(null)} disabled={pending} sx={{ marginInlineEnd: 'auto' }}>
              {t('channels.connectDialog.back')}
            </Button>
          ) : null}
          <Button onClick={onClose} disabled={pending}>
            {t('channels.connectDialog.cancel')}
          </Button>
          {type && draft ? (
            <Button type="submit" variant="contained" disabled={pending}>
              {channel
                ? pending
                  ? t('channels.connectDialog.saving')
                  : t('channels.connectDialog.save')
                : pending
                  ? t('channels.connectDialog.submitting')
                  : t('channels.connectDialog.submit')}
            </Button>
          ) : null}
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** A copyable read-only value. */
const CopyField = ({ label, value }: { readonly label: string; readonly value: string }) => {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      slotProps={{
        htmlInput: { readOnly: true, dir: 'ltr', style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button
                size="small"
                startIcon={<CopyIcon fontSize="small" />}
                aria-label={`${t('channels.secretDialog.copy')}: ${label}`}
                onClick={() => {
                  void navigator.clipboard?.writeText(value).then(() => setCopied(true));
                }}
              >
                {copied ? t('channels.secretDialog.copied') : t('channels.secretDialog.copy')}
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};

/**
 * A new webhook channel's signing secret: the one time it is shown. Closing is a deliberate "I have
 * saved it" (no Escape, no backdrop click: the dialog has no onClose), since there is no second chance.
 */
export const SecretDialog = ({
  channel,
  secret,
  onClose,
}: {
  readonly channel: Channel;
  readonly secret: string;
  readonly onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('channels.secretDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('channels.secretDialog.description')}</DialogContentText>
        <Stack spacing={2}>
          {channel.type === 'webhook' ? (
            <CopyField label={t('channels.secretDialog.inboundUrl')} value={channel.config.inboundUrl} />
          ) : null}
          <CopyField label={t('channels.secretDialog.secret')} value={secret} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('channels.secretDialog.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** Sends a test message through the channel, to the admin (or the address they give). */
export const TestDialog = ({
  channel,
  onClose,
  onStarted,
}: {
  readonly channel: Channel;
  readonly onClose: () => void;
  readonly onStarted: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const [to, setTo] = useState('');
  const [failed, setFailed] = useState(false);
  const [needsRecipient, setNeedsRecipient] = useState(false);
  const test = useTestChannel();
  return (
    <Dialog open onClose={test.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setFailed(false);
          setNeedsRecipient(false);
          test.mutate(
            { id: channel.id, to: to.trim() || undefined },
            {
              onSuccess: onStarted,
              // The server has no address of the admin's own on this channel: ask for one.
              onError: (error) =>
                isApiError(error) && error.fieldError('to') ? setNeedsRecipient(true) : setFailed(true),
            },
          );
        }}
      >
        <DialogTitle id={titleId}>{t('channels.test.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('channels.test.description', { name: isolate(channel.name) })}
          </DialogContentText>
          {failed ? (
            <Box sx={{ mb: 2 }}>
              <InlineAlert severity="error">{t('channels.notices.failed')}</InlineAlert>
            </Box>
          ) : null}
          <TextField
            name="to"
            label={t('channels.test.to')}
            helperText={needsRecipient ? t('channels.test.noRecipient') : t('channels.test.toHint')}
            error={needsRecipient}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            slotProps={{ htmlInput: { dir: 'auto' } }}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={test.isPending}>
            {t('channels.connectDialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={test.isPending}>
            {t('channels.test.send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** Removing a channel stops it at once; its conversations stay in Chat. */
export const RemoveDialog = ({
  channel,
  onClose,
  onRemoved,
}: {
  readonly channel: Channel;
  readonly onClose: () => void;
  readonly onRemoved: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const [failed, setFailed] = useState(false);
  const remove = useRemoveChannel();
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('channels.removeDialog.title', { name: isolate(channel.name) })}</DialogTitle>
      <DialogContent>
        {failed ? (
          <Box sx={{ mb: 2 }}>
            <InlineAlert severity="error">{t('channels.notices.failed')}</InlineAlert>
          </Box>
        ) : null}
        <DialogContentText>{t('channels.removeDialog.description')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={remove.isPending}>
          {t('channels.removeDialog.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => {
            setFailed(false);
            remove.mutate({ id: channel.id }, { onSuccess: onRemoved, onError: () => setFailed(true) });
          }}
        >
          {remove.isPending ? t('channels.removeDialog.removing') : t('channels.removeDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
