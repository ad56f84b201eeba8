import { describe, expect, it } from 'vitest';
import { mailLimits } from '@orbit/functions/email/contract';
import { checkAttachments, formatSize } from './attachment-checks';

const mb = 1024 * 1024;

describe('attachments checked before they travel', () => {
  it('refuses unknown types, files over 10 MB, over 25 MB in all and more than the limit', () => {
    const { accepted, problems } = checkAttachments(
      [
        { name: 'a.pdf', type: 'application/pdf', size: 2 * mb },
        { name: 'run.exe', type: 'application/x-msdownload', size: 1000 },
        { name: 'big.zip', type: 'application/zip', size: mailLimits.attachmentMaxBytes + 1 },
        { name: 'b.png', type: 'image/png', size: 9 * mb },
        { name: 'c.png', type: 'image/png', size: 9 * mb },
      ],
      [{ size: 6 * mb }],
    );
    expect(accepted.map((file) => file.name)).toEqual(['a.pdf', 'b.png']);
    expect(problems).toEqual([
      { kind: 'badType', name: 'run.exe' },
      { kind: 'tooLarge', name: 'big.zip' },
      { kind: 'tooLargeTotal' },
    ]);
    const many = Array.from({ length: mailLimits.maxAttachments }, () => ({ size: 1 }));
    expect(checkAttachments([{ name: 'd.txt', type: 'text/plain', size: 1 }], many).problems).toEqual([
      { kind: 'tooMany' },
    ]);
  });

  it('writes sizes in the reader’s language', () => {
    expect(formatSize(1.5 * mb, 'en')).toBe('1.5 MB');
    expect(formatSize(2048, 'en')).toBe('2 kB');
    expect(formatSize(1.5 * mb, 'fr')).toMatch(/^1,5\s?Mo$/);
  });
});
