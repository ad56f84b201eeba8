import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailDetail, MailLabel, MailSummary } from '@orbit/functions/email/contract';
import { DeleteIcon } from '../../../shared/ui/icons';
import { useMail, usePatchMail } from '../api/email';
import type { DraftMode } from '../api/email';
import {
  BackIcon,
  ChevronEndIcon,
  ChevronStartIcon,
  DeleteForeverIcon,
  DraftIcon,
  ForwardIcon,
  LabelIcon,
  MailIcon,
  ReplyAllIcon,
  ReplyIcon,
  StarBorderIcon,
  StarIcon,
} from './icons';
import { labelColors } from './mail-labels';
import { listDate, nameOf } from './mail-format';
import { LabelMenu, MoveMenu } from './mail-menus';
import { MailContent } from './mail-parts';

export interface MailViewActions {
  readonly onBack: () => void;
  readonly onPrevious?: () => void;
  readonly onNext?: () => void;
  readonly onAnswer: (mode: Exclude<DraftMode, 'new'>, mail: MailDetail) => void;
  readonly onEditDraft: (mail: MailDetail) => void;
  readonly onMove: (mail: MailDetail, folder: 'inbox' | 'sent' | 'spam' | 'trash') => void;
  readonly onDelete: (mail: MailDetail) => void;
  readonly onDeleteForever: (mail: MailDetail) => void;
  readonly onLabel: (mail: MailDetail, label: MailLabel, add: boolean) => void;
  readonly onStar: (mail: MailDetail) => void;
  readonly onMarkUnread: (mail: MailDetail) => void;
  readonly onNotice: (text: string) => void;
}

/** A mail of the thread other than the one opened: a line, its content when expanded. */
const ThreadEntry = ({ summary, onNotice }: { summary: MailSummary; onNotice: (text: string) => void }) => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useMail(open ? summary.id : null);
  const name = nameOf(summary.from);
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="email-thread-entry">
      <Box
        component="button"
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        sx={{
          display: 'flex',
          gap: 2,
          width: '100%',
          border: 0,
          bgcolor: 'transparent',
          color: 'text.primary',
          font: 'inherit',
          textAlign: 'start',
          cursor: 'pointer',
          p: 0,
        }}
      >
        <Typography component="span" sx={{ fontWeight: 600, flexShrink: 0 }}>
          {name}
        </Typography>
        <Typography component="span" noWrap sx={{ flex: 1, color: 'text.secondary' }}>
          {summary.snippet}
        </Typography>
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {listDate(summary.date, i18n.language)}
        </Typography>
      </Box>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ pt: 2 }}>
          {query.data ? (
            <MailContent mail={query.data.mail} onDownloadFailed={() => onNotice(t('email.view.downloadFailed'))} />
          ) : (
            <Skeleton height={80} />
          )}
        </Box>
      </Collapse>
    </Paper>
  );
};

/** The reading view (Vuexy's email view): the toolbar, the thread with the opened mail expanded, and the answers. */
export const MailView = ({
  id,
  actions,
  canChange,
  canCompose,
}: {
  id: string;
  actions: MailViewActions;
  canChange: boolean;
  canCompose: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const query = useMail(id);
  const patch = usePatchMail();
  const markedRead = useRef<string | null>(null);
  const mail = query.data?.mail;
  const rtl = i18n.dir(i18n.language) === 'rtl';

  // Opening marks read, once per opening (marking it unread again stays so).
  useEffect(() => {
    if (!mail || mail.read || !canChange || markedRead.current === mail.id) return;
    markedRead.current = mail.id;
    patch.mutate({ id: mail.id, change: { read: true } });
  }, [mail, canChange, patch]);

  const Previous = rtl ? ChevronEndIcon : ChevronStartIcon;
  const Next = rtl ? ChevronStartIcon : ChevronEndIcon;
  const button = (label: string, icon: React.ReactNode, onClick: (() => void) | undefined, testId?: string) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={!onClick} data-testid={testId}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  const setAside = mail?.folder === 'trash' || mail?.folder === 'spam';
  const thread = query.data?.thread ?? [];
  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} data-testid="email-view">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          px: 1,
          py: 0.5,
          borderBottom: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        {button(
          t('email.view.back'),
          <BackIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />,
          actions.onBack,
          'email-back',
        )}
        {mail && canChange ? (
          <>
            {button(
              mail.starred ? t('email.actions.unstar') : t('email.actions.star'),
              mail.starred ? <StarIcon sx={{ color: 'warning.main' }} /> : <StarBorderIcon />,
              () => actions.onStar(mail),
            )}
            {button(t('email.actions.markUnread'), <MailIcon />, () => actions.onMarkUnread(mail))}
            {mail.folder === 'draft' ? undefined : (
              <MoveMenu folder={mail.folder} onMove={(folder) => actions.onMove(mail, folder)} />
            )}
            {mail.folder === 'draft' ? undefined : (
              <LabelMenu labels={mail.labels} onChange={(label, add) => actions.onLabel(mail, label, add)} />
            )}
            {setAside
              ? button(t('email.actions.deleteForever'), <DeleteForeverIcon />, () => actions.onDeleteForever(mail))
              : button(t('email.actions.delete'), <DeleteIcon />, () => actions.onDelete(mail), 'email-view-delete')}
          </>
        ) : undefined}
        <Box sx={{ marginInlineStart: 'auto', display: 'flex' }}>
          {button(t('email.view.previous'), <Previous />, actions.onPrevious, 'email-previous')}
          {button(t('email.view.next'), <Next />, actions.onNext, 'email-next')}
        </Box>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: { xs: 1.5, md: 3 } }}>
        {query.isError ? <Alert severity="error">{t('email.view.loadFailed')}</Alert> : undefined}
        {!mail && !query.isError ? <Skeleton variant="rounded" height={240} /> : undefined}
        {mail ? (
          <Stack spacing={2}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography variant="h5" component="h2" data-testid="email-subject">
                {mail.subject || t('email.list.noSubject')}
              </Typography>
              {mail.labels.map((label) => (
                <Chip
                  key={label}
                  size="small"
                  variant="outlined"
                  icon={<LabelIcon color={labelColors[label]} />}
                  label={t(`email.labels.${label}`)}
                />
              ))}
            </Box>
            {thread.length > 0 ? (
              <Stack spacing={1} component="section" aria-label={t('email.view.earlier')}>
                {thread.map((summary) => (
                  <ThreadEntry key={summary.id} summary={summary} onNotice={actions.onNotice} />
                ))}
              </Stack>
            ) : undefined}
            <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }}>
              <MailContent
                mail={mail}
                onShowImages={canChange ? () => patch.mutate({ id: mail.id, change: { showImages: true } }) : undefined}
                onDownloadFailed={() => actions.onNotice(t('email.view.downloadFailed'))}
              />
            </Paper>
            {canCompose ? (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {mail.folder === 'draft' ? (
                  <Button variant="contained" startIcon={<DraftIcon />} onClick={() => actions.onEditDraft(mail)}>
                    {t('email.view.editDraft')}
                  </Button>
                ) : (
                  <>
                    <Button
                      variant="contained"
                      startIcon={<ReplyIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
                      onClick={() => actions.onAnswer('reply', mail)}
                      data-testid="email-reply"
                    >
                      {t('email.view.reply')}
                    </Button>
                    <Button
                      variant="outlined"
                      startIcon={<ReplyAllIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
                      onClick={() => actions.onAnswer('replyAll', mail)}
                    >
                      {t('email.view.replyAll')}
                    </Button>
                    <Button
                      variant="outlined"
                      startIcon={<ForwardIcon sx={{ transform: rtl ? 'scaleX(-1)' : undefined }} />}
                      onClick={() => actions.onAnswer('forward', mail)}
                    >
                      {t('email.view.forward')}
                    </Button>
                  </>
                )}
              </Box>
            ) : undefined}
          </Stack>
        ) : undefined}
      </Box>
    </Stack>
  );
};
