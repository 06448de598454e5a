// Badge fills dark enough that their white text passes 4.5:1 contrast, the same on every page.
// A Mantine "light" badge with a numbered shade fills with that shade and writes in a light tint.
export const GREEN_BADGE = '#2b7a3b';
export const RED_BADGE = '#b02525';
export const ORANGE_BADGE = '#a84300';
