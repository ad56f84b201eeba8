/**
 * Where to go after signing in or registering: the `to` query parameter the guard set
 * (docs/product.md#behaviour), else '/'. Only same-site paths are followed, so a crafted link cannot send the
 * user elsewhere.
 */
export const redirectTargetFrom = (to: string | null | undefined): string => {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/';
  return to;
};
