/** Placeholder until the helper that owns this tab replaces it (integration branch only). */
export interface NotificationsTabProps {
  /** The user whose view this is (the caller's own id, or another's for an admin). */
  readonly userId: string;
  /** True when the caller is looking at their own view. */
  readonly isSelf: boolean;
}

export function NotificationsTab(_props: NotificationsTabProps) {
  return null;
}
