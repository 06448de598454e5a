// Dark enough that white badge text passes 4.5:1 contrast; the same shades as the staff cards.
export const PASSED_COLOR = '#2b7a3b';
export const OTHER_COLOR = '#a84300';
export const REVOKED_COLOR = '#b02525';
/** An expired or revoked "Passed" is still a pass, but not a valid one: neutral, never green. */
export const NOT_VALID_COLOR = 'gray.7';
