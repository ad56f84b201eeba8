import Stack from '@mui/material/Stack';
import { SecurityPasswordCard } from './security-password-card';
import { SecuritySessionsCard } from './security-sessions-card';
import { SecurityTwoStepCard } from './security-two-step-card';

export interface SecurityTabProps {
  /** The user whose view this is (the caller's own id, or another's for an admin). */
  readonly userId: string;
  /** True when the caller is looking at their own view. */
  readonly isSelf: boolean;
}

/**
 * The user view's Security tab (docs/user-view.md, "Security, two-step sign-in and sessions"):
 * change password and two-step verification for the owner; the sessions for the owner and for
 * an admin, who may sign one out but changes nothing else of another user's.
 */
export function SecurityTab({ userId, isSelf }: SecurityTabProps) {
  return (
    <Stack spacing={3}>
      {isSelf ? <SecurityPasswordCard userId={userId} /> : null}
      <SecurityTwoStepCard userId={userId} isSelf={isSelf} />
      <SecuritySessionsCard userId={userId} isSelf={isSelf} />
    </Stack>
  );
}
