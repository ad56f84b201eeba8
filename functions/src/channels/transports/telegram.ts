import { configuredServicePolicy, OutboundRefused } from '../../core/outbound-address';
import { requestSafely, type OutboundResponse } from '../../core/safe-outbound';
import { ChannelCallError, failureOfStatus, failureOfThrown } from './outcome';

/**
 * The Telegram Bot API, over HTTPS (`${TELEGRAM_API_BASE_URL}/bot<token>/<method>`): production
 * uses the real one, tests a loopback fake. The token is part of the URL, so neither the URL nor
 * an error that could quote it is ever logged or stored: errors carry Telegram's description only.
 */
export const telegramApiBase = (): string =>
  (process.env.TELEGRAM_API_BASE_URL ?? 'https://api.telegram.org').replace(/\/+$/, '');

/** The Bot API's answers to the methods called here are small; a longer one is not Telegram's. */
const maxAnswerBytes = 256 * 1024;

interface TelegramAnswer<T> {
  readonly ok: boolean;
  readonly result?: T;
  readonly description?: string;
  readonly error_code?: number;
  /** With a 429: how many seconds to wait (core.telegram.org/bots/api#responseparameters). */
  readonly parameters?: { readonly retry_after?: number };
}

const scrub = (text: string, token: string): string => (token ? text.split(token).join('***') : text);

/**
 * Through the guarded client like every outside call (core/safe-outbound.ts), with the policy
 * of a configured base (the tests' loopback fake only on one machine). Its time limit is the
 * client's; `signal` is the job's (the runner aborts a call that outlives its budget).
 */
export const callTelegram = async <T>(
  token: string,
  method: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<T> => {
  let response: OutboundResponse;
  try {
    response = await requestSafely({
      url: `${telegramApiBase()}/bot${token}/${method}`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      maxResponseBytes: maxAnswerBytes,
      ...(signal ? { signal } : {}),
      policy: configuredServicePolicy(),
      keepAlive: true,
    });
  } catch (error) {
    if (error instanceof OutboundRefused)
      throw new ChannelCallError(error.fromLookup ? 'transient' : 'permanent', `Telegram: ${error.message}`);
    const failure = failureOfThrown(error, 'Telegram');
    // The cause may quote the URL, and so the token: keep only our own words.
    throw new ChannelCallError(failure.kind, scrub(failure.message, token));
  }
  let answer: TelegramAnswer<T> | undefined;
  try {
    answer = response.truncated ? undefined : (JSON.parse(response.body.toString('utf8')) as TelegramAnswer<T>);
  } catch {
    answer = undefined;
  }
  const ok = response.statusCode >= 200 && response.statusCode < 300;
  if (ok && answer?.ok) return answer.result as T;
  const description = scrub(answer?.description ?? `HTTP ${response.statusCode}`, token).slice(0, 300);
  const retryAfter = answer?.parameters?.retry_after;
  throw failureOfStatus(
    response.statusCode,
    `Telegram: ${description}`,
    typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter : undefined,
  );
};

export interface TelegramBot {
  readonly id: number;
  readonly is_bot: boolean;
  readonly username?: string;
  readonly first_name?: string;
}

export const getMe = (token: string): Promise<TelegramBot> => callTelegram<TelegramBot>(token, 'getMe', {});

/** The updates the hook takes: messages (and their edits); nothing else is asked for. */
export const allowedUpdates = ['message', 'edited_message'] as const;

export const setWebhook = (token: string, url: string, secretToken: string): Promise<boolean> =>
  callTelegram<boolean>(token, 'setWebhook', {
    url,
    secret_token: secretToken,
    allowed_updates: allowedUpdates,
  });

export const deleteWebhook = (token: string): Promise<boolean> => callTelegram<boolean>(token, 'deleteWebhook', {});

export const sendTelegramMessage = async (
  token: string,
  chatId: string,
  text: string,
  signal?: AbortSignal,
): Promise<{ messageId: string }> => {
  const sent = await callTelegram<{ message_id: number }>(token, 'sendMessage', { chat_id: chatId, text }, signal);
  return { messageId: String(sent.message_id) };
};

/** A secret_token Telegram accepts: 1–256 of A–Z, a–z, 0–9, _ and -. */
export const isTelegramSecretToken = (value: string): boolean => /^[\w-]{1,256}$/.test(value);

// ---- updates -----------------------------------------------------------------------------------

export interface TelegramUser {
  readonly id: number;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly username?: string;
}

export interface TelegramMessage {
  readonly message_id: number;
  readonly from?: TelegramUser;
  readonly chat: { readonly id: number; readonly type?: string };
  readonly text?: string;
  readonly caption?: string;
  readonly [field: string]: unknown;
}

export interface TelegramUpdate {
  readonly update_id: number;
  readonly message?: TelegramMessage;
  readonly edited_message?: TelegramMessage;
}

/** Media kinds a message can carry, each kept as a note: never dropped silently. */
const mediaKinds = [
  'photo',
  'video',
  'animation',
  'document',
  'audio',
  'voice',
  'video_note',
  'sticker',
  'location',
  'venue',
  'contact',
  'poll',
  'dice',
] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a media part adds to its note ("[document] report.pdf", "[sticker] 😀"). */
const mediaDetail = (kind: (typeof mediaKinds)[number], value: unknown): string => {
  if (!isRecord(value)) return '';
  switch (kind) {
    case 'document':
    case 'audio':
      return typeof value.file_name === 'string' ? value.file_name : typeof value.title === 'string' ? value.title : '';
    case 'sticker':
      return typeof value.emoji === 'string' ? value.emoji : '';
    case 'location':
      return typeof value.latitude === 'number' && typeof value.longitude === 'number'
        ? `${value.latitude}, ${value.longitude}`
        : '';
    case 'contact':
      return [value.first_name, value.last_name, value.phone_number]
        .filter((part) => typeof part === 'string')
        .join(' ');
    case 'venue':
      return typeof value.title === 'string' ? value.title : '';
    case 'poll':
      return typeof value.question === 'string' ? value.question : '';
    default:
      return '';
  }
};

/**
 * The chat text of a Telegram message: its text, or a note per media part with its caption
 * ("[photo] at the office"), or "[unsupported message]" for a kind not listed: always something.
 */
export const telegramMessageText = (message: TelegramMessage): string => {
  if (typeof message.text === 'string' && message.text.trim() !== '') return message.text;
  const notes = mediaKinds
    .filter((kind) => message[kind] !== undefined)
    .map((kind) => {
      const detail = mediaDetail(kind, message[kind]);
      return detail ? `[${kind.replace('_', ' ')}] ${detail}` : `[${kind.replace('_', ' ')}]`;
    });
  const caption = typeof message.caption === 'string' ? message.caption.trim() : '';
  const note = notes.length > 0 ? notes.join(' ') : '[unsupported message]';
  return caption ? `${note} ${caption}` : note;
};

export const telegramSenderName = (user: TelegramUser | undefined, fallback: string): string => {
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim();
  if (name) return name;
  return user?.username ? `@${user.username}` : fallback;
};
