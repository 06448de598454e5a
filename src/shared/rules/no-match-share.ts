/** Rows checked in the window before a share means anything: a few typos are not guessing. */
const NO_MATCH_ALERT_MIN_ROWS = 20;
/** Share of rows without a match above which staff are alerted. Honest lists miss by typos only. */
export const NO_MATCH_ALERT_SHARE = 0.25;

/** Whether a verifier's rows of the last week miss so often that someone may be guessing. */
export const noMatchShareHigh = (checks: number, noMatches: number): boolean =>
  checks >= NO_MATCH_ALERT_MIN_ROWS && noMatches / checks > NO_MATCH_ALERT_SHARE;
