/**
 * Scrolls an answer that appeared below the fold into view and gives it keyboard focus, so
 * keyboard and screen reader users land on it. It glides only for those who have not asked for
 * less motion; its scroll-margin-top (global.css) keeps it below the fixed top bar.
 */
export function bringIntoView(element: HTMLElement | null) {
  if (!element) return;
  const lessMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: lessMotion ? 'auto' : 'smooth', block: 'start' });
  element.focus({ preventScroll: true });
}
