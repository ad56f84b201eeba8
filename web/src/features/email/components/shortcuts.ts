/**
 * The mailbox's keyboard shortcuts (Gmail's letters): j/k next/previous, r reply, a reply all,
 * f forward, e "archive", # delete, c compose, ? this list. There is no archive folder here
 * (docs/email.md), so `e` moves the open mail out of the inbox the only way there is, to trash,
 * as `#` does anywhere. None acts while the user types in a field or the editor, or with Ctrl,
 * Alt or Meta (the browser's and the system's shortcuts stay theirs).
 */
export const shortcutActions = [
  'next',
  'previous',
  'reply',
  'replyAll',
  'forward',
  'archive',
  'delete',
  'compose',
  'help',
] as const;
export type ShortcutAction = (typeof shortcutActions)[number];

export const shortcutKeys: Readonly<Record<ShortcutAction, string>> = {
  next: 'j',
  previous: 'k',
  reply: 'r',
  replyAll: 'a',
  forward: 'f',
  archive: 'e',
  delete: '#',
  compose: 'c',
  help: '?',
};

const byKey = new Map(Object.entries(shortcutKeys).map(([action, key]) => [key, action as ShortcutAction]));

interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
  readonly target: EventTarget | null;
  readonly defaultPrevented?: boolean;
}

/** Whether the key goes to something the user types into. */
export const isTyping = (target: EventTarget | null): boolean => {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  // A dialog or a menu has its own keys (compose, confirmations, this list).
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"]') !== null;
};

export const shortcutFor = (event: KeyLike): ShortcutAction | null => {
  if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return null;
  if (isTyping(event.target)) return null;
  return byKey.get(event.key) ?? null;
};
