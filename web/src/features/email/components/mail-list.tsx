import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MailSummary } from '@orbit/functions/email/contract';
import { AttachIcon, LabelIcon, StarBorderIcon, StarIcon } from './icons';
import { labelColors } from './mail-labels';
import { listDate, rowPeople } from './mail-format';

interface MailListProps {
  readonly mails: readonly MailSummary[];
  readonly selected: ReadonlySet<string>;
  readonly onSelect: (id: string, selected: boolean) => void;
  readonly onOpen: (mail: MailSummary) => void;
  readonly onStar: (mail: MailSummary) => void;
  readonly canChange: boolean;
  readonly hasMore: boolean;
  readonly loadingMore: boolean;
  readonly onLoadMore: () => void;
}

/** The list's rows, newest first (Vuexy's email list): unread in bold, star, labels, attachment, date. */
export const MailList = ({
  mails,
  selected,
  onSelect,
  onOpen,
  onStar,
  canChange,
  hasMore,
  loadingMore,
  onLoadMore,
}: MailListProps) => {
  const { t, i18n } = useTranslation();
  // Infinite: the next page loads as the end of the list scrolls into view ("Load more" stays for keyboards).
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useEffectEvent(() => {
    if (hasMore && !loadingMore) onLoadMore();
  });
  useEffect(() => {
    const target = sentinel.current;
    if (!target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore]);
  return (
    <Box>
      <Box component="ul" aria-label={t('email.list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {mails.map((mail) => {
          const people = rowPeople(mail);
          const sender = people.outgoing ? t('email.list.to', { names: people.names }) : people.names;
          const weight = mail.read ? 400 : 700;
          return (
            <Box
              component="li"
              key={mail.id}
              data-testid="email-row"
              data-mail-id={mail.id}
              data-unread={mail.read ? undefined : 'true'}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1,
                py: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: mail.read ? 'action.hover' : 'background.paper',
                '&:hover': { boxShadow: 2 },
              }}
            >
              {canChange ? (
                <Checkbox
                  size="small"
                  checked={selected.has(mail.id)}
                  onChange={(event) => onSelect(mail.id, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('email.list.select', { name: sender }) } }}
                />
              ) : undefined}
              {canChange ? (
                <IconButton
                  size="small"
                  onClick={() => onStar(mail)}
                  aria-label={mail.starred ? t('email.actions.unstar') : t('email.actions.star')}
                  aria-pressed={mail.starred}
                >
                  {mail.starred ? (
                    <StarIcon fontSize="small" sx={{ color: 'warning.main' }} />
                  ) : (
                    <StarBorderIcon fontSize="small" />
                  )}
                </IconButton>
              ) : undefined}
              <Box
                component="button"
                type="button"
                onClick={() => onOpen(mail)}
                sx={{
                  flex: 1,
                  minWidth: 0,
                  display: 'flex',
                  flexWrap: { xs: 'wrap', md: 'nowrap' },
                  alignItems: 'center',
                  columnGap: 2,
                  border: 0,
                  bgcolor: 'transparent',
                  color: 'text.primary',
                  font: 'inherit',
                  textAlign: 'start',
                  cursor: 'pointer',
                  py: 1,
                  px: 0.5,
                  borderRadius: 1,
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
                }}
              >
                <Typography
                  component="span"
                  noWrap
                  sx={{ fontWeight: weight, width: { xs: 'auto', md: 180 }, flexShrink: 0, maxWidth: '100%' }}
                >
                  {mail.folder === 'draft' ? (
                    <Box component="span" sx={{ fontStyle: 'italic', marginInlineEnd: 0.5 }}>
                      {t('email.list.draftMark')}
                    </Box>
                  ) : undefined}
                  {sender}
                </Typography>
                <Typography
                  component="span"
                  noWrap
                  dir="auto"
                  sx={{ flex: { xs: '1 0 100%', md: '1 1 0' }, minWidth: 0, order: { xs: 3, md: 0 } }}
                >
                  <Box component="span" sx={{ fontWeight: weight }}>
                    {mail.subject || t('email.list.noSubject')}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {mail.snippet ? ` — ${mail.snippet}` : ''}
                  </Box>
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0, marginInlineStart: 'auto' }}>
                  {mail.labels.map((label) => (
                    <Chip
                      key={label}
                      size="small"
                      variant="outlined"
                      icon={<LabelIcon color={labelColors[label]} />}
                      label={t(`email.labels.${label}`)}
                      sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
                    />
                  ))}
                  {mail.hasAttachments ? (
                    <AttachIcon
                      fontSize="small"
                      titleAccess={t('email.list.attachment')}
                      sx={{ color: 'text.secondary' }}
                    />
                  ) : undefined}
                  <Typography component="span" variant="body2" sx={{ fontWeight: weight, whiteSpace: 'nowrap' }}>
                    <time dateTime={mail.date}>{listDate(mail.date, i18n.language)}</time>
                  </Typography>
                </Box>
              </Box>
            </Box>
          );
        })}
      </Box>
      {hasMore ? (
        <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <Button onClick={onLoadMore} disabled={loadingMore}>
            {t('email.list.loadMore')}
          </Button>
        </Box>
      ) : undefined}
    </Box>
  );
};
