/** After a failed submit, moves keyboard focus to the first field marked invalid. */
export const focusFirstError = () =>
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
