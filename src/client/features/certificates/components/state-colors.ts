import { GREEN_BADGE, ORANGE_BADGE, RED_BADGE } from '#client/lib/badge-colors.ts';

export const PASSED_COLOR = GREEN_BADGE;
export const OTHER_COLOR = ORANGE_BADGE;
export const REVOKED_COLOR = RED_BADGE;
/** An expired or revoked "Passed" is still a pass, but not a valid one: neutral, never green. */
export const NOT_VALID_COLOR = 'gray.7';
