import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { characterCount, messageMaxLength } from '@orbit/functions/chat/contract';
import { ScheduleSendIcon, SendIcon } from './icons';

/** "Typing" is sent at most this often while keys are pressed, and "stopped" after this pause. */
const typingRepeatMs = 3_000;
const typingStopsAfterMs = 4_000;
/** The counter appears when the message gets long. */
const counterFrom = messageMaxLength - 500;

export interface ComposerProps {
  readonly contactName: string;
  readonly onSend: (text: string) => void;
  readonly onTyping: (isTyping: boolean) => void;
  /**
   * Offers "Send later" (admins): called with what is written and a way to clear it once the
   * message is scheduled (closing the dialog without scheduling keeps the text).
   */
  readonly onSendLater?: (text: string, clear: () => void) => void;
}

/**
 * Writes a message: Enter sends, Shift+Enter starts a new line (and Enter while an input
 * method is composing does not send). The same rule as the server: 1 to 4000 characters once
 * trimmed. Tells the contact when the user is typing.
 */
export const Composer = ({ contactName, onSend, onTyping, onSendLater }: ComposerProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const typing = useRef({
    active: false,
    lastSentAt: 0,
    stopTimer: undefined as ReturnType<typeof setTimeout> | undefined,
  });
  const input = useRef<HTMLTextAreaElement>(null);

  const stopTyping = () => {
    const state = typing.current;
    clearTimeout(state.stopTimer);
    if (state.active) {
      state.active = false;
      onTyping(false);
    }
  };

  useEffect(
    () => () => {
      clearTimeout(typing.current.stopTimer);
      if (typing.current.active) onTyping(false);
    },
    // Only on unmount (another chat opened): the contact should not keep seeing "typing".
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  /** `at`: the input event's time stamp (ms), so typing updates need no clock read. */
  const onChange = (value: string, at: number) => {
    setText(value);
    const state = typing.current;
    if (value.trim() === '') {
      stopTyping();
      return;
    }
    const now = at;
    if (!state.active || now - state.lastSentAt > typingRepeatMs) {
      state.active = true;
      state.lastSentAt = now;
      onTyping(true);
    }
    clearTimeout(state.stopTimer);
    state.stopTimer = setTimeout(stopTyping, typingStopsAfterMs);
  };

  const trimmed = text.trim();
  const length = characterCount(trimmed);
  const tooLong = length > messageMaxLength;
  const canSend = trimmed.length > 0 && !tooLong;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(trimmed);
    setText('');
    stopTyping();
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ borderTop: 1, borderColor: 'divider', px: { xs: 1.5, sm: 2 }, py: 1.5, bgcolor: 'background.paper' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
        <TextField
          inputRef={input}
          value={text}
          onChange={(event) => onChange(event.target.value, event.timeStamp)}
          onKeyDown={onKeyDown}
          onBlur={stopTyping}
          placeholder={t('chat.composer.placeholder')}
          slotProps={{ htmlInput: { 'aria-label': t('chat.composer.label', { name: contactName }) } }}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          error={tooLong}
          autoComplete="off"
        />
        {onSendLater ? (
          <IconButton
            onClick={() => {
              stopTyping();
              onSendLater(tooLong ? '' : trimmed, () => setText(''));
            }}
            aria-label={t('chat.later.open')}
            data-testid="send-later"
          >
            <ScheduleSendIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          </IconButton>
        ) : null}
        <IconButton type="submit" color="primary" disabled={!canSend} aria-label={t('chat.composer.send')}>
          <SendIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
        </IconButton>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5, minHeight: 20 }}>
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {t('chat.composer.hint')}
        </Typography>
        {length >= counterFrom ? (
          <Typography
            variant="caption"
            color={tooLong ? 'error' : 'text.secondary'}
            role={tooLong ? 'alert' : undefined}
          >
            {tooLong
              ? t('chat.composer.tooLong', { max: messageMaxLength })
              : t('chat.composer.counter', { count: length, max: messageMaxLength })}
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
};
