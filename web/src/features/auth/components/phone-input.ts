/**
 * A phone number as people type it ("+1 555 010 0001", "+1-555-010-0001", "+1 (555) 010.0001")
 * turned into the E.164 form accounts are stored with ("+15550100001"). Only separators are
 * dropped: anything else (letters, a missing "+") is sent as typed, and the server's exact match
 * decides, so the sign-in contract stays the server's.
 */
export const phoneForSignIn = (typed: string): string => {
  const compact = typed.trim().replace(/[\s\u00A0\-().]/g, '');
  return /^\+\d+$/.test(compact) ? compact : typed;
};
