import { attachmentTypes, mailLimits } from '@orbit/functions/email/contract';

/** The server's limits (contract.ts), checked before an upload starts so a refused file never travels. */
export type AttachmentProblem =
  | { readonly kind: 'badType'; readonly name: string }
  | { readonly kind: 'tooLarge'; readonly name: string }
  | { readonly kind: 'tooLargeTotal' }
  | { readonly kind: 'tooMany' };

interface FileLike {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

export const checkAttachments = (
  files: readonly FileLike[],
  already: readonly { readonly size: number }[],
): { readonly accepted: readonly FileLike[]; readonly problems: readonly AttachmentProblem[] } => {
  const accepted: FileLike[] = [];
  const problems: AttachmentProblem[] = [];
  let total = already.reduce((sum, file) => sum + file.size, 0);
  let count = already.length;
  for (const file of files) {
    if (!(attachmentTypes as readonly string[]).includes(file.type))
      problems.push({ kind: 'badType', name: file.name });
    else if (file.size > mailLimits.attachmentMaxBytes) problems.push({ kind: 'tooLarge', name: file.name });
    else if (total + file.size > mailLimits.mailAttachmentsMaxBytes) problems.push({ kind: 'tooLargeTotal' });
    else if (count >= mailLimits.maxAttachments) problems.push({ kind: 'tooMany' });
    else {
      accepted.push(file);
      total += file.size;
      count += 1;
    }
  }
  return { accepted, problems };
};

/** 1.2 MB, 340 KB: the sizes the list and the dialog show. */
export const formatSize = (bytes: number, language: string): string => {
  const format = (value: number, unit: string) =>
    new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) return format(bytes / (1024 * 1024), 'megabyte');
  if (bytes >= 1024) return format(bytes / 1024, 'kilobyte');
  return format(bytes, 'byte');
};
