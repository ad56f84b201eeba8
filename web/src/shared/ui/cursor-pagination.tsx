import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

const flipInRtl = {
  transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined),
};

/**
 * The pager under a cursor-paged list (DynamoDB's: no page numbers, only "the next page starts
 * here"; the projects list keeps its page in the URL, features/projects/components/use-list-pages.ts): a page-size field, the range shown (read out when it
 * changes), and previous / next. The arrows point the reading direction's way.
 */
export const CursorPagination = ({
  label,
  pageSize,
  range,
  previousLabel,
  nextLabel,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  /** The navigation landmark's name. */
  readonly label: string;
  /** The page-size field (a `ListSelect`). */
  readonly pageSize: ReactNode;
  /** "1–10 of 42", or nothing on an empty page. */
  readonly range: string | null;
  readonly previousLabel: string;
  readonly nextLabel: string;
  readonly hasPrevious: boolean;
  readonly hasNext: boolean;
  readonly onPrevious: () => void;
  readonly onNext: () => void;
}) => (
  <Stack
    direction="row"
    spacing={2}
    sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
    component="nav"
    aria-label={label}
  >
    {pageSize}
    <Typography variant="body2" aria-live="polite">
      {range}
    </Typography>
    <IconButton aria-label={previousLabel} disabled={!hasPrevious} onClick={onPrevious} sx={flipInRtl}>
      <Box component="span" aria-hidden sx={{ fontSize: 20, lineHeight: 1 }}>
        ‹
      </Box>
    </IconButton>
    <IconButton aria-label={nextLabel} disabled={!hasNext} onClick={onNext} sx={flipInRtl}>
      <Box component="span" aria-hidden sx={{ fontSize: 20, lineHeight: 1 }}>
        ›
      </Box>
    </IconButton>
  </Stack>
);
