/** The floating feedback button: its size and its distance from the viewport's bottom-left corner. */
export const FLOATING_BUTTON_SIZE = 52;
export const FLOATING_BUTTON_OFFSET = 20;
/**
 * Room the footer leaves below its last line, so that at the end of the page nothing sits under
 * the floating button (on phones it spans a good part of the footer's width).
 */
export const FLOATING_BUTTON_CLEARANCE = FLOATING_BUTTON_OFFSET + FLOATING_BUTTON_SIZE + 16;
