import { describe, expect, it } from 'vitest';
import { shortcutFor } from './shortcuts';

const press = (key: string, target: EventTarget | null = document.body, extra: Partial<KeyboardEventInit> = {}) =>
  shortcutFor({ key, ctrlKey: false, altKey: false, metaKey: false, target, ...extra });

describe('the mailbox keyboard shortcuts', () => {
  it('maps Gmail letters to their actions', () => {
    expect(['j', 'k', 'r', 'a', 'f', 'e', '#', 'c', '?'].map((key) => press(key))).toEqual([
      'next',
      'previous',
      'reply',
      'replyAll',
      'forward',
      'archive',
      'delete',
      'compose',
      'help',
    ]);
    expect(press('x')).toBeNull();
    expect(press('J')).toBeNull();
  });

  it('stays out of the way while typing, in dialogs and menus, and with modifier keys', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const editor = document.createElement('div');
    editor.setAttribute('contenteditable', 'true');
    const inEditor = document.createElement('p');
    editor.append(inEditor);
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const button = document.createElement('button');
    dialog.append(button);
    document.body.append(input, textarea, editor, dialog);

    expect(press('j', input)).toBeNull();
    expect(press('r', textarea)).toBeNull();
    expect(press('#', inEditor)).toBeNull();
    expect(press('j', button)).toBeNull();
    expect(press('r', document.body, { ctrlKey: true })).toBeNull();
    expect(press('f', document.body, { metaKey: true })).toBeNull();
    expect(press('a', document.body, { altKey: true })).toBeNull();
    expect(
      shortcutFor({
        key: 'j',
        ctrlKey: false,
        altKey: false,
        metaKey: false,
        target: document.body,
        defaultPrevented: true,
      }),
    ).toBeNull();
  });
});
