import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { pathIcon } from './icons';

/**
 * A message in the page's flow, in the look of MUI's standard Alert (tinted background, coloured
 * icon and text, an optional action at the end) without its code: a list that failed to
 * load, a page that holds fewer items than asked. Errors and warnings are `role="alert"` (read
 * out at once); success and info are `role="status"` (read out politely).
 */

export type AlertSeverity = 'success' | 'info' | 'warning' | 'error';

// Material Design icons (Apache-2.0), the ones MUI's Alert uses.
const severityIcons = {
  success: pathIcon(
    'M20,12A8,8 0 0,1 12,20A8,8 0 0,1 4,12A8,8 0 0,1 12,4C12.76,4 13.5,4.11 14.2,4.31L15.77,2.74C14.61,2.26 13.34,2 12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12M7.91,10.08L6.5,11.5L11,16L21,6L19.59,4.58L11,13.17L7.91,10.08Z',
    'SuccessOutlinedIcon',
  ),
  info: pathIcon(
    'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z',
    'InfoOutlinedIcon',
  ),
  warning: pathIcon(
    'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
    'ReportProblemOutlinedIcon',
  ),
  error: pathIcon(
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
    'ErrorOutlineIcon',
  ),
} as const;

const Root = styled(Paper)<{ ownerState: { readonly severity: AlertSeverity } }>(
  ({ theme, ownerState: { severity } }) => ({
    ...theme.typography.body2,
    display: 'flex',
    padding: '6px 16px',
    color: theme.vars ? theme.vars.palette.Alert[`${severity}Color`] : theme.palette[severity].dark,
    backgroundColor: theme.vars
      ? theme.vars.palette.Alert[`${severity}StandardBg`]
      : theme.alpha(theme.palette[severity].main, 0.12),
    '& > .alert-icon': {
      display: 'flex',
      marginInlineEnd: 12,
      padding: '7px 0',
      fontSize: 22,
      opacity: 0.9,
      color: theme.vars ? theme.vars.palette.Alert[`${severity}IconColor`] : theme.palette[severity].main,
    },
  }),
);

const Message = styled('div')({ padding: '8px 0', minWidth: 0, overflow: 'auto' });

const Action = styled('div')({
  display: 'flex',
  alignItems: 'flex-start',
  paddingTop: 4,
  paddingInlineStart: 16,
  marginInlineStart: 'auto',
  marginInlineEnd: -8,
});

export const InlineAlert = ({
  severity,
  action,
  children,
}: {
  readonly severity: AlertSeverity;
  /** A control at the end, e.g. a "Retry" button. */
  readonly action?: ReactNode;
  readonly children: ReactNode;
}) => {
  const Icon = severityIcons[severity];
  return (
    <Root
      elevation={0}
      role={severity === 'error' || severity === 'warning' ? 'alert' : 'status'}
      ownerState={{ severity }}
    >
      <span className="alert-icon" aria-hidden>
        <Icon fontSize="inherit" />
      </span>
      <Message>{children}</Message>
      {action ? <Action>{action}</Action> : null}
    </Root>
  );
};
