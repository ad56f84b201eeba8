import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mailLimits } from '@orbit/functions/email/contract';
import { CloseIcon, DeleteIcon } from '../../../shared/ui/icons';
import { RichEditor } from '../../../shared/ui/rich-editor';
import { checkAttachments, formatSize, type AttachmentProblem } from './attachment-checks';
import type { ComposeRequest } from './compose-state';
import { AttachIcon, SendIcon } from './icons';
import { RecipientField } from './recipient-field';
import { sendErrorOf } from './send-errors';
import { useDraft } from './use-draft';

export interface ComposeDialogProps {
  readonly request: ComposeRequest;
  readonly onClose: (outcome: 'closed' | 'sent' | 'discarded') => void;
}

/**
 * The compose dialog (full screen on a phone), loaded only when it first opens (email-page.tsx):
 * To/Cc/Bcc with suggestions, the subject, Tiptap's editor, attachments checked against the
 * server's limits before they travel, a draft that saves itself (use-draft.ts) and tells when
 * another tab changed it, send and discard.
 */
export const ComposeDialog = ({ request, onClose }: ComposeDialogProps) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const draft = useDraft(request);
  const { fields, state } = draft;
  const [showCc, setShowCc] = useState(fields.cc.length > 0);
  const [showBcc, setShowBcc] = useState(fields.bcc.length > 0);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [sending, setSending] = useState(false);
  const [editorKey, setEditorKey] = useState(0);
  const [toError, setToError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const max = formatSize(mailLimits.attachmentMaxBytes, i18n.language);

  const title =
    request.kind === 'answer'
      ? t(request.mode === 'forward' ? 'email.composer.forward' : 'email.composer.reply')
      : t('email.composer.newMail');

  const problemText = (problem: AttachmentProblem) => {
    switch (problem.kind) {
      case 'badType':
        return t('email.composer.badType', { name: problem.name });
      case 'tooLarge':
        return t('email.composer.tooLarge', { name: problem.name, max });
      case 'tooLargeTotal':
        return t('email.composer.tooLargeTotal', {
          max: formatSize(mailLimits.mailAttachmentsMaxBytes, i18n.language),
        });
      case 'tooMany':
        return t('email.composer.tooMany', { max: mailLimits.maxAttachments });
    }
  };

  const pick = (files: FileList | null) => {
    if (!files) return;
    const list = Array.from(files);
    const checked = checkAttachments(list, [...draft.attachments, ...draft.uploads]);
    setProblems(checked.problems.map(problemText));
    for (const file of list.filter((candidate) => checked.accepted.includes(candidate)))
      void draft.attach(file).then((ok) => {
        if (!ok) setProblems((current) => [...current, t('email.composer.uploadFailed', { name: file.name })]);
      });
  };

  const send = async () => {
    if (fields.to.length + fields.cc.length + fields.bcc.length === 0) {
      setToError(t('email.composer.noRecipients'));
      return;
    }
    setSending(true);
    try {
      if (await draft.send()) onClose('sent');
      else setSending(false);
    } catch (error) {
      setSending(false);
      const reason = sendErrorOf(error, t, i18n.language);
      if ('recipients' in reason) setToError(reason.recipients);
      else setProblems([reason.problem]);
    }
  };

  const statusText =
    state.status === 'saving'
      ? t('email.composer.saving')
      : state.status === 'error'
        ? t('email.composer.saveFailed')
        : state.status === 'saved' && draft.draft
          ? t('email.composer.saved')
          : '';

  return (
    <Dialog
      open
      fullScreen={phone}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      onClose={() => void draft.close().then(() => onClose('closed'))}
      data-testid="email-compose-dialog"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {title}
        </Box>
        <Tooltip title={t('email.composer.close')}>
          <IconButton
            aria-label={t('email.composer.close')}
            onClick={() => void draft.close().then(() => onClose('closed'))}
          >
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </DialogTitle>
      <DialogContent dividers>
        {!draft.ready ? (
          <Skeleton variant="rounded" height={320} />
        ) : (
          <Stack spacing={1.5}>
            {state.status === 'conflict' ? (
              <Alert
                severity="warning"
                data-testid="email-draft-conflict"
                action={
                  <Stack direction="row" spacing={1}>
                    <Button
                      color="inherit"
                      size="small"
                      onClick={() =>
                        void draft.loadTheirs().then(() => {
                          setEditorKey((key) => key + 1);
                        })
                      }
                    >
                      {t('email.composer.loadTheirs')}
                    </Button>
                    <Button color="inherit" size="small" onClick={() => void draft.keepMine()}>
                      {t('email.composer.keepMine')}
                    </Button>
                  </Stack>
                }
              >
                {t('email.composer.conflict')}
              </Alert>
            ) : undefined}
            <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
              <Box sx={{ flex: 1 }}>
                <RecipientField
                  label={t('email.composer.to')}
                  value={fields.to}
                  onChange={(to) => {
                    setToError(undefined);
                    draft.change({ to });
                  }}
                  error={toError}
                  autoFocus={request.kind !== 'answer'}
                  testId="email-to"
                />
              </Box>
              {showCc ? undefined : (
                <Button size="small" onClick={() => setShowCc(true)}>
                  {t('email.composer.showCc')}
                </Button>
              )}
              {showBcc ? undefined : (
                <Button size="small" onClick={() => setShowBcc(true)}>
                  {t('email.composer.showBcc')}
                </Button>
              )}
            </Box>
            {showCc ? (
              <RecipientField
                label={t('email.composer.cc')}
                value={fields.cc}
                onChange={(cc) => draft.change({ cc })}
                testId="email-cc"
              />
            ) : undefined}
            {showBcc ? (
              <RecipientField
                label={t('email.composer.bcc')}
                value={fields.bcc}
                onChange={(bcc) => draft.change({ bcc })}
                testId="email-bcc"
              />
            ) : undefined}
            <TextField
              variant="standard"
              label={t('email.composer.subject')}
              value={fields.subject}
              onChange={(event) => draft.change({ subject: event.target.value })}
              slotProps={{
                htmlInput: { maxLength: mailLimits.subjectMaxLength, 'data-testid': 'email-subject-input' },
              }}
            />
            <RichEditor
              key={editorKey}
              initialHtml={fields.html}
              onChange={(html) => draft.change({ html })}
              testId="email-editor"
              labels={{
                body: t('email.composer.body'),
                toolbar: t('email.composer.toolbar'),
                bold: t('email.composer.bold'),
                italic: t('email.composer.italic'),
                bulletList: t('email.composer.bulletList'),
                orderedList: t('email.composer.orderedList'),
                link: t('email.composer.link'),
                linkPrompt: t('email.composer.linkPrompt'),
              }}
              // An answer starts above the quote.
              autoFocus={request.kind === 'answer'}
            />
            {draft.attachments.length + draft.uploads.length > 0 ? (
              <Box
                component="ul"
                aria-label={t('email.view.attachments')}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
              >
                {draft.attachments.map((attachment) => (
                  <li key={attachment.id}>
                    <Chip
                      icon={<AttachIcon />}
                      label={`${attachment.name} (${formatSize(attachment.size, i18n.language)})`}
                      onDelete={() => void draft.detach(attachment.id)}
                      deleteIcon={
                        <CloseIcon aria-label={t('email.composer.removeAttachment', { name: attachment.name })} />
                      }
                      data-testid="email-compose-attachment"
                    />
                  </li>
                ))}
                {draft.uploads.map((upload) => (
                  <Box component="li" key={upload.key} sx={{ minWidth: 160 }}>
                    <Typography variant="body2" noWrap>
                      {upload.name}
                    </Typography>
                    {upload.failed ? (
                      <Button size="small" onClick={() => draft.dropUpload(upload.key)}>
                        {t('email.composer.removeAttachment', { name: upload.name })}
                      </Button>
                    ) : (
                      <LinearProgress
                        variant="determinate"
                        value={Math.round(upload.progress * 100)}
                        aria-label={t('email.composer.uploading', { name: upload.name })}
                      />
                    )}
                  </Box>
                ))}
              </Box>
            ) : undefined}
            {problems.map((problem) => (
              <Alert
                key={problem}
                severity="error"
                onClose={() => setProblems((list) => list.filter((item) => item !== problem))}
              >
                {problem}
              </Alert>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          startIcon={<SendIcon sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />}
          onClick={() => void send()}
          disabled={!draft.ready || sending || state.status === 'conflict' || draft.uploads.length > 0}
          data-testid="email-send"
        >
          {sending ? t('email.composer.sending') : t('email.composer.send')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="email-file-input"
          onChange={(event) => {
            pick(event.target.files);
            event.target.value = '';
          }}
        />
        <Tooltip title={t('email.composer.attach')}>
          <span>
            <IconButton
              aria-label={t('email.composer.attach')}
              onClick={() => fileInput.current?.click()}
              disabled={!draft.ready}
            >
              <AttachIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography
          variant="body2"
          role="status"
          sx={{ color: 'text.secondary', flex: 1 }}
          data-testid="email-save-status"
        >
          {statusText}
        </Typography>
        <Tooltip title={t('email.composer.discard')}>
          <IconButton
            aria-label={t('email.composer.discard')}
            onClick={() => void draft.discard().then(() => onClose('discarded'))}
          >
            <DeleteIcon />
          </IconButton>
        </Tooltip>
      </DialogActions>
    </Dialog>
  );
};
