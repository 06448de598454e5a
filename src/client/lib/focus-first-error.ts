/**
 * After a failed submit, moves keyboard focus to the first field marked invalid and scrolls it
 * into view; its scroll-margin-top (global.css) keeps it below the fixed top bar.
 */
export const focusFirstError = () =>
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('form [aria-invalid="true"]');
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'nearest' });
  });
