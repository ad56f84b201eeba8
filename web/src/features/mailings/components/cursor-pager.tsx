import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../shared/ui/action-button';

/**
 * Cursor pages held by the list itself (DynamoDB's pages: no numbers, only "the next page starts
 * here"): the cursors of the pages before this one, so Previous needs no page numbers. A changed
 * filter starts again from the first page (`first`).
 */
export const useCursorPages = () => {
  const [cursors, setCursors] = useState<readonly string[]>([]);
  return {
    /** The page to ask for; undefined on the first. */
    cursor: cursors.at(-1),
    isFirst: cursors.length === 0,
    first: () => setCursors([]),
    previous: () => setCursors((list) => list.slice(0, -1)),
    next: (cursor: string) => setCursors((list) => [...list, cursor]),
  };
};

type CursorPages = ReturnType<typeof useCursorPages>;

/** Previous / next under a cursor-paged list of the mailings area (contacts, recipients, people in a sequence). */
export const CursorPager = ({
  pages,
  nextCursor,
  label,
  sx,
}: {
  readonly pages: CursorPages;
  /** The answer's `nextCursor`: none on the last page. */
  readonly nextCursor: string | null | undefined;
  /** The navigation landmark's name. */
  readonly label: string;
  readonly sx?: SxProps<Theme>;
}) => {
  const { t } = useTranslation();
  return (
    <Stack
      component="nav"
      aria-label={label}
      direction="row"
      spacing={1}
      sx={[{ justifyContent: 'flex-end' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <ActionButton disabled={pages.isFirst} onClick={pages.previous}>
        {t('mailings.detail.previous')}
      </ActionButton>
      <ActionButton
        disabled={!nextCursor}
        onClick={() => {
          if (nextCursor) pages.next(nextCursor);
        }}
      >
        {t('mailings.detail.next')}
      </ActionButton>
    </Stack>
  );
};
