import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * What a list shows when it has nothing: an icon, a heading, an optional explanation and an
 * optional action ("Create your first…", "Clear filters").
 */
export const EmptyState = ({
  icon,
  title,
  description,
  action,
  testId,
}: {
  readonly icon?: ReactNode;
  readonly title: string;
  readonly description?: string;
  readonly action?: ReactNode;
  readonly testId?: string;
}) => (
  <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center' }} data-testid={testId}>
    {icon}
    <Typography variant="h6" component="h2" sx={{ mt: 1, mb: description ? 0 : 2 }}>
      {title}
    </Typography>
    {description ? (
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {description}
      </Typography>
    ) : null}
    {action}
  </Paper>
);
